import Lattice

/// A `RuntimeLogger` for tests that keeps every entry, in order: give `logger` to an
/// environment's configuration, then read `entries` (or `requiredFieldEvents`).
///
/// Main-actor state, as the environment's; each entry costs one append.
@MainActor
public final class RecordingLogger {
    /// What was logged, first first.
    public private(set) var entries: [LogEntry] = []
    /// Whether the logger asks for values (`RuntimeLogger.includesValues`).
    public let includesValues: Bool

    /// An empty recording; `includesValues` as the logger it hands out asks.
    public init(includesValues: Bool = false) {
        self.includesValues = includesValues
    }

    /// The logger that records here (holds the recording weakly: the test holds it).
    public var logger: RuntimeLogger {
        RuntimeLogger(includesValues: includesValues) { [weak self] entry in self?.entries.append(entry) }
    }

    /// The `@required(action: LOG)` misses among `entries`, in order. - Complexity: O(entries).
    public var requiredFieldEvents: [RequiredFieldEvent] {
        entries.compactMap { entry in
            if case .requiredFieldMissing(let event) = entry { return event }
            return nil
        }
    }

    /// Forgets what was recorded.
    public func removeAll() {
        entries.removeAll()
    }
}
