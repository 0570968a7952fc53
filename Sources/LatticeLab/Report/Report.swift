import Foundation
import LatticeBench

/// BENCHMARKS.md, the dashboard and the history from one results file and the limits: the
/// lab's `report`. Everything is read and rendered before anything is written, so bad input
/// leaves every output as it was.
public enum Report {
    /// Where the inputs are and where the outputs go.
    public struct Paths: Sendable {
        /// The results file judged.
        public var results: String
        /// The limits file (spec/limits.json).
        public var limits: String
        /// BENCHMARKS.md.
        public var document: String
        /// The dashboard's folder; `index.html` is written into it.
        public var dashboard: String
        /// The history file this run is added to, when the run should be recorded.
        public var history: String?
        /// An SVG flamegraph to embed, when there is one.
        public var flamegraph: String?

        /// The paths; `history` and `flamegraph` default to none.
        public init(results: String, limits: String, document: String, dashboard: String,
                    history: String? = nil, flamegraph: String? = nil) {
            self.results = results
            self.limits = limits
            self.document = document
            self.dashboard = dashboard
            self.history = history
            self.flamegraph = flamegraph
        }
    }

    /// Judges, renders and writes. `runtimeDefault` is the strategy the runtime ships
    /// (`PhaseStrategy.shipped`), which the lab cannot know by itself.
    /// - Returns: the decision, for its one line.
    /// - Throws: `DocumentError` naming the input that is unreadable or corrupt, or the output that
    ///   could not be written.
    /// - Complexity: that of `Decision.init` plus rendering, O(results).
    @discardableResult
    public static func write(_ paths: Paths, runtimeDefault: String) throws(DocumentError) -> Decision {
        let results = try LabFiles.results(paths.results)
        let limits = try LabFiles.limits(paths.limits)
        let history = try paths.history.map { path throws(DocumentError) in try History.read(from: URL(fileURLWithPath: path)) }
        let flamegraph = try paths.flamegraph.map { path throws(DocumentError) in
            (name: URL(fileURLWithPath: path).lastPathComponent, svg: try LabFiles.data(path))
        }
        let findings = Findings(results: results, limits: limits, runtimeDefault: runtimeDefault)
        let document = BenchmarksDocument(findings: findings, resultsPath: paths.results,
                                          limitsPath: paths.limits).render()
        let updatedHistory = (history ?? History()).adding(findings.historyEntry())
        let dashboard = Dashboard(findings: findings, history: history == nil ? History() : updatedHistory,
                                  flamegraph: flamegraph).render()
        let historyData = try updatedHistory.encoded()

        try AtomicFile.write(Data(document.utf8), to: paths.document)
        try AtomicFile.write(Data(dashboard.utf8), to: URL(fileURLWithPath: paths.dashboard)
            .appendingPathComponent("index.html").path)
        if let path = paths.history { try AtomicFile.write(historyData, to: path) }
        return findings.decision
    }
}
