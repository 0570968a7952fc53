/// One metric of one benchmark: every sample, per operation, and their summary.
public struct MetricResult: Codable, Sendable, Equatable {
    /// What was measured.
    public var metric: Metric
    /// Raw samples in the metric's unit, per operation, in the order they were taken.
    public var samples: [Double]
    /// Statistics of `samples`.
    public var summary: Summary
    /// For instructions counted under callgrind: the functions that account for most of the
    /// count, per operation, largest inclusive cost first (`InstructionAttribution`); nil when
    /// the run kept no attribution (other metrics, older files).
    public var functions: [FunctionCost]?
    /// With `functions`: every function whose absolute self count exceeds this is listed (those
    /// left out are at most this large); 0 when none was left out.
    public var functionsOmittedBelow: Double?
    /// For instructions counted with `--hash-seeds`: the count per operation in each of that
    /// many processes under a random hash seed, one heap layout each. Their spread is what
    /// hashing of addresses (key paths' metadata, object identities) alone does to the count,
    /// which a rebuild of unchanged code can land anywhere in; nil when not measured.
    public var seedSamples: [Double]?
    /// For instructions counted under callgrind: the functions that asked for memory most often
    /// in an operation, most allocations first, at most `AllocationSites.kept`
    /// (`AllocationSites`); empty when the operation allocated nothing; nil when not measured
    /// (other metrics, older files).
    public var allocationSites: [AllocationSite]?
    /// For a time judged at the machine's reference pace (`ResultsFile.atReferencePace()`): how
    /// many samples were taken at it; nil when the samples were not filtered by pace.
    public var referencePace: ReferencePace?
    /// For a benchmark's own count (`Metric.count`): the events behind it in one representative
    /// operation, run once with the runtime's event log on, outside the measured passes
    /// (`Benchmark`'s `events`); nil when the benchmark records none (older files too).
    public var events: [CountEvent]?

    /// How many of a metric's samples were taken at the machine's reference pace.
    public struct ReferencePace: Codable, Sendable, Equatable {
        /// The reference pace, nanoseconds of `MachinePace`'s workload.
        public var reference: Double
        /// Samples taken at it: the ones `samples` holds when there were enough.
        public var atPace: Int
        /// Samples taken in all.
        public var taken: Int
        /// Samples the scheduler disturbed (`Disturbance`), set aside whatever their pace; nil
        /// when the run recorded nothing that tells.
        public var disturbed: Int?

        /// Whether enough samples were at pace to judge the figure (`PaceMatching.minimumSamples`).
        public var suffices: Bool { atPace >= PaceMatching.minimumSamples }

        /// Creates a count.
        public init(reference: Double, atPace: Int, taken: Int, disturbed: Int? = nil) {
            self.reference = reference
            self.atPace = atPace
            self.taken = taken
            self.disturbed = disturbed
        }
    }

    /// The median and its interval in paces (`PaceFigure`) for a time judged at its run's
    /// reference pace (`referencePace`, recorded by `ResultsFile.atReferencePace()`); nil for
    /// other metrics, unfiltered files, and too few samples at pace (the samples are then of
    /// every speed, and no multiple of the reference pace). - Complexity: O(1).
    public var paceFigure: PaceFigure? {
        guard metric.unit == .nanoseconds, let referencePace, referencePace.suffices else { return nil }
        return PaceFigure(nanoseconds: summary.median, interval: summary.medianInterval, reference: referencePace.reference)
    }

    /// Stores samples with a summary computed elsewhere (e.g. with another seed), and the
    /// functions they are attributed to, if known.
    public init(metric: Metric, samples: [Double], summary: Summary, functions: [FunctionCost]? = nil,
                functionsOmittedBelow: Double? = nil) {
        self.metric = metric
        self.samples = samples
        self.summary = summary
        self.functions = functions
        self.functionsOmittedBelow = functionsOmittedBelow
    }

    /// Summarizes `samples` with `Summary`'s defaults.
    /// - Throws: `StatisticsError` for empty or non-finite samples.
    /// - Complexity: that of `Summary.init`.
    public init(metric: Metric, samples: [Double], functions: [FunctionCost]? = nil,
                functionsOmittedBelow: Double? = nil) throws(StatisticsError) {
        self.init(metric: metric, samples: samples, summary: try Summary(samples: samples), functions: functions,
                  functionsOmittedBelow: functionsOmittedBelow)
    }
}
