import Observation

/// The later record's strategy: the verdict is the root's. It is settled at the commit,
/// only for the roots whose last verdict walk read a field the commit changed, and kept as
/// one tracked value per root (an operation with its variables, shared by its handles),
/// written only when it changes. The phase is derived from data presence, that value and,
/// without data, the fetch; so a body that reads the phase re-runs only when the verdict,
/// the data presence or (without data) the fetch changes.
///
/// The first walk waits for data: a phase without data never reads the verdict, so a root is
/// walked first when a handle attaches with data or its data arrives (one walk per answer),
/// and kept current by the commits after that.
///
/// Each walk records the fields it read; an index from field to the roots that read it
/// makes a commit cost O(changed fields) lookups instead of a scan of every root, since
/// a scan would be the per-commit, per-handle cost this strategy exists to avoid. Keeping
/// the index costs a set comparison per re-walk (O(fields read)), and an update only when
/// the walk read other fields than before (a link moved, a list changed).
///
/// Costs: a read is O(1); a commit is O(changed fields) plus one untracked walk per root
/// whose reads it touched.
@MainActor
final class RootVerdictPhase: PhaseCoordinator {
    nonisolated static let notesVerdictChanges = false

    private let counters: RuntimeCounters?
    private let eventLog: EventLog?
    private var verdicts: [ObjectIdentifier: RootVerdict] = [:]
    /// The roots that read each field, by root.
    private var readers: [FieldRef: [ObjectIdentifier: RootVerdict]] = [:]
    /// Storage reused across walks, so a re-walk allocates nothing.
    private var scratch = Set<FieldRef>()

    init(counters: RuntimeCounters?, eventLog: EventLog?) {
        self.counters = counters
        self.eventLog = eventLog
    }

    /// The root's verdict, made for its first handle (walked once a handle has data), shared
    /// by the others.
    func keeper(for root: OperationRoot) -> any PhaseKeeper {
        let id = ObjectIdentifier(root)
        if let verdict = verdicts[id] {
            verdict.handleCount += 1
            return verdict
        }
        let verdict = RootVerdict(strategy: self, root: root)
        verdicts[id] = verdict
        return verdict
    }

    /// Re-walks the roots whose last walk read a field the commit changed.
    /// - Complexity: O(changed fields) lookups plus the walks.
    func didCommit(_ changes: CommitChanges) {
        guard !readers.isEmpty else { return }
        var due: [RootVerdict] = []
        for field in changes.changedFields {
            guard let bucket = readers[field] else { continue }
            for verdict in bucket.values where verdict.dueEpoch != changes.epoch {
                verdict.dueEpoch = changes.epoch
                due.append(verdict)
            }
        }
        for verdict in due { walk(verdict) }
    }

    /// Walks `verdict`'s root for the first time if `handle` has data and no walk has been
    /// made: until then no phase read the verdict, and no commit re-walked it.
    /// - Complexity: O(1), or one walk the first time.
    fileprivate func walkFirstTime(_ verdict: RootVerdict, for facts: HandleFacts) {
        guard !verdict.isWalked, facts.storedHasData else { return }
        walk(verdict)
    }

    /// Walks `verdict`'s root untracked, recording what it read; re-indexes it if it read
    /// other fields than before; writes the verdict if it changed.
    private func walk(_ verdict: RootVerdict) {
        verdict.isWalked = true
        let root = verdict.root
        var reads = RecordedReads()
        swap(&reads.fields, &scratch)
        let value = VerdictReads.recorded(root.bound, root: root.record, into: &reads, counters: counters)
        if reads.fields != verdict.reads {
            reindex(verdict, from: verdict.reads, to: reads.fields)
            swap(&reads.fields, &verdict.reads)
        }
        // Keep whichever set is left over as the next walk's storage, uniquely referenced.
        swap(&reads.fields, &scratch)
        scratch.removeAll(keepingCapacity: true)
        if verdict.settle(value) {
            counters?.total.rootVerdictsChanged += 1
            eventLog?.append(.verdictChanged(operation: root.artifact.name, verdict: value.name))
        }
    }

    private func reindex(_ verdict: RootVerdict, from old: Set<FieldRef>, to new: Set<FieldRef>) {
        let id = ObjectIdentifier(verdict)
        for field in old where !new.contains(field) {
            readers[field]?[id] = nil
            if readers[field]?.isEmpty == true { readers[field] = nil }
        }
        for field in new where !old.contains(field) {
            readers[field, default: [:]][id] = verdict
        }
    }

    /// A handle of `verdict`'s root detached; the last one removes it and its reads.
    fileprivate func release(_ verdict: RootVerdict) {
        verdict.handleCount -= 1
        guard verdict.handleCount == 0 else { return }
        reindex(verdict, from: verdict.reads, to: [])
        verdicts[ObjectIdentifier(verdict.root)] = nil
    }
}

/// One root's verdict, the one tracked value its handles' phases derive from.
@MainActor
final class RootVerdict: PhaseKeeper, Observable {
    let root: OperationRoot
    /// The fields the last walk read.
    var reads = Set<FieldRef>()
    /// The epoch of the commit that last scheduled a walk, so a commit walks a root once.
    var dueEpoch = -1
    /// Whether the root has been walked (and so indexed); false until a handle has data.
    var isWalked = false
    var handleCount = 1
    private unowned let strategy: RootVerdictPhase
    private var verdict = Verdict.fine
    private let registrar = ObservationRegistrar()

    init(strategy: RootVerdictPhase, root: OperationRoot) {
        self.strategy = strategy
        self.root = root
    }

    /// Writes `value` if it differs. - Returns: whether it did.
    func settle(_ value: Verdict) -> Bool {
        guard value != verdict else { return false }
        registrar.willSet(self, keyPath: Self.verdictKey)
        verdict = value
        registrar.didSet(self, keyPath: Self.verdictKey)
        return true
    }

    func attach(_ facts: HandleFacts) {
        strategy.walkFirstTime(self, for: facts)
    }

    /// - Complexity: O(1) plus up to three registrar accesses.
    func phase(of facts: HandleFacts) -> Phase {
        facts.resolvePhase {
            registrar.access(self, keyPath: Self.verdictKey)
            return verdict
        }
    }

    func factsDidChange(of facts: HandleFacts) {
        strategy.walkFirstTime(self, for: facts)
    }

    func detach(_ facts: HandleFacts) {
        strategy.release(self)
    }

    nonisolated var verdictToken: Int { 0 }
    private static let verdictKey: KeyPath<RootVerdict, Int> = \.verdictToken
}
