import LatticeBench

/// The figures the reference system (the decision record's system, shergin/baton) publishes for
/// its recorded page of responses and the paths around it, the one place they live, each with
/// its date and the benchmark of Lattice's suite measuring the same thing: what BENCHMARKS.md's
/// "The record's benchmark" sets Lattice's figures beside. A constant table: reading it costs
/// nothing.
///
/// Its page is 899 records (686 KB) of the public Rick and Morty API; `RecordPage` measures a page
/// of the same shape (`Tests/Fixtures/RecordPage`, 900 records, 689 KB) on another machine, so a
/// ratio says how far apart the two stand, not which runtime is faster. Rows of other
/// executables (`Optimistic`, `Pagination`) measure the same shape of work on their own data.
struct ReferenceSystemFigures {
    /// What the system published for one measurement, in the unit of the row's quantity.
    enum Figure: Equatable {
        /// The best run, and the median, or the range of medians across runs.
        case best(Double, medians: ClosedRange<Double>)
        /// One figure, published (or quoted) without its median.
        case single(Double)

        /// The best and its one median.
        static func best(_ best: Double, median: Double) -> Figure { .best(best, medians: median...median) }

        /// The median to compare against: its range (one value when only one was published).
        var medians: ClosedRange<Double> {
            switch self {
            case .best(_, let medians): medians
            case .single(let value): value...value
            }
        }

        /// The best figure published: the one a goal is set at.
        var best: Double {
            switch self {
            case .best(let best, _), .single(let best): best
            }
        }
    }

    /// What a row's figures are of: a metric of the benchmark, per operation or per one of its
    /// counts.
    struct Quantity: Equatable {
        /// The benchmark's metric.
        let metric: String
        /// Its unit, the published figure's too.
        let unit: Metric.Unit
        /// The count or observed figure of the benchmark the metric is divided by (the fields a
        /// body reads, the records a store holds); nil when per operation.
        let per: String?

        /// The time of an operation: what the lab attributes to functions by instructions.
        static let time = Quantity(metric: Metric.wallTime.name, unit: .nanoseconds, per: nil)
        /// The time of a read, per field of the body the benchmark reads whole.
        static let timePerField = Quantity(metric: Metric.wallTime.name, unit: .nanoseconds,
                                           per: SuiteBenchmark.CountName.fields)
        /// The image's file pages, per record it holds.
        static let imageBytesPerRecord = Quantity(metric: SuiteBenchmark.ObservedName.imageBytes, unit: .bytes,
                                                  per: SuiteBenchmark.ObservedName.residentRecords)

        /// Whether the quantity is a time, which instructions explain.
        var isTime: Bool { metric == Metric.wallTime.name }
    }

    /// One published measurement and the benchmark of the suite measuring the same thing.
    struct Row {
        /// The benchmark measuring it; nil while none of the suite does (the row says so).
        let benchmark: SuiteBenchmark?
        /// What is measured, in the lab's words, with what Lattice's operation does beyond the
        /// published one when it does more.
        let measurement: String
        /// What was published.
        let figure: Figure
        /// The entry it was published in: its date, or the range of entries it was quoted from.
        let date: String
        /// What the figures are of.
        var quantity = Quantity.time

        /// Lattice's `median` over the published best: the row misses when it is above 1
        /// (`misses(_:)`). - Complexity: O(1).
        func ratioToBest(_ median: Double) -> Double { median / figure.best }

        /// Whether Lattice's `median` misses the published best, the bar issue 38 sets every row
        /// (the one judgement of a row; the tables call it). - Complexity: O(1).
        func misses(_ median: Double) -> Bool { ratioToBest(median) > 1 }
    }

    /// The date of a figure issue 38 quotes without its entry's date.
    static let issue38 = "to 2026-10-09 (issue 38)"

    /// A tracked read of an `@Observable` property on the same machine, per field (the
    /// system's spike of 2026-10-02, its 0.1.0 entry): Observation's own cost there, to set
    /// beside this run's `FieldRead/observableTracked/8`.
    static let observableTrackedRead = 554.0

    /// Where the figures come from.
    static let source = "shergin/baton's BENCHMARKS.md, its entries to 2026-10-11 as issue 38 quotes them: "
        + "Apple M1 Pro (MacBook Pro), release build, best (median, or the range of medians across runs), "
        + "each row with the date of its entry"

    /// The published rows: the page's steps in the order `RecordPage` measures them, then the
    /// paths around it.
    static let rows: [Row] = [
        Row(benchmark: .recordPage(step: "ingest"), measurement: "Response bytes into a change set",
            figure: .best(1_730_000, median: 1_800_000), date: issue38),
        Row(benchmark: .recordPage(step: "commitIntoEmpty"), measurement: "Commit of 899 records into an empty store",
            figure: .best(470_000, median: 505_000), date: issue38),
        Row(benchmark: .recordPage(step: "commitAgain"), measurement: "The same payload again",
            figure: .best(113_000, median: 118_000), date: issue38),
        Row(benchmark: .recordPage(step: "commitOneChange"),
            measurement: "The payload again with one field changed, 20 rows observing (one notification)",
            figure: .single(116_000), date: issue38),
        Row(benchmark: .recordPage(step: "readUntracked"), measurement: "Untracked read, per field",
            figure: .single(20.3), date: issue38, quantity: .timePerField),
        Row(benchmark: .recordPage(step: "readTracked"), measurement: "Tracked read, per field of a body of eight",
            figure: .best(579, median: 628), date: issue38, quantity: .timePerField),
        Row(benchmark: .recordPage(step: "readCaught"), measurement: "A `@catch` read of a field without an error",
            figure: .single(78.6), date: issue38, quantity: .timePerField),
        Row(benchmark: .recordPage(step: "check"), measurement: "The data check of the page",
            figure: .best(137_000, median: 138_000), date: issue38),
        Row(benchmark: .recordPage(step: "unionIngest"), measurement: "Ingest of 899 objects under a union",
            figure: .best(508_000, median: 510_000), date: "2026-10-11"),
        Row(benchmark: .recordPage(step: "collectOneRoot"), measurement: "Collection over one root reaching 50,004 records",
            figure: .best(1_550_000, median: 1_770_000), date: issue38),
        Row(benchmark: .recordPage(step: "collect300Roots"), measurement: "Collection over 300 roots of one record each",
            figure: .best(25_400, median: 26_200), date: issue38),
        Row(benchmark: .recordPage(step: "collectNone"),
            measurement: "Collection keeping none of 50,000 records (the pass alone; a commit refills them before each, unmeasured)",
            figure: .single(20_400_000), date: issue38),
        Row(benchmark: .recordPage(step: "deleteOne"),
            measurement: "A commit deleting one record of 8,965, the readers of links to it told "
                + "(the published figure: a pass telling every slot linking to it; here none, a link read "
                + "tracking its target's type, and the commit writing the record back)",
            figure: .best(2_130_000, median: 2_150_000), date: "2026-10-04"),
        Row(benchmark: .recordPage(step: "imageWrite"),
            measurement: "The image written behind, its 898 rows merged into rows already there "
                + "(1.18 ms (1.41 ms) into an empty image)",
            figure: .single(1_620_000), date: issue38),
        Row(benchmark: .recordPage(step: "imageHydrate"), measurement: "Hydration of the page's 898 rows into an empty store",
            figure: .best(1_780_000, median: 1_840_000), date: issue38),
        Row(benchmark: .recordPage(step: "imageLaunch"), measurement: "A launch: the image opened and the page hydrated together",
            figure: .best(4_010_000, median: 4_760_000), date: "2026-10-04"),
        Row(benchmark: .optimistic(step: "oneRow", size: 20),
            measurement: "An optimistic layer over 20 observed rows applied, then reverted, one row notified each time "
                + "(3.00 µs (3.21 µs) and 2.21 µs (2.33 µs); here its body also runs again)",
            figure: .best(5_210, median: 5_540), date: "2026-10-03"),
        Row(benchmark: .pagination(step: "appendEdge", page: 1),
            measurement: "An optimistic `@appendEdge` on 50 edges applied, then reverted (5.79 µs and 4.67 µs)",
            figure: .single(10_460), date: "2026-10-04"),
        Row(benchmark: .pagination(step: "loadListOnly", page: 2),
            measurement: "`loadNext`, a page of 50, no body reading the nodes (here page 2, loaded and taken back)",
            figure: .single(190_000), date: "2026-10-07"),
        Row(benchmark: .pagination(step: "load", page: 2),
            measurement: "`loadNext`, a page of 50, a body reading the nodes (here page 2, loaded and taken back)",
            figure: .single(222_000), date: "2026-10-07"),
        Row(benchmark: .pagination(step: "nodes", page: 42), measurement: "The nodes of 2,100 merged edges, untracked",
            figure: .single(80_800), date: issue38),
        Row(benchmark: .recordPage(step: "longSession"),
            measurement: "A long session: a lookup's commit after 50,000 lookups of new ids "
                + "(1.33 µs (1.46 µs) at its start; +20.3 MB over 61,308 records; here without the record's 500 pages, "
                + "the commit writing a character deleted since its lookup and deleting another)",
            figure: .best(2_120, median: 2_330), date: "2026-10-07"),
        Row(benchmark: .incremental(step: "multipart", size: 16),
            measurement: "A multipart answer of 20 parts, 978 KB, read in 16 KB chunks",
            figure: .best(482_000, median: 491_000), date: "2026-10-04"),
        Row(benchmark: .recordPage(step: "imageHydrate"),
            measurement: "The image's file holding the page, per record (the published file: "
                + "\(Int(imageFileBytes).grouped) B for \(Int(imageFileRows)) rows)",
            figure: .single(imageFileBytes / imageFileRows), date: "2026-10-03", quantity: .imageBytesPerRecord),
    ]

    /// The bytes of the system's image file holding the page (its 686 KB response), and the
    /// rows it holds (issue 38).
    static let imageFileBytes = 167_936.0
    /// The rows of that file.
    static let imageFileRows = 898.0
}
