extension ResultsFile {
    /// The first internal inconsistency JSON decoding cannot catch: a duplicate benchmark or
    /// metric name, no samples, a summary whose `n` differs from its sample count, a non-positive
    /// `iterationsPerSample`, a function named twice in a metric's attribution, an allocation
    /// site named twice or with no allocations.
    /// - Complexity: O(benchmarks · metrics · functions).
    public func inconsistency() -> DecodingFailure? {
        var names = Set<String>()
        for (b, benchmark) in benchmarks.enumerated() {
            let at = "$.benchmarks[\(b)]"
            guard names.insert(benchmark.name).inserted else {
                return DecodingFailure(path: "\(at).name",
                                       reason: "duplicate benchmark name \"\(benchmark.name)\"")
            }
            guard benchmark.iterationsPerSample >= 1 else {
                return DecodingFailure(path: "\(at).iterationsPerSample",
                                       reason: "must be at least 1, found \(benchmark.iterationsPerSample)")
            }
            var metricNames = Set<String>()
            for (m, result) in benchmark.metrics.enumerated() {
                let metricAt = "\(at).metrics[\(m)]"
                guard metricNames.insert(result.metric.name).inserted else {
                    return DecodingFailure(path: "\(metricAt).metric.name",
                                           reason: "duplicate metric \"\(result.metric.name)\"")
                }
                guard !result.samples.isEmpty else {
                    return DecodingFailure(path: "\(metricAt).samples", reason: "no samples")
                }
                guard result.summary.n == result.samples.count else {
                    return DecodingFailure(
                        path: "\(metricAt).summary.n",
                        reason: "is \(result.summary.n) but there are \(result.samples.count) samples")
                }
                if let failure = Self.inconsistency(of: result.events ?? [], at: "\(metricAt).events") {
                    return failure
                }
                var functionNames = Set<String>()
                for (f, function) in (result.functions ?? []).enumerated()
                where !functionNames.insert(function.name).inserted {
                    return DecodingFailure(path: "\(metricAt).functions[\(f)].name",
                                           reason: "duplicate function \"\(function.name)\"")
                }
                var siteNames = Set<String>()
                for (s, site) in (result.allocationSites ?? []).enumerated() {
                    guard siteNames.insert(site.function).inserted else {
                        return DecodingFailure(path: "\(metricAt).allocationSites[\(s)].function",
                                               reason: "duplicate site \"\(site.function)\"")
                    }
                    guard site.allocations.isFinite, site.allocations > 0 else {
                        return DecodingFailure(path: "\(metricAt).allocationSites[\(s)].allocations",
                                               reason: "must be a positive count, found \(site.allocations)")
                    }
                }
            }
        }
        return nil
    }

    /// The first event behind a count that cannot be one: a commit numbered under 1, an origin
    /// without a commit, an empty field or body name.
    private static func inconsistency(of events: [CountEvent], at path: String) -> DecodingFailure? {
        for (e, event) in events.enumerated() {
            let at = "\(path)[\(e)]"
            if let commit = event.commit, commit < 1 {
                return DecodingFailure(path: "\(at).commit", reason: "must be at least 1, found \(commit)")
            }
            if event.commit == nil, event.origin != nil {
                return DecodingFailure(path: "\(at).origin", reason: "an origin without a commit")
            }
            if let f = event.fields.firstIndex(where: \.isEmpty) {
                return DecodingFailure(path: "\(at).fields[\(f)]", reason: "an empty field name")
            }
            if event.body?.isEmpty == true {
                return DecodingFailure(path: "\(at).body", reason: "an empty body name")
            }
        }
        return nil
    }
}
