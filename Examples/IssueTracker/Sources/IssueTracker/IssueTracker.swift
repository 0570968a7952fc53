import Foundation
import Lattice

/// The tracker's screen: a repository's issues as a list shows them, closing one, and
/// following one live. Every read goes through the types the build plugin generated from
/// GraphQL/ (`TrackerScreenQuery`, `TrackerRow_issue`, `TrackerCloseIssueMutation`,
/// `TrackerIssueUpdatesSubscription`), never a string key: a body that calls `rows()` re-runs
/// when a field it read changes, and at no other time.
@MainActor
public final class IssueTracker {
    /// One row of the list, read from the store when asked.
    public struct Row: Hashable, Sendable {
        public let id: DataID
        public let number: Int
        public let title: String
        public let isOpen: Bool
        public let author: String?
        public let comments: Int
    }

    /// The program the build plugin generated from GraphQL/ (`LatticeProgram`: spec/'s schema
    /// and this module's documents, as text): an app's environment runs it, with no resource
    /// and no list of documents. Built once, at its first read.
    public static var program: Program { LatticeProgram.program }

    private let environment: Environment
    private let screen: QueryHandle<TrackerScreenQuery>

    /// The screen of `owner/name`'s issues, fetched as the environment's policy says.
    public init(environment: Environment, owner: String, name: String) {
        self.environment = environment
        screen = environment.attach(TrackerScreenQuery.self, variables: .init(owner: owner, name: name))
    }

    /// Waits until the screen's first fetch has answered.
    public func load() async {
        await screen.handle.waitForFetch()
    }

    /// The repository's `owner/name`, once loaded.
    public func title() -> String? {
        screen.data?.repository?.nameWithOwner
    }

    /// The rows in the server's order; empty until the screen is ready.
    public func rows() -> [Row] {
        guard let nodes = screen.data?.repository?.issues.nodes else { return [] }
        var rows: [Row] = []
        for case let node? in nodes {
            let issue = TrackerRow_issue(node.trackerRow_issue)
            rows.append(Row(id: issue.id, number: issue.number, title: issue.title,
                            isOpen: issue.state == .open, author: issue.author?.login,
                            comments: issue.comments.totalCount))
        }
        return rows
    }

    /// Closes `issue` as completed: its row shows it closed in this main-actor turn (the
    /// generated optimistic response), and the answer replaces that, or a failure reverts it.
    /// - Returns: the issue's state as the server answered, `nil` if it answered no issue.
    public func close(_ issue: DataID) async throws(Failure) -> Bool? {
        let closed = TrackerCloseIssueMutation.OptimisticResponse(
            closeIssue: .init(issue: .init(id: issue, state: .closed, stateReason: .completed)))
        let data = try await environment.mutate(TrackerCloseIssueMutation.self, variables: .init(issueId: issue),
                                                optimisticResponse: closed)
        guard let issue = data.closeIssue?.issue else { return nil }
        return issue.state == .open
    }

    /// Follows `issue` live: each event commits the issue as it now is, which the rows read.
    public func follow(_ issue: DataID) -> SubscriptionHandle {
        environment.subscribe(TrackerIssueUpdatesSubscription.self, variables: .init(id: issue))
    }
}
