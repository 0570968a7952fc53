/// The three ways a phase strategy walks a verdict, each counted when counters are on.
///
/// Counting is decided once per walk: without counters the plain walk runs; with them a
/// specialized copy of the walk adds one to a local per field, and the total is added to the
/// counters once at the end.
@MainActor
enum VerdictReads {
    /// Walks with tracked reads, inside the caller's tracking scope (derived strategy).
    /// - Complexity: O(fields of the own selection), one registrar access each.
    static func tracked(_ operation: BoundArtifact, root: Record, counters: RuntimeCounters?) -> Verdict {
        walk(TrackedReads(), operation, root: root, counters: counters, counting: \.fieldsWalkedTracked)
    }

    /// Walks without tracking (stored strategy's settle).
    /// - Complexity: O(fields of the own selection).
    static func untracked(_ operation: BoundArtifact, root: Record, counters: RuntimeCounters?) -> Verdict {
        walk(UntrackedReads(), operation, root: root, counters: counters, counting: \.fieldsWalkedUntracked)
    }

    /// The plain walk without counters; with them, a counting copy whose field count goes to
    /// `counting`. Specialized per tracking mode.
    @inline(__always)
    private static func walk<Tracking: ReadTracking>(
        _ tracking: Tracking, _ operation: BoundArtifact, root: Record, counters: RuntimeCounters?,
        counting fields: WritableKeyPath<RuntimeCounters.Snapshot, Int>
    ) -> Verdict {
        guard let counters, operation.artifact.needsVerdictWalk else {
            var plain = tracking
            return Verdict.evaluate(operation, root: root, tracking: &plain)
        }
        var counted = CountedReads(base: tracking)
        let verdict = Verdict.evaluate(operation, root: root, tracking: &counted)
        counters.total.handlesWalked += 1
        counters.total[keyPath: fields] += counted.count
        return verdict
    }

    /// Walks without tracking, recording each field read into `reads` (rootVerdict
    /// strategy). Counted like the others: field visits, not distinct fields.
    /// - Complexity: O(fields of the own selection), one set insertion each.
    static func recorded(_ operation: BoundArtifact, root: Record, into reads: inout RecordedReads,
                         counters: RuntimeCounters?) -> Verdict {
        guard let counters, operation.artifact.needsVerdictWalk else {
            return Verdict.evaluate(operation, root: root, tracking: &reads)
        }
        // Move the set into the counting copy and back (swaps, no copy of its storage).
        var counted = CountedReads(base: RecordedReads())
        swap(&counted.base.fields, &reads.fields)
        let verdict = Verdict.evaluate(operation, root: root, tracking: &counted)
        swap(&counted.base.fields, &reads.fields)
        counters.total.handlesWalked += 1
        counters.total.fieldsWalkedUntracked += counted.count
        return verdict
    }
}

/// Counts the fields a walk reads and passes each read on to `Base`.
private struct CountedReads<Base: ReadTracking>: ReadTracking {
    var base: Base
    var count = 0

    @inline(__always)
    mutating func access(_ record: Record, key: FieldKey, field: FieldNode, bound: BoundArtifact) {
        count += 1
        base.access(record, key: key, field: field, bound: bound)
    }

    /// A type read costs what a field read does, so it is counted as one.
    @inline(__always)
    mutating func accessType(of record: Record) {
        count += 1
        base.accessType(of: record)
    }
}
