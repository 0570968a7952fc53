import Foundation
import LatticeBench

/// BENCHMARKS.md, the dashboard (with its history and flamegraph) and a copy of the results
/// from one results file and the limits: the lab's `report`. Everything is read and rendered
/// before anything is written, and the outputs are written as one set (`FileSet`): staged
/// beside their targets, then renamed. Bad input, or an output that cannot be written, leaves
/// every output as it was.
public enum Report {
    /// Where the inputs are and where the outputs go.
    public struct Paths: Sendable {
        /// The results file judged.
        public var results: String
        /// The limits file (spec/limits.json).
        public var limits: String
        /// BENCHMARKS.md.
        public var page: String
        /// The dashboard's folder; `index.html` is written into it.
        public var dashboard: String
        /// The history file this run is added to, when the run should be recorded.
        public var history: String?
        /// An SVG flamegraph to embed, when there is one; it is also copied into the dashboard's
        /// folder as `flamegraph.svg`.
        public var flamegraph: String?
        /// Where the results are kept beside the report (`results/latest.json`), when they
        /// should be: the results file's bytes, written with the set. BENCHMARKS.md then
        /// names this path as its source.
        public var resultsCopy: String?
        /// The changes accepted into the committed baseline (`results/accepted.json`), listed
        /// in BENCHMARKS.md; a missing file lists none.
        public var accepted: String?
        /// The committed baseline (`results/baseline.json`), when the run should be judged
        /// against it: the gate compares the results with it, and the dashboard shows the run's
        /// largest instruction change against it (its differential view).
        public var baseline: String?
        /// Whether this run's decision is written into the limits file as its `ships` (a full
        /// run: what ships is computed by the run, never typed by hand). Nothing is written when
        /// the run decides nothing or the file already says the same.
        public var recordsShips: Bool
        /// The folder the reports name their inputs relative to: the package root the lab runs
        /// in. A path under it is printed relative to it, so the same results render to the
        /// same bytes in any checkout; a relative path, or one outside it, is printed as given.
        /// `nil` prints every path as given.
        public var root: String?

        /// The paths; `history`, `flamegraph`, `resultsCopy`, `accepted`, `baseline` and `root`
        /// default to none.
        public init(results: String, limits: String, page: String, dashboard: String,
                    history: String? = nil, flamegraph: String? = nil, resultsCopy: String? = nil,
                    accepted: String? = nil, baseline: String? = nil, recordsShips: Bool = false,
                    root: String? = nil) {
            self.results = results
            self.limits = limits
            self.page = page
            self.dashboard = dashboard
            self.history = history
            self.flamegraph = flamegraph
            self.resultsCopy = resultsCopy
            self.accepted = accepted
            self.baseline = baseline
            self.recordsShips = recordsShips
            self.root = root
        }

        /// `path` as the reports print it: relative to `root` when it lies under it, else as
        /// given. - Complexity: O(length of the two paths).
        func shown(_ path: String) -> String {
            guard let root, path.hasPrefix("/") else { return path }
            let base = URL(fileURLWithPath: root).standardizedFileURL.path
            let full = URL(fileURLWithPath: path).standardizedFileURL.path
            let prefix = base.hasSuffix("/") ? base : base + "/"
            return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : path
        }
    }

    /// Judges, renders and writes the report on `suite`'s results. `runtimeDefault` is the
    /// strategy the runtime ships (`PhaseStrategy.shipped`), which the lab cannot know by itself. The judgement is the
    /// release gate's (`ReleaseGate`, against `paths.baseline` when given, as `lattice gate
    /// --baseline` judges), and BENCHMARKS.md and the dashboard print its one outcome.
    /// - Returns: the gate, for its one line.
    /// - Throws: `JSONFileError` naming the input that is unreadable or corrupt (results with
    ///   no benchmarks included: a report of nothing would replace the figures), or the output
    ///   that could not be written; every output is then as it was.
    /// - Complexity: that of `ReleaseGate.init` plus rendering, O(results).
    @discardableResult
    public static func write(_ paths: Paths, suite: any BenchmarkSuite,
                             runtimeDefault: String) throws(JSONFileError) -> ReleaseGate {
        let resultsData = try LabFiles.data(paths.results)
        let results = try ResultsFile.read(resultsData, file: paths.results)
        guard !results.benchmarks.isEmpty else {
            throw .corrupt(file: paths.results, path: "$.benchmarks", reason: "holds no benchmarks")
        }
        var limits = try LabFiles.limits(paths.limits)
        let history = try paths.history.map { path throws(JSONFileError) in try History.read(from: URL(fileURLWithPath: path)) }
        let flamegraph = try paths.flamegraph.map { path throws(JSONFileError) in
            (name: URL(fileURLWithPath: path).lastPathComponent, svg: try LabFiles.data(path))
        }
        let accepted = try paths.accepted.map { path throws(JSONFileError) in try AcceptedChange.read(from: path) } ?? []
        // The gate names the baseline in the reports' words: by the path they print.
        let baseline = try paths.baseline.map { path throws(JSONFileError) in
            (path: paths.shown(path), file: try LabFiles.results(path))
        }
        var findings = Findings(gate: try ReleaseGate(results: results, limits: limits, runtimeDefault: runtimeDefault,
                                                      baseline: baseline), suite: suite)
        // What ships is the run's decision: recorded, the reports read the file as rewritten.
        var recordedLimits: LabLimits?
        if paths.recordsShips, let decided = findings.decision.decidedStrategy, decided != limits.ships {
            limits.ships = decided
            recordedLimits = limits
            findings = findings.shipping(decided)
        }
        let againstBaseline = try baseline.map { baseline throws(JSONFileError) in
            let check = try BaselineCheck(baseline: baseline.file, results: results, limits: limits.file,
                                          resultsPath: paths.results)
            let figures = check.rows.filter { $0.comparison.metric.name == Metric.instructions.name }.count
            return (figures: figures, largest: LargestChange(check: check, baseline: baseline.file, results: results))
        }
        let page = BenchmarksPage(findings: findings, resultsPath: paths.shown(paths.resultsCopy ?? paths.results),
                                  limitsPath: paths.shown(paths.limits), accepted: accepted).render()
        let updatedHistory = (history ?? History()).adding(findings.historyEntry())
        let dashboard = Dashboard(findings: findings, history: history == nil ? History() : updatedHistory,
                                  flamegraph: flamegraph, againstBaseline: againstBaseline).render()
        let historyData = try updatedHistory.encoded()

        let folder = URL(fileURLWithPath: paths.dashboard)
        var outputs = FileSet()
        if let path = paths.resultsCopy { outputs.add(resultsData, at: path) }
        outputs.add(Data(page.utf8), at: paths.page)
        if let flamegraph { outputs.add(flamegraph.svg, at: folder.appendingPathComponent("flamegraph.svg").path) }
        outputs.add(Data(dashboard.utf8), at: folder.appendingPathComponent("index.html").path)
        if let path = paths.history { outputs.add(historyData, at: path) }
        if let recordedLimits { outputs.add(try recordedLimits.encoded(file: paths.limits), at: paths.limits) }
        try outputs.write()
        return findings.gate
    }
}
