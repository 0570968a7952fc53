/// A benchmark of the lab's suite, recognised by its name. These names are the contract
/// between the executables under Benchmarks/, the reports and spec/limits.json:
///
/// | name | measures |
/// | --- | --- |
/// | `PhaseRead/<strategy>/<Operation>/tracked` or `/untracked` | one read of `phase`, inside a body's tracking scope or outside any |
/// | `FieldRead/<reader>/<fields>` | one body reading `<fields>` fields through `<reader>` |
/// | `BodyReruns/<strategy>/<Operation>/<commit>` | one commit of a kind; counts `bodies` and `extraBodies` (beyond `stored`) |
/// | `ReadScaling/<strategy>/<fields>` | one tracked phase read of a generated operation of `<fields>` fields |
/// | `CommitScaling/<strategy>/<handles>` | one commit that one handle reads, with `<handles>` other handles retained; counts the runtime's counters |
/// | `CommitScaling/<strategy>/<handles>/untouched` | one commit that no handle reads, with `<handles>` handles retained |
/// | `CommitScaling/counters/<off or on>` | the same commit with the runtime's counters off or on |
/// | `ResponsePath/<input>/<step>` | one step from bytes to screen (`decode`, `normalize`, `publish`, `commit`, `read`, or an anchor: `JSONSerialization`, `JSONDecoder`) on one response; counts `bytes` and `fields` |
/// | `RecordPage/<step>` | one step on the record's page (`ingest`, `commitIntoEmpty`, `commitAgain`, `readUntracked`, `readTracked`, `check`) or one collection pass (`collectOneRoot`, `collect300Roots`); the reads count `fields` |
///
/// Anything else in a results file is kept, and listed by the reports as other benchmarks.
enum SuiteBenchmark: Hashable {
    case phaseRead(strategy: String, operation: String, tracked: Bool)
    case fieldRead(reader: String, fields: Int)
    case bodyReruns(strategy: String, operation: String, commit: String)
    case readScaling(strategy: String, fields: Int)
    case commitScaling(strategy: String, handles: Int, touched: Bool)
    case countersCost(setting: String)
    case responsePath(input: String, step: String)
    case recordPage(step: String)

    /// Metric names the suite's own counts use.
    enum CountName {
        /// Body re-runs per operation.
        static let bodies = "bodies"
        /// Body re-runs beyond the `stored` strategy's on the same commit.
        static let extraBodies = "extraBodies"
        /// The response body's size in bytes, per response-path operation.
        static let bytes = "bytes"
        /// The object members of the response's data, per response-path operation; the fields
        /// a body reads, per record-page read.
        static let fields = "fields"
        /// Arrays and objects, and strings too long to be stored inline (over 15 UTF-8
        /// bytes), of a decoded response: what may allocate.
        static let allocatingValues = "allocatingValues"
    }

    /// Recognises `name`; nil for a name outside the suite's scheme.
    /// - Complexity: O(name).
    init?(name: String) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        switch (parts.first, parts.count) {
        case ("PhaseRead", 4) where parts[3] == "tracked" || parts[3] == "untracked":
            self = .phaseRead(strategy: parts[1], operation: parts[2], tracked: parts[3] == "tracked")
        case ("FieldRead", 3):
            guard let fields = Int(parts[2]), fields > 0 else { return nil }
            self = .fieldRead(reader: parts[1], fields: fields)
        case ("BodyReruns", 4):
            self = .bodyReruns(strategy: parts[1], operation: parts[2], commit: parts[3])
        case ("ReadScaling", 3):
            guard let fields = Int(parts[2]), fields > 0 else { return nil }
            self = .readScaling(strategy: parts[1], fields: fields)
        case ("CommitScaling", 3) where parts[1] == "counters":
            self = .countersCost(setting: parts[2])
        case ("CommitScaling", 3):
            guard let handles = Int(parts[2]), handles >= 0 else { return nil }
            self = .commitScaling(strategy: parts[1], handles: handles, touched: true)
        case ("ResponsePath", 3):
            self = .responsePath(input: parts[1], step: parts[2])
        case ("RecordPage", 2):
            self = .recordPage(step: parts[1])
        case ("CommitScaling", 4) where parts[3] == "untouched":
            guard let handles = Int(parts[2]), handles >= 0 else { return nil }
            self = .commitScaling(strategy: parts[1], handles: handles, touched: false)
        default:
            return nil
        }
    }

    /// The strategy measured, if the benchmark is per strategy.
    var strategy: String? {
        switch self {
        case .phaseRead(let strategy, _, _), .bodyReruns(let strategy, _, _),
             .readScaling(let strategy, _), .commitScaling(let strategy, _, _):
            strategy
        case .fieldRead, .countersCost, .responsePath, .recordPage:
            nil
        }
    }
}
