import LatticeBench

/// What a phase-read benchmark reads: a loaded handle and the body scope its tracked phase
/// reads run in (the state every benchmark that reads a phase is measured on).
@MainActor
public final class PhaseReadSubject {
    /// The environment and handle read.
    public let loaded: LoadedHandle
    private let scope = TrackedScope()

    /// Reads `loaded`'s handle.
    public init(_ loaded: LoadedHandle) {
        self.loaded = loaded
    }

    /// One read of the phase inside a body's tracking scope.
    public func readTracked() {
        let handle = loaded.handle
        scope.run { blackHole(handle.phase) }
    }

    /// One read of the phase outside any scope.
    public func readUntracked() {
        blackHole(loaded.handle.phase)
    }
}
