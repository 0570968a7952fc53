import CMachinePace

/// How fast the machine runs at a given moment: the wall time of a fixed reference workload,
/// taken between timing samples; the slower of the readings before and after a sample is
/// recorded beside it as the `machinePace` metric (`BracketedPace`).
///
/// On the shared lab machine a CPU moves between speeds about 1.7 times apart, for seconds
/// to minutes at a time, whatever runs on it (a plain array sum shows it too). A sample's pace says which
/// speed it was taken at, so a comparison can set samples taken at the same speed side by
/// side instead of mistaking the machine's speed for a change of the code.
///
/// The workload, about 1 µs at the machine's best speed: 16 passes of four independent sums
/// over a 4 KiB table (`lattice_machine_pace_work`). Throughput-bound work like this slows
/// with the machine as the runtime's code does (1.9 µs against 3.4–3.9 µs when measured); a
/// dependent multiply chain barely did (9.4 µs against 10.0 µs) and could not tell the two
/// speeds apart. It is C, aligned, so every executable runs the same loop at the same place:
/// written in Swift, its place moved with each binary's layout, and one executable's probe
/// read 1.5 times slower than the others' at the same moment, so none of its samples counted
/// as at the reference pace.
enum MachinePace {
    /// Nanoseconds the reference workload took now. It runs once untimed first: a sample that
    /// churned through megabytes leaves the table out of the cache, and its misses tripled the
    /// pace after every 80 ms sample of a large response (every one of them then read as the
    /// slow speed). - Complexity: about 2 µs.
    static func measure() -> Double {
        blackHole(lattice_machine_pace_work())
        return timedRun()
    }

    /// The fastest reading over `nanoseconds` of readings back to back (one at least): the
    /// machine's speed in that window, a dip shorter than it left out.
    ///
    /// Why after a long sample: right after one the machine often reads slow for a millisecond
    /// or two, whatever the speed it ran the sample at. GeneratedCompile/half on the quiet
    /// machine (2026-12-05; its samples 1.49 to 1.56 s of wall time, all at one speed): the
    /// reading right after read 1.6 to 2.8 µs against 1.2 µs after 2 of 15 samples, and stayed
    /// slow for 0.4 ms and 1.6 ms of readings back to back; after a pass over 50,000 records
    /// (RecordPage/collectNone) the full run's readings sat at 1.46 times its reference, so none
    /// of its 71 samples counted. A speed state lasts seconds to minutes, far longer than the
    /// window, so a sample taken slow still reads slow (and its reading before, taken before
    /// it, sees a state it started in).
    /// - Complexity: about `nanoseconds`, and 2 µs at least.
    static func fastest(within nanoseconds: UInt64) -> Double {
        blackHole(lattice_machine_pace_work())
        let start = Clocks.wallNanoseconds()
        var fastest = timedRun()
        while Clocks.wallNanoseconds() &- start < nanoseconds {
            fastest = Swift.min(fastest, timedRun())
        }
        return fastest
    }

    /// One run of the workload, timed. - Complexity: about 1 µs.
    private static func timedRun() -> Double {
        let start = Clocks.wallNanoseconds()
        blackHole(lattice_machine_pace_work())
        return Double(Clocks.wallNanoseconds() &- start)
    }
}
