import Lattice

/// The kinds of commit whose body re-runs the suite counts. Each operation of a benchmark is
/// one cycle that leaves the store and the handle as it found them, so every operation is
/// the same and the counts per operation are exact; `commits` says how many commits a cycle
/// makes. Bodies are flushed after every step, as frames would render between them.
public enum CommitKind: String, CaseIterable, Sendable {
    /// A value the verdict read changes and the phase stays equal (one commit; the value
    /// alternates). The limit's commit, on the spreads-only operations (spec/'s IssueScreen).
    case verdictValue
    /// A value nothing selects changes (one commit).
    case otherValue
    /// The target's nullable field is written to null and back (two commits).
    case nullWrittenAndCleared
    /// A field error lands on a field and is cleared (two commits).
    case errorAddedAndCleared
    /// A list of links is reversed, every item moving to another record, and restored (two
    /// commits).
    case linkMoved
    /// A refetch behind data gets the same answer (in flight, then idle).
    case refetchSucceeded
    /// A refetch behind data fails, then a refetch succeeds (in flight, failed, in flight,
    /// idle).
    case refetchFailed
    /// A refetch behind data fails, then `retry()` succeeds without passing through loading.
    case retry

    /// Performs one cycle on `subject`, flushing its body after each step.
    @MainActor
    public func cycle(_ subject: RerunSubject) {
        switch self {
        case .verdictValue:
            subject.toggleValue()
        case .otherValue:
            subject.write(.scalar(.string("note \(subject.nextToken())")), to: RerunTarget.unreadField)
        case .nullWrittenAndCleared:
            subject.write(.null)
            subject.write(subject.original)
        case .errorAddedAndCleared:
            subject.write(.null, errors: [GraphQLError(message: "lab: field error", path: subject.target.path)])
            subject.write(subject.original)
        case .linkMoved:
            subject.reverseLinks()
            subject.reverseLinks()
        case .refetchSucceeded:
            subject.refetch(failing: false)
        case .refetchFailed:
            subject.refetch(failing: true)
            subject.refetch(failing: false)
        case .retry:
            subject.refetch(failing: true)
            subject.retry()
        }
    }
}
