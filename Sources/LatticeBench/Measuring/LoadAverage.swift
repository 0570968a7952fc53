/// The system load averages (runnable + uninterruptible tasks) when a run started; a busy
/// machine explains noisy figures.
public struct LoadAverage: Codable, Sendable, Hashable {
    /// Average over the last minute.
    public var oneMinute: Double
    /// Average over the last five minutes.
    public var fiveMinutes: Double
    /// Average over the last fifteen minutes.
    public var fifteenMinutes: Double

    /// Creates a load average.
    public init(oneMinute: Double, fiveMinutes: Double, fifteenMinutes: Double) {
        self.oneMinute = oneMinute
        self.fiveMinutes = fiveMinutes
        self.fifteenMinutes = fifteenMinutes
    }
}
