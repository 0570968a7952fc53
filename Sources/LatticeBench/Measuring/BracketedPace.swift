/// The pace recorded beside each timing sample: the slower of the two `MachinePace` readings
/// that bracket it, the one taken right before it and the one taken right after it (which is
/// also the next sample's reading before).
///
/// Why both sides: a sample counts as taken at the machine's reference speed when its pace is
/// (`PaceMatching`), and on a machine that changes speed every few milliseconds a reading
/// taken only before the sample often said fast while the sample ran slow. On the two recorded
/// full runs of a slow machine (Tests/Fixtures/RecordedRuns), the samples a before-only
/// reading called at pace had a robust CV above 10 % in 73 and 38 of 161 benchmarks; kept only
/// where both readings say so, 34 and 26, and rootVerdict's commit-scaling-time sides fell from
/// 14.3 % and 28.2 % to 2.7 % and 5.5 %. A state change that starts and ends within one sample
/// still goes unseen; that is what the noise check is for.
enum BracketedPace {
    /// One sample's pace from the readings right before and right after it. - Complexity: O(1).
    static func pace(before: Double, after: Double) -> Double {
        Swift.max(before, after)
    }
}
