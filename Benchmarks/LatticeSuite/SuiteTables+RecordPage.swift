import LatticeBench

/// The record's benchmark: Lattice's figures (`RecordPage`'s, and the rows of the executables
/// measuring the paths around the page) beside the ones the decision record's system publishes
/// (`ReferenceSystemFigures`).
extension SuiteTables {
    /// Per published measurement that this run measured: Lattice's median with its interval
    /// (per field for the reads), the published figure, the ratio of Lattice's median to the
    /// published median (a range when a range of medians was published), Lattice's median in
    /// the run's reference paces (these two only for a decided figure), and the published
    /// entry's date.
    /// - Complexity: O(rows).
    func recordPage() -> TextTable {
        var table = TextTable(headers: ["measurement", "Lattice, this machine (median [95% CI])",
                                          "published, M1 Pro: best (median)", "Lattice ÷ published median",
                                          "Lattice in paces", "published"], numericFrom: 1)
        for row in ReferenceSystemFigures.rows {
            guard let result = index[row.benchmark],
                  let time = result.metric(named: Metric.wallTime.name) else { continue }
            let fields = result.metric(named: SuiteBenchmark.CountName.fields)?.summary.median
            // A per-field figure of a body whose fields were not counted cannot be divided.
            guard let scale = row.perField ? fields : 1, scale > 0 else {
                table.append([row.measurement, FigureText.missing, Self.published(row.figure), FigureText.missing,
                              FigureText.missing, row.date])
                continue
            }
            let median = time.summary.median / scale
            // An undecided figure is shown as such, never as the base of a ratio.
            let decided = !FigureText.isUndecided(time)
            table.append([row.measurement, FigureText.figure(time, scale: scale), Self.published(row.figure),
                          decided ? Self.ratio(median, over: row.figure.medians) : "undecided",
                          decided ? time.referencePace.map { FigureText.significant(median / $0.reference) }
                              ?? FigureText.missing : "undecided", row.date])
        }
        return table
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

    /// The bytes of the page's image and of the store holding it, each per record, beside the
    /// published file; and the write-behind's share on the main actor. Nil when RecordPage did
    /// not observe them.
    func imageBytes() -> String? {
        guard let hydrate = index[.recordPage(step: "imageHydrate")],
              let image = hydrate.metric(named: SuiteBenchmark.ObservedName.imageBytes)?.summary.median,
              let records = hydrate.metric(named: SuiteBenchmark.ObservedName.residentRecords)?.summary.median,
              records > 0 else { return nil }
        var text = "The image holding the page uses \(ValueFormat.string(image, unit: .bytes)) of file pages, "
            + "\(ValueFormat.string(image / records, unit: .bytes)) a record "
            + "(\(ValueFormat.string(ReferenceSystemFigures.imageFileBytes, unit: .bytes)) published for "
            + "\(Int(ReferenceSystemFigures.imageFileRows)) rows, "
            + "\(ValueFormat.string(ReferenceSystemFigures.imageFileBytes / ReferenceSystemFigures.imageFileRows, unit: .bytes)) "
            + "a row: \(FigureText.times(image / ReferenceSystemFigures.imageFileBytes))); "
        if let store = hydrate.metric(named: SuiteBenchmark.ObservedName.storeBytes)?.summary.median {
            text += "the store holding it, \(ValueFormat.string(store, unit: .bytes)) of heap, "
                + "\(ValueFormat.string(store / records, unit: .bytes)) a record. "
        }
        if let encode = index[.recordPage(step: "imageEncode")]?.metric(named: Metric.wallTime.name),
           !FigureText.isUndecided(encode) {
            text += "The write-behind's share on the main actor (`imageEncode`, the rows encoded) is "
                + "\(FigureText.median(encode, scale: 1)) for the page's commit. "
        }
        return text
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

    /// `468 µs (472 µs–505 µs)`, `2.87 ms (2.88 ms)` or `20.3 ns`.
    private static func published(_ figure: ReferenceSystemFigures.Figure) -> String {
        let format = { (value: Double) in ValueFormat.string(value, unit: .nanoseconds) }
        switch figure {
        case .best(let best, let medians):
            let median = medians.lowerBound == medians.upperBound ? format(medians.lowerBound)
                : "\(format(medians.lowerBound))–\(format(medians.upperBound))"
            return "\(format(best)) (\(median))"
        case .single(let value):
            return format(value)
        }
    }

    /// `1.23 ×`, or `1.10–1.25 ×` against a range of medians.
    private static func ratio(_ value: Double, over medians: ClosedRange<Double>) -> String {
        guard medians.lowerBound > 0 else { return FigureText.missing }
        if medians.lowerBound == medians.upperBound { return FigureText.times(value / medians.lowerBound) }
        return "\(FigureText.significant(value / medians.upperBound))–"
            + FigureText.times(value / medians.lowerBound)
    }
}
