import Foundation

/// The commit measured and whether the working tree differed from it.
public struct SourceRevision: Codable, Sendable, Hashable {
    /// Full commit hash of HEAD.
    public var commit: String
    /// Whether `git status --porcelain` listed anything (modified, staged or untracked files):
    /// then the figures belong to no commit exactly.
    public var dirty: Bool

    /// Creates a revision directly.
    public init(commit: String, dirty: Bool) {
        self.commit = commit
        self.dirty = dirty
    }

    /// Reads HEAD and the tree's state of the git work tree containing `directory`.
    /// - Returns: nil when git is missing or `directory` is not inside a work tree.
    /// - Complexity: two git subprocesses; `git status` walks the tree.
    public static func current(in directory: URL) -> SourceRevision? {
        guard let head = Subprocess.output(["git", "rev-parse", "HEAD"], in: directory),
              let status = Subprocess.output(["git", "status", "--porcelain"], in: directory)
        else { return nil }
        let commit = head.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !commit.isEmpty else { return nil }
        return SourceRevision(commit: commit,
                              dirty: !status.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
}
