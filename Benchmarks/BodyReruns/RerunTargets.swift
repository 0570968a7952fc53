import Lattice

/// Where each commit kind writes, for one operation: fields of its `ok` fixture's records.
struct RerunTargets {
    /// The operation.
    let operation: String
    /// The record whose fields the value, null and error commits write.
    let record: DataID
    /// A scalar the verdict weighs: in the operation's own selection, or (for an operation
    /// whose selection is only spreads) inside a spread.
    let valueField: String
    /// A nullable scalar beside it, written to or from null.
    let nullField: String
    /// A scalar where a field error lands and is cleared, and the error's response path.
    let errorField: String
    let errorPath: [GraphQLError.PathElement]

    /// The two operations the decision record names: Dashboard, the largest
    /// `@throwOnFieldError` one, written inline, and IssueScreen, whose own selection is only
    /// spreads (its limit: no extra body).
    static let all: [RerunTargets] = [
        RerunTargets(operation: "Dashboard", record: DataID("VXNlcjox"), valueField: "bio", nullField: "bio",
                     errorField: "bio", errorPath: [.key("viewer"), .key("bio")]),
        RerunTargets(operation: "IssueScreen", record: DataID("SXNzdWU6MQ=="), valueField: "title",
                     nullField: "closedAt", errorField: "body",
                     errorPath: [.key("repository"), .key("issue"), .key("body")]),
    ]

    /// A field no operation selects, written by the `otherValue` commit.
    static let unreadField = "labUnread"
}
