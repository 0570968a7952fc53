import LatticeBench

/// The record's benchmark: Lattice's figures (`RecordPage`'s, and the rows of the executables
/// measuring the paths around the page) beside the ones the decision record's system publishes
/// (`ReferenceSystemFigures`).
extension SuiteTables {
    /// Per published measurement that this run measured: Lattice's median with its interval
    /// (per field for the reads, per record for the image's bytes), the published figure, the
    /// ratio of Lattice's median to the published best and, in brackets, to the published median
    /// (a range when a range of medians was published), Lattice's median in the run's reference
    /// paces (these two only for a decided figure; paces for a time), and the published entry's
    /// date. A published row no benchmark of the suite measures comes last, saying so, once the
    /// run measured any.
    /// - Complexity: O(rows).
    func recordPage() -> TextTable {
        var table = TextTable(headers: ["measurement", "Lattice, this machine (median [95% CI])",
                                          "published, M1 Pro: best (median)", "Lattice ÷ published best (÷ median)",
                                          "Lattice in paces", "published"], numericFrom: 1)
        var unmeasured: [ReferenceSystemFigures.Row] = []
        for row in ReferenceSystemFigures.rows {
            guard row.benchmark != nil else {
                unmeasured.append(row)
                continue
            }
            guard let measured = index.measured(row) else { continue }
            guard let scale = measured.scale else {
                table.append([row.measurement, FigureText.missing, Self.published(row), FigureText.missing,
                              FigureText.missing, row.date])
                continue
            }
            let figure = measured.figure
            let median = figure.summary.median / scale
            // An undecided figure is shown as such, never as the base of a ratio.
            let decided = !FigureText.isUndecided(figure)
            table.append([row.measurement, FigureText.figure(figure, scale: scale), Self.published(row),
                          decided ? Self.ratio(median, of: row) : "undecided",
                          decided ? Self.paces(median, of: figure, row: row) : "undecided", row.date])
        }
        guard !table.isEmpty else { return table }
        for row in unmeasured {
            table.append([row.measurement, "no benchmark of the suite measures it", Self.published(row),
                          FigureText.missing, FigureText.missing, row.date])
        }
        return table
    }

    /// Under the record's table: each row whose decided median misses the published best
    /// (`ReferenceSystemFigures.Row.misses`), by how much, and where its instructions go by the
    /// lab's own attribution (`LargestSelfCosts` of its instruction count), with its
    /// allocations, per field for the reads; a row whose results keep no attribution says so.
    /// Empty when no measured row misses. - Complexity: O(rows · functions kept).
    func recordPageMisses() -> String {
        var table = TextTable(headers: ["measurement", "over the published best", "instructions", "mallocs", "retains",
                                        "largest self costs (share of the instructions)"],
                              alignments: [.left, .right, .right, .right, .right, .left])
        for row in ReferenceSystemFigures.rows {
            guard let measured = index.measured(row), let scale = measured.scale,
                  !FigureText.isUndecided(measured.figure) else { continue }
            let median = measured.figure.summary.median / scale
            guard row.misses(median) else { continue }
            let over = "\(FigureText.times(row.ratioToBest(median))) "
                + "(+\(ValueFormat.string(median - row.figure.best, unit: row.quantity.unit)))"
            guard row.quantity.isTime else {
                table.append([row.measurement, over, FigureText.missing, FigureText.missing, FigureText.missing,
                              "not a time: no instruction attribution"])
                continue
            }
            let instructions = measured.result.metric(named: Metric.instructions.name)
            let perOperation = [Metric.instructions, .mallocs, .retains].map { metric in
                measured.result.metric(named: metric.name).map { Self.count($0.summary.median / scale) } ?? FigureText.missing
            }
            table.append([row.measurement, over] + perOperation + [Self.attribution(instructions, of: measured.result.name)])
        }
        guard !table.isEmpty else { return "" }
        let families = RuntimeFamily.allCases.map(\.rawValue).joined(separator: ", ")
        return """
            ### Where the time goes in the rows over the published best

            Each row whose median is above the published best: by how much, its instructions, allocations and \
            retains an operation (per field for the reads), and its \(LargestSelfCosts.count) largest self costs by the lab's \
            own attribution of the run's instruction count under callgrind (instructions per operation by \
            function, docs/results-schema.md), the runtime's functions gathered by family (\(families)), each \
            with its share of the instructions (at least \(FigureText.percent(LargestSelfCosts.minimumShare)) of them).


            """ + table.markdown()
    }

    /// The largest self costs of `benchmark`'s instruction count, or what the results lack.
    private static func attribution(_ instructions: MetricResult?, of benchmark: String) -> String {
        guard let instructions else {
            return "attribution missing: the run counted no instructions for `\(benchmark)`"
        }
        guard let largest = LargestSelfCosts(instructions) else {
            return "attribution missing: the results keep no functions for `\(benchmark)`'s instructions"
        }
        guard !largest.entries.isEmpty else {
            return "spread thin: no function or family takes \(FigureText.percent(LargestSelfCosts.minimumShare))"
        }
        return largest.markdown()
    }

    /// This run's tracked `@Observable` read per field, beside the published machine's: how
    /// the two machines' Observation compares. Nil when FieldRead did not measure it.
    func observableAnchor() -> String? {
        let fields = 8
        guard let time = index[.fieldRead(reader: "observableTracked", fields: fields)]?
            .metric(named: Metric.wallTime.name), !FigureText.isUndecided(time) else { return nil }
        return "A tracked `@Observable` read, Observation's own cost, is \(FigureText.median(time, scale: Double(fields))) "
            + "a field here (`FieldRead/observableTracked/\(fields)`) and "
            + "\(ValueFormat.string(ReferenceSystemFigures.observableTrackedRead, unit: .nanoseconds)) there. "
    }

    /// The heap of the store holding the page's records, per record, and the write-behind's
    /// share on the main actor (the image's file per record is a row of the table). Nil when
    /// RecordPage did not observe them.
    func imageBytes() -> String? {
        guard let hydrate = index[.recordPage(step: "imageHydrate")],
              let records = hydrate.metric(named: SuiteBenchmark.ObservedName.residentRecords)?.summary.median,
              records > 0 else { return nil }
        var text = ""
        if let store = hydrate.metric(named: SuiteBenchmark.ObservedName.storeBytes)?.summary.median {
            text += "The store holding the page takes \(ValueFormat.string(store, unit: .bytes)) of heap, "
                + "\(ValueFormat.string(store / records, unit: .bytes)) a record. "
        }
        if let encode = index[.recordPage(step: "imageEncode")]?.metric(named: Metric.wallTime.name),
           !FigureText.isUndecided(encode) {
            text += "The write-behind's share on the main actor (`imageEncode`, the rows encoded) is "
                + "\(FigureText.median(encode, scale: 1)) for the page's commit. "
        }
        return text.isEmpty ? nil : text
    }

    /// The floor of the ingest on this machine (issue 38): simdjson's parse of the page's bytes
    /// and a walk of its values, and the ingest's median over it, as the goal
    /// `record-ingest-floor` reads them. Nil when RecordPage did not measure both.
    func ingestFloor() -> String? {
        guard let floor = index[.recordPage(step: "referenceParse")]?.metric(named: Metric.wallTime.name),
              let ingest = index[.recordPage(step: "ingest")]?.metric(named: Metric.wallTime.name),
              !FigureText.isUndecided(floor), !FigureText.isUndecided(ingest), floor.summary.median > 0 else { return nil }
        return "The floor of the ingest here, simdjson's DOM parse of the page's bytes and a walk of every value "
            + "(`referenceParse`, in the same process), is \(FigureText.median(floor, scale: 1)); the ingest takes "
            + "\(FigureText.times(ingest.summary.median / floor.summary.median)) that (the goal: at most 2 ×). "
    }

    /// A count an operation: `19,471`, or `2.88` a field of a body of eight.
    private static func count(_ value: Double) -> String {
        value == value.rounded() || abs(value) >= 100 ? Int(value.rounded()).grouped : FigureText.significant(value)
    }

    /// A time's `median` in the run's reference paces; `missing` for another quantity or a
    /// figure not judged at pace.
    private static func paces(_ median: Double, of figure: MetricResult, row: ReferenceSystemFigures.Row) -> String {
        guard row.quantity.isTime, let pace = figure.referencePace else { return FigureText.missing }
        return FigureText.significant(median / pace.reference)
    }

    /// `468 µs (472 µs–505 µs)`, `2.87 ms (2.88 ms)` or `20.3 ns`, in the row's unit.
    private static func published(_ row: ReferenceSystemFigures.Row) -> String {
        let format = { (value: Double) in ValueFormat.string(value, unit: row.quantity.unit) }
        switch row.figure {
        case .best(let best, let medians):
            let median = medians.lowerBound == medians.upperBound ? format(medians.lowerBound)
                : "\(format(medians.lowerBound))–\(format(medians.upperBound))"
            return "\(format(best)) (\(median))"
        case .single(let value):
            return format(value)
        }
    }

    /// `5.50 × (5.28 ×)`: `value` over the published best, then over the median (`1.10–1.25 ×`
    /// against a range of medians); one ratio when only one figure was published.
    private static func ratio(_ value: Double, of row: ReferenceSystemFigures.Row) -> String {
        guard row.figure.best > 0 else { return FigureText.missing }
        let best = FigureText.times(row.ratioToBest(value))
        guard case .best(_, let medians) = row.figure else { return best }
        if medians.lowerBound == medians.upperBound { return "\(best) (\(FigureText.times(value / medians.lowerBound)))" }
        return "\(best) (\(FigureText.significant(value / medians.upperBound))–"
            + "\(FigureText.times(value / medians.lowerBound)))"
    }
}
