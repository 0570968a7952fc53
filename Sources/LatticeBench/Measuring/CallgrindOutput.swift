import Foundation

/// The header of one callgrind output file (one dump): what triggered it, which events it
/// counts, and their totals.
///
/// Format (callgrind's "callgrind format", version 1): `key: value` header lines, among them
/// `desc: Trigger: <what>` (for `CALLGRIND_DUMP_STATS_AT(label)`, `Client Request: <label>`),
/// `events: Ir ...` naming the event columns, and `summary: <n> ...`, the dump's event
/// counters. An optional `totals:` line (the sum of the file's cost lines) is used only when
/// `summary:` is absent, or when asked for (`total(of:summingCostLines:)`): it can include
/// costs of calls in progress when the counters were zeroed, so it is not exactly linear in
/// the work done (by a handful of instructions a dump: 21,743,067 against 21,743,076). But
/// callgrind resets the thread's counters each time instrumentation starts, so the summary of
/// a region where it stopped and started again counts only since the last start, and there
/// the sum of the cost lines is the count.
struct CallgrindOutput: Equatable, Sendable {
    /// The `desc: Trigger:` text, e.g. `Client Request: lattice-bench 20 Example/sum`.
    var trigger: String?
    /// The thread the dump counts (`thread:`, written under `--separate-threads=yes`; 1 is
    /// the main thread); nil when the dump counts every thread.
    var thread: Int?
    /// Event names in column order, e.g. `["Ir"]`.
    var events: [String]
    /// One total per event, from `summary:` (or `totals:` when there is no summary).
    var totals: [UInt64]
    /// One total per event from `totals:`, the sum of the cost lines; nil without the line.
    var costLineTotals: [UInt64]?

    /// The label given to `CALLGRIND_DUMP_STATS_AT`, if a client request triggered the dump.
    var clientRequestLabel: String? {
        let prefix = "Client Request: "
        guard let trigger, trigger.hasPrefix(prefix) else { return nil }
        return String(trigger.dropFirst(prefix.count))
    }

    /// The total of `event` (e.g. `Ir`, instructions executed), if the file counts it: the
    /// counters' (`summary:`), or, `summingCostLines`, the cost lines' sum (`totals:`; nil
    /// without it).
    func total(of event: String, summingCostLines: Bool = false) -> UInt64? {
        guard let column = events.firstIndex(of: event) else { return nil }
        guard summingCostLines else { return totals[column] }
        return costLineTotals?[column]
    }

    /// Parses the text of a callgrind output file; `file` names it in errors.
    /// - Throws: `CallgrindOutputError` when `events:` or both `summary:` and `totals:` are
    ///   missing, or a total is not a number or does not match the events.
    /// - Complexity: O(text length).
    init(parsing text: String, file: String) throws(CallgrindOutputError) {
        var trigger: String?
        var thread: Int?
        var events: [String]?
        var summary: (line: Int, values: [UInt64])?
        var totals: (line: Int, values: [UInt64])?
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.hasPrefix("desc: Trigger: ") {
                trigger = String(line.dropFirst("desc: Trigger: ".count))
            } else if line.hasPrefix("thread:") {
                thread = Int(line.dropFirst("thread:".count).trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("events:") {
                events = line.dropFirst("events:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("summary:") {
                summary = (lineNumber, try Self.numbers(line.dropFirst("summary:".count),
                                                        file: file, line: lineNumber))
            } else if line.hasPrefix("totals:") {
                totals = (lineNumber, try Self.numbers(line.dropFirst("totals:".count),
                                                       file: file, line: lineNumber))
            }
        }
        guard let events, !events.isEmpty else { throw .missingEvents(file: file) }
        guard let counted = summary ?? totals else { throw .missingSummary(file: file) }
        guard counted.values.count <= events.count else {
            throw .eventCountMismatch(file: file, line: counted.line, events: events.count,
                                      values: counted.values.count)
        }
        if let totals, totals.values.count > events.count {
            throw .eventCountMismatch(file: file, line: totals.line, events: events.count, values: totals.values.count)
        }
        self.trigger = trigger
        self.thread = thread
        self.events = events
        // Callgrind omits trailing zero columns.
        self.totals = counted.values + Array(repeating: 0, count: events.count - counted.values.count)
        costLineTotals = totals.map { $0.values + Array(repeating: 0, count: events.count - $0.values.count) }
    }

    private static func numbers(_ text: Substring, file: String, line: Int)
        throws(CallgrindOutputError) -> [UInt64] {
        var values: [UInt64] = []
        for field in text.split(separator: " ") {
            guard let value = UInt64(field) else {
                throw .malformedNumber(file: file, line: line, text: String(field))
            }
            values.append(value)
        }
        return values
    }
}

/// Why a callgrind output file could not be read. Each case names the file, and the line
/// (1-based) where there is one.
enum CallgrindOutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// No `events:` line.
    case missingEvents(file: String)
    /// Neither `summary:` nor `totals:`.
    case missingSummary(file: String)
    /// A total is not an unsigned integer.
    case malformedNumber(file: String, line: Int, text: String)
    /// More totals than events.
    case eventCountMismatch(file: String, line: Int, events: Int, values: Int)
    /// A line of the cost body the format does not allow (line 0: the end of the file).
    case malformedLine(file: String, line: Int, text: String, reason: String)

    var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read: \(reason)"
        case .missingEvents(let file):
            "\(file): no 'events:' line"
        case .missingSummary(let file):
            "\(file): no 'summary:' or 'totals:' line"
        case .malformedNumber(let file, let line, let text):
            "\(file):\(line): '\(text)' is not a count"
        case .eventCountMismatch(let file, let line, let events, let values):
            "\(file):\(line): \(values) totals for \(events) events"
        case .malformedLine(let file, let line, let text, let reason):
            "\(file):\(line): \(reason): '\(text)'"
        }
    }
}
