/// One thing the runtime did, as an `EventLog` keeps it: what happened, to which operation,
/// request, commit, field or body, and when; never a field's value, and a record's id only
/// when the log `includesValues`.
public struct RuntimeEvent: Hashable, Sendable {
    /// The event's place in everything the log has heard since it was made (or emptied),
    /// from 1: numbers missing before the oldest kept event are the events dropped.
    public let sequence: Int
    /// When it happened, since the log was made (a monotonic clock).
    public let time: Duration
    /// What happened.
    public let kind: Kind

    /// What happened, with the names and ids that say to what.
    public enum Kind: Hashable, Sendable {
        /// A request of `operation` was sent; `request` numbers it in this log.
        case requestSent(request: Int, operation: String)
        /// A payload of the request's answer came: `payload` 1 for a whole answer or the
        /// first part, and on for later parts.
        case payloadAnswered(request: Int, operation: String, payload: Int)
        /// The request failed (`Failure.name`, value-free).
        case requestFailed(request: Int, operation: String, failure: String)
        /// The request was cancelled: no handle waited for it any longer, or the store was
        /// emptied.
        case requestCancelled(request: Int, operation: String)
        /// A commit was published (`CommitEvent`).
        case committed(CommitEvent)
        /// Commit `commit` notified the observers of `field` (a storage key) of a record
        /// made before it; `record` only when the log includes values.
        case notified(commit: Int, field: String, record: DataID?)
        /// A body's observation fired (`EventLog.bodyWasInvalidated(_:)`): by `field` of
        /// commit `commit` when a commit's notification reached it, by the commit alone
        /// when it was something else the commit changed (a record's invalidation, a phase, a
        /// handle's facts), a commit that notified no field included, by neither outside any
        /// commit.
        case bodyInvalidated(body: String, commit: Int?, field: String?)
        /// A body ran (`EventLog.runBody(_:_:)`), from `start` to the event's time, for the
        /// invalidation it answered (its commit and field, if any).
        case bodyRan(body: String, start: Duration, commit: Int?, field: String?)
        /// A handle of `operation` settled on a phase other than the one it showed
        /// (`Phase.name`): the stored strategy, which keeps each handle's phase.
        case phaseChanged(operation: String, phase: String)
        /// The verdict of `operation`'s root changed (its case's name): the rootVerdict
        /// strategy, which keeps one verdict a root. The derived strategy keeps neither: a
        /// body's read computes its phase, and nothing changes to be logged.
        case verdictChanged(operation: String, verdict: String)
        /// A collection removed `removed` records.
        case collected(removed: Int)
        /// A batch of `records` records (and an operation's age, when `operation` is given)
        /// was queued for the store's image.
        case imageWritten(records: Int, operation: String?)
        /// The image, over its size limit, removed the rows of `launches` old launches (behind
        /// the main actor; logged when it told it).
        case imageEvicted(launches: Int)
        /// `records` records were read from the image for `operation` (committed as a
        /// `CommitEvent.Source.hydration`).
        case imageHydrated(operation: String, records: Int)
        /// What the environment's `RuntimeLogger` hears, kept here too: a
        /// `@required(action: LOG)` miss, a problem with the image (a file moved aside, a
        /// failure that stopped it, an unreadable row), a request a `LoggingInterceptor`
        /// saw end, an unavailable read.
        case logged(LogEntry)
    }
}

/// A commit as the event log keeps it: its number, who wrote it and how much, never what.
public struct CommitEvent: Hashable, Sendable {
    /// Who wrote a commit.
    public enum Source: Hashable, Sendable {
        /// An app's local update (`Environment.commitUpdate`, a record's invalidation).
        case localUpdate
        /// A response (or a later part of one) to the operation named.
        case response(operation: String)
        /// An optimistic layer shown (`Environment.commitMutation`'s optimistic update).
        case optimisticApply
        /// An optimistic layer taken away without an answer (its mutation failed).
        case optimisticRevert
        /// Records read from the store's image for the operation named.
        case hydration(operation: String)
        /// Lookup fields of the operation named answered from the store at its attach: their
        /// links written (`Lookups`).
        case lookup(operation: String)
        /// The store emptied (`Environment.removeAll()`).
        case removeAll
    }

    /// The store's epoch the commit made (`CommitChanges.epoch`): the commit's number.
    public let commit: Int
    /// Who wrote it.
    public let source: Source
    /// Whether the commit went the optimistic way (a rebase, as Relay calls it): written
    /// under pending layers and the layers applied over it again, or showing, confirming or
    /// taking away layers.
    public let rebased: Bool
    /// When the commit began, since the log was made; the event's time is when it ended.
    public let start: Duration
    /// Records written (equal writes included).
    public let recordsWritten: Int
    /// Field writes applied (equal writes included).
    public let fieldsWritten: Int
    /// Fields whose value changed, each notified once (`notified` events name them).
    public let changedFields: Int
    /// Pages of `@connection` fields merged (`pagesStaged` less `pagesDropped`).
    public let pagesMerged: Int
    /// Pages dropped, as answering a cursor no longer at their list's end.
    public let pagesDropped: Int
}
