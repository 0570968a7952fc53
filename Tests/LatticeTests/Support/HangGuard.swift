import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of the suites that wait on the main actor or on the loopback server: a
    /// guard against a hang, not a judgement of speed. Those tests wait behind every other
    /// main-actor suite, so their wall time is the whole run's load: under AddressSanitizer on
    /// the 2-core machine the full run takes about 195 s, and a slower machine of the same kind
    /// ran one-minute limits out (2026-12-03, 22 tests that pass alone). Ten minutes fails a
    /// real hang well inside CI's 90 and no good run on a machine of this kind.
    static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
