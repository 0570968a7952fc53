import Lattice

/// One issue's page (`TrackerIssueQuery`): the number and title come with the first payload,
/// the body and the comment count (`TrackerIssueBody_issue`, spread with `@defer`) when the
/// server sends them; until then the page shows the title and a placeholder.
@MainActor
public final class IssuePage {
    /// What the page shows of the deferred part.
    public enum Body: Equatable, Sendable {
        /// Not sent yet.
        case pending
        /// The body and how many comments the issue has.
        case arrived(text: String, comments: Int)
        /// The server failed to send it; the title stays.
        case failed(String)
    }

    private let issue: QueryModel<TrackerIssueQuery>

    /// The page of `issue`; attached at its first read.
    init(environment: Environment, issue: DataID) {
        self.issue = QueryModel(TrackerIssueQuery.self, environment: environment, variables: .init(id: issue))
    }

    /// The issue's title, once the first payload is in.
    public func title() -> String? {
        issue.data?.node?.asIssue?.title
    }

    /// The deferred part, as the generated lens types it (`Deferred`): pending, then arrived
    /// with the fragment's reference, or failed with its part's failure.
    public func body() -> Body {
        guard let shown = issue.data?.node?.asIssue else { return .pending }
        switch shown.trackerIssueBody_issue {
        case .pending:
            return .pending
        case .arrived(let reference):
            let body = TrackerIssueBody_issue(reference)
            return .arrived(text: body.body, comments: body.comments.totalCount)
        case .failed(let failure):
            return .failed(failure.description)
        }
    }
}
