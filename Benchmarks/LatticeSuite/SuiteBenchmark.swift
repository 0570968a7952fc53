/// A benchmark of Lattice's suite and its name: the one type that builds a name (the executables
/// under Benchmarks/ declare their benchmarks with `nameInExecutable`) and parses it back (the
/// suite's sections of the reports). The names are the contract between the executables, the
/// reports and spec/limits.json, whose limits' benchmarks each parse as one
/// (LatticeSuiteTests checks it):
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
/// | `CommitScaling/eventLog/<off or on>` | the same commit with the environment's event log off or on (a body told of it: its invalidation and run logged) |
/// | `CommitScaling/localUpdate/<clientField or serverField>` | with 20 rows observed, one client-only field set by a local update (`clientField`), or one server field written by a response (`serverField`); counts `bodies` |
/// | `ResponsePath/<input>/<step>` | one step from bytes to screen (`decode`, `normalize`, `publish`, `commit`, `read`, or an anchor: `JSONSerialization`, `JSONDecoder`) on one response; counts `bytes` and `fields` |
/// | `FanOut/<step>/<depth>` | normalizing (`normalize`) or reading (`read`) a response whose fragments each spread the next twice, `<depth>` deep |
/// | `RecordPage/<step>` | one step on the record's page (`ingest`, `commitIntoEmpty`, both keyed by a composite (`compositeKeyIngest`, `compositeKeyCommit`), `commitAgain`, `commitOneChange` counting `notifications` and `bodies`, `readUntracked`, `readTracked`, `readCaught`, `check`, `snapshot`: a Sendable snapshot of its data taken and opened, counting `records`), a union's ingest (`unionIngest`), a commit deleting one record of 8,965 and writing it back (`deleteOne`), a lookup's commit at the end of a long session of 50,000 lookups (`longSession`, observing `sessionBytes`, `residentRecords`, and `sessionStartCommit` and `sessionEndCommit`, its own first and last thousand commits timed) and at its start (`longSessionStart`), one collection pass (`collectOneRoot`, `collect300Roots`, and `collectNone`, the pass alone over the 50,004 records a commit refilled before it, unmeasured) or one step of its image (`imageEncode`, `imageWrite`, `imageHydrate`, observing `imageBytes`, `storeBytes` and `residentRecords`, and `imageLaunch`: opened and hydrated), or the floor of `ingest` (`referenceParse`: simdjson's parse of the page and a walk of every value); the reads count `fields` |
/// | `Optimistic/<step>/<size>` | the store's optimistic layers: a layer's `cycle` (shown, written under, confirmed) on a store of `<size>` rows, a `rebase` under `<size>` pending layers, `rows`: a layer shown and reverted over `<size>` observed rows, writing each, or `oneRow`: writing one of them, counting `notifications` and `bodies` |
/// | `Pagination/<step>/<page>` | a `@connection` list in a list view: page `<page>` of 50 loaded over the pages before it and taken back (`load`), counting `listBodies`, `shownRowBodies`, `newRows` and `notifications`; or the same with no row bodies (`loadListOnly`); the list body re-reading `<page>` pages of edges (`listBody`); every node of `<page>` pages read untracked (`nodes`); the store of `<page>` pages inspected (`inspect`); an optimistic `@appendEdge` applied and reverted on `<page>` pages (`appendEdge`) |
/// | `Lifetime/<step>/<page>` | memory while a list is scrolled one query a page through the release buffer: pages 1 to `<page>` scrolled from an empty environment (`scroll`), observing `residentRecords` and `residentBytes` after the last, counting `collections` |
/// | `Incremental/<step>/<size>` | an answer in parts (`@defer`, `@stream`), 20 payloads and 978 KiB: the multipart body split into parts in chunks of `<size>` KiB (`multipart`), each part decoded too (`decoded`), and merged and committed (`normalized`), or each part committed as a single-part answer of its own (`partsAlone`, what `normalized` is judged against); the initial payload from its first byte to its fields read (`initial`); one deferred part landing on a shown answer (`part`), counting `partBodies` and `otherBodies`; the answer stretched to 1,041 payloads, about 51 MB, split in 16 KiB chunks (`largeMultipart`, counting `bytes`); an initial payload of 20,000 items committed into an empty store (`largeInitial`) and its 300 empty parts landed after it (`emptyParts`, counting `recordsWritten`); a deferred fragment's state read through its generated accessor (`deferredRead`) beside a plain spread's reference (`spreadRead`) |
/// | `GeneratedCompile/<size>` | generating and compiling in debug the union document, `full` or `half`; observes `compilerPeakMemory` |
/// | `GenerateScaling/<operations>` | `lattice generate`'s work in process on `<operations>` documents of one query each: parsed, compiled and generated into Swift |
/// | `GenerateScaling/programLaunch` | an app's launch building spec/'s generated program (`Program(generated:)`) and its first query's request: the query and its fragments decoded from the compiled form the generated program carries |
///
/// Anything else in a results file is kept, and listed by the reports as other benchmarks.
public enum SuiteBenchmark: Hashable, Sendable {
    /// One read of `phase` of an operation, inside a body's tracking scope or outside any.
    case phaseRead(strategy: String, operation: String, tracked: Bool)
    /// One body reading `fields` fields through a reader (a lens, a dictionary, `@Observable`).
    case fieldRead(reader: String, fields: Int)
    /// One commit of a kind under a strategy, with the bodies it re-ran counted.
    case bodyReruns(strategy: String, operation: String, commit: String)
    /// One tracked phase read of a generated operation of `fields` fields.
    case readScaling(strategy: String, fields: Int)
    /// One commit with `handles` handles retained; `touched`: one of them reads what it changes.
    case commitScaling(strategy: String, handles: Int, touched: Bool)
    /// The same commit with the runtime's counters `off` or `on`.
    case countersCost(setting: String)
    /// The same commit with the environment's event log `off` or `on`.
    case eventLogCost(setting: String)
    /// One field of one of 20 observed rows written: a client-only field by a local update
    /// (`clientField`) or a server field by a response (`serverField`).
    case localUpdate(write: String)
    /// One step from bytes to screen on one response.
    case responsePath(input: String, step: String)
    /// Normalizing or reading a response whose fragments fan out `depth` deep.
    case fanOut(step: String, depth: Int)
    /// One step on the record's page, or one collection pass over its stores.
    case recordPage(step: String)
    /// Generating and compiling the union document at one size (`full` or `half`).
    case generatedCompile(size: String)
    /// Compiling `operations` documents and generating their Swift, in process.
    case generateScaling(operations: Int)
    /// Building spec/'s generated program, as an app's launch does.
    case programLaunch
    /// One step of the store's optimistic layers at a size (rows, layers or observed rows).
    case optimistic(step: String, size: Int)
    /// One step of a `@connection` list scrolled in a list view, at a page.
    case pagination(step: String, page: Int)
    /// A list scrolled one query a page through the release buffer, to a page.
    case lifetime(step: String, page: Int)
    /// One step of an answer in parts, at a size (the chunks' KiB, or 1).
    case incremental(step: String, size: Int)

    /// Metric names the suite's own counts use.
    public enum CountName {
        /// Body re-runs per operation.
        public static let bodies = "bodies"
        /// Body re-runs beyond the `stored` strategy's on the same commit.
        public static let extraBodies = "extraBodies"
        /// The response body's size in bytes, per response-path operation.
        public static let bytes = "bytes"
        /// The object members of the response's data, per response-path operation; the fields
        /// a body reads, per record-page read.
        public static let fields = "fields"
        /// Notifications the commits of an operation sent (one per field shown changed).
        public static let notifications = "notifications"
        /// Arrays and objects, and strings too long to be stored inline (over 15 UTF-8
        /// bytes), of a decoded response: what may allocate.
        public static let allocatingValues = "allocatingValues"
    }

    /// Metric names of the figures the suite's operations observe of themselves
    /// (`Metric.observed`).
    public enum ObservedName {
        /// The compiler's peak resident memory, bytes, per generated-code compile.
        public static let compilerPeakMemory = "compilerPeakMemory"
        /// The records a store holds when observed: at the end of a scroll, or hydrated from
        /// the record page's image.
        public static let residentRecords = "residentRecords"
        /// The heap an environment holds at the end of a scroll, bytes.
        public static let residentBytes = "residentBytes"
        /// The bytes the image's file uses (pages in use) holding the record's page.
        public static let imageBytes = "imageBytes"
        /// The heap a store holding the record's page takes, bytes (what dropping it frees).
        public static let storeBytes = "storeBytes"
        /// The heap a long session's lookups grew its store by, bytes.
        public static let sessionBytes = "sessionBytes"
        /// The mean time of a commit of a lookup of a new id over a long session's first
        /// thousand lookups, nanoseconds, timed as the session is built.
        public static let sessionStartCommit = "sessionStartCommit"
        /// The same over its last thousand lookups.
        public static let sessionEndCommit = "sessionEndCommit"
    }

    /// The executable that reports it, the first part of its name.
    public var executable: String {
        switch self {
        case .phaseRead: "PhaseRead"
        case .fieldRead: "FieldRead"
        case .bodyReruns: "BodyReruns"
        case .readScaling: "ReadScaling"
        case .commitScaling, .countersCost, .eventLogCost, .localUpdate: "CommitScaling"
        case .responsePath: "ResponsePath"
        case .fanOut: "FanOut"
        case .recordPage: "RecordPage"
        case .generatedCompile: "GeneratedCompile"
        case .generateScaling, .programLaunch: "GenerateScaling"
        case .optimistic: "Optimistic"
        case .pagination: "Pagination"
        case .lifetime: "Lifetime"
        case .incremental: "Incremental"
        }
    }

    /// The name an executable declares it under (the harness puts the executable's in front).
    public var nameInExecutable: String {
        switch self {
        case let .phaseRead(strategy, operation, tracked): "\(strategy)/\(operation)/\(tracked ? "tracked" : "untracked")"
        case let .fieldRead(reader, fields): "\(reader)/\(fields)"
        case let .bodyReruns(strategy, operation, commit): "\(strategy)/\(operation)/\(commit)"
        case let .readScaling(strategy, fields): "\(strategy)/\(fields)"
        case let .commitScaling(strategy, handles, touched): "\(strategy)/\(handles)" + (touched ? "" : "/untouched")
        case .countersCost(let setting): "counters/\(setting)"
        case .eventLogCost(let setting): "eventLog/\(setting)"
        case .localUpdate(let write): "localUpdate/\(write)"
        case let .responsePath(input, step): "\(input)/\(step)"
        case let .fanOut(step, depth): "\(step)/\(depth)"
        case .recordPage(let step): step
        case .generatedCompile(let size): size
        case .generateScaling(let operations): "\(operations)"
        case .programLaunch: "programLaunch"
        case let .optimistic(step, size), let .incremental(step, size): "\(step)/\(size)"
        case let .pagination(step, page), let .lifetime(step, page): "\(step)/\(page)"
        }
    }

    /// The name in a results file: `Executable/…`.
    public var name: String { "\(executable)/\(nameInExecutable)" }

    /// Recognises `name`; nil for a name outside the suite's scheme.
    /// - Complexity: O(name).
    public init?(name: String) {
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
        case ("CommitScaling", 3) where parts[1] == "eventLog":
            self = .eventLogCost(setting: parts[2])
        case ("CommitScaling", 3) where parts[1] == "localUpdate":
            self = .localUpdate(write: parts[2])
        case ("CommitScaling", 3):
            guard let handles = Int(parts[2]), handles >= 0 else { return nil }
            self = .commitScaling(strategy: parts[1], handles: handles, touched: true)
        case ("ResponsePath", 3):
            self = .responsePath(input: parts[1], step: parts[2])
        case ("FanOut", 3):
            guard let depth = Int(parts[2]), depth > 0 else { return nil }
            self = .fanOut(step: parts[1], depth: depth)
        case ("RecordPage", 2):
            self = .recordPage(step: parts[1])
        case ("GeneratedCompile", 2):
            self = .generatedCompile(size: parts[1])
        case ("GenerateScaling", 2) where parts[1] == "programLaunch":
            self = .programLaunch
        case ("GenerateScaling", 2):
            guard let operations = Int(parts[1]), operations > 0 else { return nil }
            self = .generateScaling(operations: operations)
        case ("Optimistic", 3):
            guard let size = Int(parts[2]), size > 0 else { return nil }
            self = .optimistic(step: parts[1], size: size)
        case ("Pagination", 3):
            guard let page = Int(parts[2]), page > 0 else { return nil }
            self = .pagination(step: parts[1], page: page)
        case ("Lifetime", 3):
            guard let page = Int(parts[2]), page > 0 else { return nil }
            self = .lifetime(step: parts[1], page: page)
        case ("Incremental", 3):
            guard let size = Int(parts[2]), size > 0 else { return nil }
            self = .incremental(step: parts[1], size: size)
        case ("CommitScaling", 4) where parts[3] == "untouched":
            guard let handles = Int(parts[2]), handles >= 0 else { return nil }
            self = .commitScaling(strategy: parts[1], handles: handles, touched: false)
        default:
            return nil
        }
    }

    /// The strategy measured, if the benchmark is per strategy.
    public var strategy: String? {
        switch self {
        case .phaseRead(let strategy, _, _), .bodyReruns(let strategy, _, _),
             .readScaling(let strategy, _), .commitScaling(let strategy, _, _):
            strategy
        case .fieldRead, .countersCost, .eventLogCost, .localUpdate, .responsePath, .fanOut, .recordPage, .generatedCompile, .generateScaling, .programLaunch,
             .optimistic,
             .pagination, .lifetime, .incremental:
            nil
        }
    }
}
