import Foundation

/// Where the lab's files are, relative to the package root it runs in: the committed outputs
/// of a full run, the baseline CI checks, the limits, and the folders a run writes under
/// `.build/lab`.
public struct LabLayout: Sendable {
    /// The package root (the lab runs in it).
    public let root: URL

    /// The layout of the package at `root`.
    public init(root: URL) { self.root = root }

    /// A path under the root.
    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The committed results of the last full run.
    var latestResults: String { path("results/latest.json") }
    /// The committed baseline of exact figures CI checks every commit against.
    var baseline: String { path("results/baseline.json") }
    /// The changes accepted into the baseline (BENCHMARKS.md lists them).
    var accepted: String { path("results/accepted.json") }
    /// spec/'s limits.
    var limits: String { path("spec/limits.json") }
    /// BENCHMARKS.md, the committed benchmarks page a full run on spec/ rewrites.
    var benchmarksPage: String { path("BENCHMARKS.md") }
    /// The committed dashboard.
    var dashboard: String { path("dashboards") }
    /// What the lab writes and keeps between runs.
    var lab: URL { root.appendingPathComponent(".build/lab") }
    /// The release executables of a commit a comparison built (`scripts/bench.sh` builds them).
    func bins(of commit: String) -> URL { lab.appendingPathComponent("bins/\(commit)") }
    /// The checkout of a commit a comparison runs from.
    func worktree(of commit: String) -> URL { lab.appendingPathComponent("worktrees/\(commit.prefix(12))") }

    /// What a folder given to `--spec` must hold, as spec/ does.
    static let specEntries = ["schema.graphql", "directives.graphql", "operations", "responses", "limits.json"]
}
