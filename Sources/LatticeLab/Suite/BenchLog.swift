import Foundation

/// The lab's progress on standard error: one line a step, with the time since the run began.
struct BenchLog: Sendable {
    /// When the run began.
    let start: ContinuousClock.Instant

    /// A log whose clock starts now.
    init() { start = .now }

    /// Writes `bench: <line> (<elapsed>)`, or without the time.
    func callAsFunction(_ line: String, timed: Bool = true) {
        let text = timed ? "bench: \(line) (\(elapsed))\n" : "bench: \(line)\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The time since the start, as `4m07s`.
    var elapsed: String {
        let seconds = Int((ContinuousClock.now - start).components.seconds)
        return "\(seconds / 60)m" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)s"
    }
}
