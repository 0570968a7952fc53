/// The figures the reference system (the decision record's system, shergin/baton) publishes for
/// its recorded page of responses, the one place they live, with their source: what
/// BENCHMARKS.md's "The record's benchmark" sets Lattice's `RecordPage` figures beside. A constant
/// table: reading it costs nothing.
///
/// Its page is 899 records (686 KB) of the public Rick and Morty API; `RecordPage` measures a page
/// of the same shape (`Tests/Fixtures/RecordPage`, 900 records, 689 KB) on another machine, so a
/// ratio says how far apart the two stand, not which runtime is faster.
struct ReferenceSystemFigures {
    /// What the system published for one measurement, in nanoseconds.
    enum Figure: Equatable {
        /// The best run, and the median, or the range of medians across runs.
        case best(Double, medians: ClosedRange<Double>)
        /// One figure, published without saying whether it is a best or a median.
        case single(Double)

        /// The median to compare against: its range (one value when only one was published).
        var medians: ClosedRange<Double> {
            switch self {
            case .best(_, let medians): medians
            case .single(let value): value...value
            }
        }
    }

    /// One published measurement and the `RecordPage` step measuring the same thing.
    struct Row {
        /// The step of `RecordPage/<step>`.
        let step: String
        /// What is measured, in the lab's words.
        let measurement: String
        /// What was published.
        let figure: Figure
        /// Whether the figure is per field of the body, which the step reads whole (its
        /// `fields` count says how many).
        var perField = false
    }

    /// A tracked read of an `@Observable` property on the same machine, per field (the
    /// system's spike of 2026-10-02, its 0.1.0 entry): Observation's own cost there, to set
    /// beside this run's `FieldRead/observableTracked/8`.
    static let observableTrackedRead = 554.0

    /// Where the figures come from.
    static let source = "shergin/baton's BENCHMARKS.md, October 2026: Apple M1 Pro (MacBook Pro), "
        + "release build, best (median, or the range of medians across runs)"

    /// The published rows, in the order the page measures them.
    static let rows: [Row] = [
        Row(step: "ingest", measurement: "Response bytes into normalized records",
            figure: .best(2_870_000, medians: 2_880_000...2_880_000)),
        Row(step: "commitIntoEmpty", measurement: "Commit into an empty store",
            figure: .best(468_000, medians: 472_000...505_000)),
        Row(step: "commitAgain", measurement: "The same payload again",
            figure: .best(113_000, medians: 114_000...118_000)),
        Row(step: "readUntracked", measurement: "Untracked read, per field", figure: .single(20.3), perField: true),
        Row(step: "readTracked", measurement: "Tracked read, per field of a body of eight",
            figure: .best(579, medians: 606...628), perField: true),
        Row(step: "check", measurement: "The data check of the page", figure: .single(127_000)),
        Row(step: "collectOneRoot", measurement: "Collection over one root reaching 50,004 records",
            figure: .best(1_550_000, medians: 1_770_000...1_930_000)),
        Row(step: "collect300Roots", measurement: "Collection over 300 roots of one record each",
            figure: .single(31_700)),
        Row(step: "imageWrite", measurement: "The image written behind the commit, off the main actor",
            figure: .single(1_120_000)),
        Row(step: "imageHydrate", measurement: "The page read from the image into an empty store",
            figure: .single(1_560_000)),
    ]

    /// The bytes of the system's image file holding the page (its 686 KB response).
    static let imageFileBytes = 168_000.0
}
