import LatticeBench

/// The events behind the suite's counts (`MetricResult.events`): which commit, field and body
/// each re-run came from, in one representative operation run with the event log on.
extension SuiteTables {
    /// Per operation and commit kind whose bodies some strategy re-ran: each strategy's events
    /// behind its `bodies` (`commit 3 (local update) → `Issue.title` → Dashboard.phase`).
    /// - Complexity: O(operations · commit kinds · strategies · events).
    func bodyRerunEvents() -> TextTable {
        let strategies = index.strategies
        var table = TextTable(headers: ["operation", "commit"] + strategies.map { "events behind the bodies: \($0)" },
                              numericFrom: 2 + strategies.count)
        let (operations, commits) = index.bodyRerunCases
        for operation in operations {
            for commit in commits {
                let counts = strategies.map {
                    index[.bodyReruns(strategy: $0, operation: operation, commit: commit)]?
                        .metric(named: SuiteBenchmark.CountName.bodies)
                }
                guard counts.contains(where: { ($0?.events ?? []).isEmpty == false }) else { continue }
                table.append([operation, commit] + counts.map(Self.events))
            }
        }
        return table
    }

    /// The events behind `Incremental/part`'s counts, one line a count: what the page shows
    /// under the section's table; empty when the run recorded none.
    /// - Complexity: O(events).
    func incrementalEvents() -> String {
        let part = index.steps { benchmark in
            if case let .incremental(step, size) = benchmark, step == "part" { (step, size) } else { nil }
        }.first?.result
        let lines = [("part's bodies", "partBodies"), ("other bodies", "otherBodies")].compactMap { label, count in
            part?.metric(named: count).flatMap { $0.events == nil ? nil : "- \(label): \(Self.events($0))" }
        }
        guard !lines.isEmpty else { return "" }
        return "The events behind `part`'s counts in one landing (the event log on, outside the measured "
            + "operations; the commit goes to the store directly, as the measured ones do, so it names no origin):\n\n"
            + lines.joined(separator: "\n") + "\n"
    }

    /// A count's events joined (`none` for a count that recorded none happened); empty when the
    /// count carries no events.
    static func events(_ metric: MetricResult?) -> String {
        guard let events = metric?.events else { return "" }
        return events.isEmpty ? "none" : events.map(\.text).joined(separator: "; ")
    }
}
