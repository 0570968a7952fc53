/// The process exit statuses of LatticeBench's tools, distinct so scripts and CI can tell
/// "could not measure" from "measured something bad".
public enum ExitStatus: Int32, Codable, Sendable, Hashable, CaseIterable {
    /// 0: everything ran; no significant regression; every limit passed.
    case ok = 0
    /// 1: could not run: bad arguments, an unreadable or corrupt results or limits file, a
    /// benchmark executable that failed, or results that cannot be judged whole (a gate or
    /// comparison whose results hold no benchmarks, or lack benchmarks the other side has).
    case couldNotRun = 1
    /// 2: a comparison found a significant regression beyond its threshold.
    case regression = 2
    /// 3: a limit failed, or could not be decided (missing benchmark, too noisy).
    case limitNotPassed = 3

    /// How bad, for combining: could not run > limit not passed > regression > ok. A limit
    /// outranks a regression because it decides what ships.
    private var severity: Int {
        switch self {
        case .ok: 0
        case .regression: 1
        case .limitNotPassed: 2
        case .couldNotRun: 3
        }
    }

    /// The most severe of `statuses`, `.ok` for none.
    public static func worst(_ statuses: [ExitStatus]) -> ExitStatus {
        statuses.max { $0.severity < $1.severity } ?? .ok
    }
}
