/// A change that can change a verdict, noted when the store is made with
/// `Store.Configuration.notesVerdictChanges`: the stored-phase strategy re-evaluates handles
/// when a commit has any.
public struct VerdictChange: Hashable, Sendable {
    /// What kind of change.
    public enum Kind: Hashable, Sendable {
        /// Written to or from `null`, or received for the first time.
        case nullness
        /// A link now points to another record.
        case linkMoved
        /// A list of links changed.
        case linksChanged
        /// The field errors beside the field changed.
        case errorsChanged
        /// The record was deleted.
        case recordDeleted
        /// The record's type changed (a `__typename` written over another): the type
        /// conditions checked against it may now hold or fail.
        case typeChanged
    }

    /// The field that changed.
    public let field: FieldRef
    /// How it changed.
    public let kind: Kind
}

/// What one commit changed. The stored strategy reads `hasVerdictRelevantChanges`; the
/// rootVerdict strategy intersects `changedFields` with what a handle's last verdict read.
public struct CommitChanges: Sendable {
    /// The write epoch of the commit (the store's epoch after it).
    public let epoch: Int
    /// Records the commit wrote to (equal writes included).
    public let recordsWritten: Int
    /// Field writes applied (equal writes included).
    public let fieldsWritten: Int
    /// Fields whose value or errors changed, in application order; one notification each.
    public let changedFields: [FieldRef]
    /// Ids of the records that changed, in application order.
    public let changedRecords: [DataID]
    /// Records the commit created.
    public let createdRecords: Int
    /// Verdict-relevant changes; always empty unless the store notes them
    /// (`Store.Configuration.notesVerdictChanges`).
    public let verdictChanges: [VerdictChange]
    /// Pages of `@connection` fields dropped, as answering a cursor that was no longer the
    /// end (or the start) of their list when they landed.
    public internal(set) var droppedPages = 0
    /// Whether the commit took a link away (a link moved or went, a list of links changed, a
    /// record was deleted): records may no longer be reachable, so a collection is due.
    public internal(set) var droppedLinks = false
    /// Pages of `@connection` fields the commit staged (merged, or dropped as above).
    public internal(set) var stagedPages = 0

    /// Set by a commit made while optimistic layers are pending (a rebase): the ids of the
    /// records whose base it changed. Nil otherwise: the base is what is shown.
    var baseChanges: [DataID]?

    /// Ids of the records whose base, the state the server's answers and local updates made
    /// (`Store.applyOptimistic(_:)`'s layers left out), the commit changed, in application
    /// order: what the store's image writes. `changedRecords` when no layer is pending; under
    /// a layer, a field written under it changes the base and not what is shown, and showing,
    /// confirming or reverting a layer changes what is shown and, but for the answer
    /// written, not the base. - Complexity: O(1).
    var changedBaseRecords: [DataID] { baseChanges ?? changedRecords }

    /// Whether a verdict may have changed (only meaningful when the store notes them).
    public var hasVerdictRelevantChanges: Bool { !verdictChanges.isEmpty }
    /// Observer notifications sent (one per changed field). - Complexity: O(1).
    public var notifications: Int { changedFields.count }
}
