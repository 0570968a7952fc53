/// A time figure and its interval in paces: multiples of its run's reference pace
/// (`ResultsFile.referencePace`, the time of `MachinePace`'s workload at the best speed the
/// machine reached), the unit that travels between machines.
///
/// Why: a time only means something on the machine that took it. The committed run read a
/// tracked phase read at 2.10 µs with its reference pace at 971 ns; a slower machine of the
/// same kind read 2.69 µs at 1,182 ns (1.28 and 1.22 times as long). In paces the two agree
/// within a few percent, so a change of machine is not read as a change of the code.
public struct PaceFigure: Sendable, Equatable {
    /// The figure in paces.
    public var value: Double
    /// Its interval in paces; nil when the figure came without one.
    public var interval: Interval?

    /// `nanoseconds` (and its interval) divided by `reference`, the run's reference pace in
    /// nanoseconds; nil when the reference is not a positive, finite time. - Complexity: O(1).
    public init?(nanoseconds: Double, interval: Interval? = nil, reference: Double) {
        guard reference > 0, reference.isFinite else { return nil }
        value = nanoseconds / reference
        self.interval = interval.map {
            Interval(lower: $0.lower / reference, upper: $0.upper / reference, confidence: $0.confidence)
        }
    }
}
