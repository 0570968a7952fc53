import Foundation

/// The log as a trace others' tools open: the Trace Event Format (a JSON object whose
/// `traceEvents` Perfetto's UI, chrome://tracing and Perfetto's trace processor read).
///
/// One process, one track ("thread") a kind of work: requests (one track each, a request a
/// `B`/`E` span from its sending to its last event, payloads and failures instants in it),
/// the store (each commit an `X` slice, its notifications instants inside it, collections
/// instants), bodies (each run an `X` slice, each invalidation an instant), phases, the image
/// and the logger's entries (instants). A body's run that answered a commit's notification is
/// drawn as a flow (`s` in the commit's slice, `f` in the run's, one id) from that commit.
extension EventLog {
    /// The events kept, as a Trace Event Format object (`{"traceEvents": [...]}`), times in
    /// microseconds since the log was made. Events whose partner was dropped from the ring
    /// (a request's end whose sending went, a run whose commit went) are drawn alone.
    /// - Complexity: O(events kept).
    public func chromeTrace() -> JSONValue {
        var trace = TraceBuilder()
        trace.add(events)
        return .object(["traceEvents": .array(trace.metadata + trace.events), "displayTimeUnit": .string("ms")])
    }

    /// Writes `chromeTrace()` to `url`, atomically (written whole beside it, then moved over
    /// it). - Throws: what writing the file throws. - Complexity: O(events kept).
    public func writeChromeTrace(to url: URL) throws {
        try Data(chromeTrace().jsonText.utf8).write(to: url, options: .atomic)
    }
}

/// The trace of a list of events, built in one pass.
private struct TraceBuilder {
    /// The tracks, numbered as `tid`s; a request's track is its number past `requestBase`.
    enum Track: Int, CaseIterable {
        case store = 1, bodies, phases, image, log

        var name: String {
            switch self {
            case .store: "store"
            case .bodies: "bodies"
            case .phases: "phases"
            case .image: "image"
            case .log: "logger"
            }
        }
    }

    static let requestBase = 1_000
    private(set) var events: [JSONValue] = []
    private(set) var metadata: [JSONValue] = [
        .object(["ph": .string("M"), "name": .string("process_name"), "pid": .int(1), "tid": .int(0),
                 "args": .object(["name": .string("Lattice")])]),
    ] + Track.allCases.map { track in
        .object(["ph": .string("M"), "name": .string("thread_name"), "pid": .int(1), "tid": .int(track.rawValue),
                 "args": .object(["name": .string(track.name)])])
    }
    /// Each commit's slice kept: its start and end, in microseconds.
    private var commits: [Int: (start: Double, end: Double)] = [:]
    /// Requests whose sending is kept, and of those, whose end is last in the log.
    private var opened: Set<Int> = []
    private var lastEvent: [Int: Int] = [:]
    private var flows = 0

    mutating func add(_ log: [RuntimeEvent]) {
        for (index, event) in log.enumerated() {
            switch event.kind {
            case .requestSent(let request, _), .payloadAnswered(let request, _, _), .requestFailed(let request, _, _),
                 .requestCancelled(let request, _):
                lastEvent[request] = index
            case .committed(let commit):
                commits[commit.commit] = (Self.micros(commit.start), Self.micros(event.time))
            case .notified, .bodyInvalidated, .bodyRan, .phaseChanged, .verdictChanged, .collected, .imageWritten,
                 .imageEvicted, .imageHydrated, .logged:
                break
            }
        }
        let last = lastEvent
        for (index, event) in log.enumerated() { add(event, isLastOfItsRequest: { last[$0] == index }) }
    }

    private mutating func add(_ event: RuntimeEvent, isLastOfItsRequest: (Int) -> Bool) {
        let time = Self.micros(event.time)
        switch event.kind {
        case .requestSent(let request, let operation):
            opened.insert(request)
            append("B", "request \(request) \(operation)", at: time, on: Self.requestBase + request,
                   ["request": .int(request), "operation": .string(operation)])
        case .payloadAnswered(let request, let operation, let payload):
            requestEvent("payload \(payload)", request, at: time, isLast: isLastOfItsRequest(request),
                         ["request": .int(request), "operation": .string(operation), "payload": .int(payload)])
        case .requestFailed(let request, let operation, let failure):
            requestEvent("failed \(failure)", request, at: time, isLast: isLastOfItsRequest(request),
                         ["request": .int(request), "operation": .string(operation), "failure": .string(failure)])
        case .requestCancelled(let request, let operation):
            requestEvent("cancelled", request, at: time, isLast: isLastOfItsRequest(request),
                         ["request": .int(request), "operation": .string(operation)])
        case .committed(let commit):
            let start = Self.micros(commit.start)
            append("X", "commit \(commit.commit) \(Self.name(of: commit.source))", at: start, on: Track.store.rawValue,
                   duration: time - start, Self.args(of: commit))
        case .notified(let commit, let field, let record):
            var args: [String: JSONValue] = ["commit": .int(commit), "field": .string(field)]
            if let record { args["record"] = .string(record.rawValue) }
            append("i", "notify \(field)", at: time, on: Track.store.rawValue, args)
        case .bodyInvalidated(let body, let commit, let field):
            append("i", "invalidate \(body)", at: time, on: Track.bodies.rawValue,
                   Self.cause(["body": .string(body)], commit, field))
        case .bodyRan(let body, let start, let commit, let field):
            let begin = Self.micros(start)
            append("X", "body \(body)", at: begin, on: Track.bodies.rawValue, duration: time - begin,
                   Self.cause(["body": .string(body)], commit, field))
            if let commit, let slice = commits[commit] { flow(from: slice, to: (begin, time), commit: commit) }
        case .phaseChanged(let operation, let phase):
            append("i", "phase \(operation) \(phase)", at: time, on: Track.phases.rawValue,
                   ["operation": .string(operation), "phase": .string(phase)])
        case .verdictChanged(let operation, let verdict):
            append("i", "verdict \(operation) \(verdict)", at: time, on: Track.phases.rawValue,
                   ["operation": .string(operation), "verdict": .string(verdict)])
        case .collected(let removed):
            append("i", "collect", at: time, on: Track.store.rawValue, ["removed": .int(removed)])
        case .imageWritten(let records, let operation):
            var args: [String: JSONValue] = ["records": .int(records)]
            if let operation { args["operation"] = .string(operation) }
            append("i", "image write", at: time, on: Track.image.rawValue, args)
        case .imageEvicted(let launches):
            append("i", "image eviction", at: time, on: Track.image.rawValue, ["launches": .int(launches)])
        case .imageHydrated(let operation, let records):
            append("i", "hydrate \(operation)", at: time, on: Track.image.rawValue,
                   ["operation": .string(operation), "records": .int(records)])
        case .logged(let entry):
            append("i", Self.name(of: entry), at: time, on: Track.log.rawValue, ["entry": .string(Self.text(of: entry))])
        }
    }

    /// A request's payload, failure or cancellation: an instant on its track, and its span's
    /// end when it is its request's last event and its sending is kept.
    private mutating func requestEvent(_ name: String, _ request: Int, at time: Double, isLast: Bool,
                                       _ args: [String: JSONValue]) {
        append("i", name, at: time, on: Self.requestBase + request, args)
        if isLast, opened.contains(request) { append("E", "", at: time, on: Self.requestBase + request, [:]) }
    }

    /// A flow from the middle of the commit's slice to the middle of the body's run: both
    /// ends inside the slices they bind to.
    private mutating func flow(from commit: (start: Double, end: Double), to run: (start: Double, end: Double),
                               commit number: Int) {
        flows += 1
        for (phase, slice, track) in [("s", commit, Track.store), ("f", run, Track.bodies)] {
            var event: [String: JSONValue] = [
                "ph": .string(phase), "name": .string("rerun"), "cat": .string("lattice"), "id": .int(flows),
                "pid": .int(1), "tid": .int(track.rawValue), "ts": .double((slice.start + slice.end) / 2),
                "args": .object(["commit": .int(number)]),
            ]
            if phase == "f" { event["bp"] = .string("e") }
            events.append(.object(event))
        }
    }

    private mutating func append(_ phase: String, _ name: String, at time: Double, on track: Int,
                                 duration: Double? = nil, _ args: [String: JSONValue]) {
        var event: [String: JSONValue] = [
            "ph": .string(phase), "name": .string(name), "cat": .string("lattice"), "pid": .int(1),
            "tid": .int(track), "ts": .double(time), "args": .object(args),
        ]
        if let duration { event["dur"] = .double(duration) }
        // An instant's scope: its thread's track.
        if phase == "i" { event["s"] = .string("t") }
        events.append(.object(event))
    }

    private static func micros(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }

    private static func cause(_ args: [String: JSONValue], _ commit: Int?, _ field: String?) -> [String: JSONValue] {
        var args = args
        if let commit { args["commit"] = .int(commit) }
        if let field { args["field"] = .string(field) }
        return args
    }

    private static func name(of source: CommitEvent.Source) -> String {
        switch source {
        case .localUpdate: "local update"
        case .response(let operation): "response \(operation)"
        case .optimisticApply: "optimistic apply"
        case .optimisticRevert: "optimistic revert"
        case .hydration(let operation): "hydration \(operation)"
        case .lookup(let operation): "lookup \(operation)"
        case .removeAll: "remove all"
        }
    }

    private static func args(of commit: CommitEvent) -> [String: JSONValue] {
        [
            "commit": .int(commit.commit), "source": .string(name(of: commit.source)), "rebased": .bool(commit.rebased),
            "recordsWritten": .int(commit.recordsWritten), "fieldsWritten": .int(commit.fieldsWritten),
            "changedFields": .int(commit.changedFields), "pagesMerged": .int(commit.pagesMerged),
            "pagesDropped": .int(commit.pagesDropped),
        ]
    }

    private static func name(of entry: LogEntry) -> String {
        switch entry {
        case .requiredFieldMissing: "required field missing"
        case .image: "image problem"
        case .request: "request logged"
        case .unavailableRead: "unavailable read"
        case .lookupRefused: "lookup refused"
        }
    }

    private static func text(of entry: LogEntry) -> String {
        switch entry {
        case .requiredFieldMissing(let event): event.description
        case .image(let line): line
        case .request(let event): String(describing: event)
        case .unavailableRead(let event): String(describing: event)
        case .lookupRefused(let event): event.description
        }
    }
}
