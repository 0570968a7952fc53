extension ResultsComparison {
    /// One metric of one benchmark, compared.
    public struct Row: Sendable {
        /// The benchmark's name.
        public var benchmark: String
        /// The baseline's summary of the metric.
        public var baseline: Summary
        /// The candidate's summary of the metric.
        public var candidate: Summary
        /// The comparison of the two sample sets.
        public var comparison: Comparison
        /// When the figure moved and both sides carry per-function counts (`MetricResult.functions`):
        /// the functions whose self counts moved most (`FunctionChange.largest`); else empty.
        public var attribution: [FunctionChange]
        /// When a count grew and both sides carry the events behind it (`MetricResult.events`):
        /// the candidate's events the baseline's lack (`CountEvent.added(from:to:)`), which name
        /// the commit and field behind each extra; else empty.
        public var addedEvents: [CountEvent]

        /// Creates a row.
        public init(benchmark: String, baseline: Summary, candidate: Summary,
                    comparison: Comparison, attribution: [FunctionChange] = [], addedEvents: [CountEvent] = []) {
            self.benchmark = benchmark
            self.baseline = baseline
            self.candidate = candidate
            self.comparison = comparison
            self.attribution = attribution
            self.addedEvents = addedEvents
        }
    }
}
