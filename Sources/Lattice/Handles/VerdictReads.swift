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
        guard let counters, operation.artifact.needsVerdictWalk else {
            var tracking = TrackedReads()
            return Verdict.evaluate(operation, root: root, tracking: &tracking)
        }
        var counted = CountedReads(base: TrackedReads())
        let verdict = Verdict.evaluate(operation, root: root, tracking: &counted)
        counters.total.handlesWalked += 1
        counters.total.fieldsWalkedTracked += counted.count
        return verdict
    }

    /// Walks without tracking (stored strategy's settle).
    /// - Complexity: O(fields of the own selection).
    static func untracked(_ operation: BoundArtifact, root: Record, counters: RuntimeCounters?) -> Verdict {
        guard let counters, operation.artifact.needsVerdictWalk else {
            var tracking = UntrackedReads()
            return Verdict.evaluate(operation, root: root, tracking: &tracking)
        }
        var counted = CountedReads(base: UntrackedReads())
        let verdict = Verdict.evaluate(operation, root: root, tracking: &counted)
        counters.total.handlesWalked += 1
        counters.total.fieldsWalkedUntracked += counted.count
        return verdict
    }

    /// Walks without tracking, recording each field read into `reads` (rootVerdict
    /// strategy); the count is the number of distinct fields recorded.
    /// - Complexity: O(fields of the own selection), one set insertion each.
    static func recorded(_ operation: BoundArtifact, root: Record, into reads: inout RecordedReads,
                         counters: RuntimeCounters?) -> Verdict {
        let verdict = Verdict.evaluate(operation, root: root, tracking: &reads)
        if let counters, operation.artifact.needsVerdictWalk {
            counters.total.handlesWalked += 1
            counters.total.fieldsWalkedUntracked += reads.fields.count
        }
        return verdict
    }
}

/// Counts the fields a walk reads and passes each read on to `Base`.
private struct CountedReads<Base: ReadTracking>: ReadTracking {
    var base: Base
    var count = 0

    @inline(__always)
    mutating func access(_ record: Record, key: FieldKey, keyPath: FieldKeyPath) {
        count += 1
        base.access(record, key: key, keyPath: keyPath)
    }
}
