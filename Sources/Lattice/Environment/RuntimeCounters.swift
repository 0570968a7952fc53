/// What the runtime did, counted, for the lab to read without a debugger: per commit and in
/// total since the last `reset()`.
///
/// Off by default: an environment made without counting has `counters == nil`, and every
/// counting site is one optional check per commit, walk or phase read (never per field:
/// fields walked come from the walk's own count). On, a count is an integer add, cheap
/// enough to leave on in a bench run.
@MainActor
public final class RuntimeCounters {
    /// One set of counts. Every figure is a plain count; none is a time.
    public struct Snapshot: Hashable, Sendable {
        /// Commits published (responses, local updates, invalidations of records).
        public var commits = 0
        /// Records written by those commits (equal writes included).
        public var recordsWritten = 0
        /// Field writes applied by those commits (equal writes included).
        public var fieldsWritten = 0
        /// Observer notifications the commits sent (one per changed field).
        public var notifications = 0
        /// `reevaluate` calls: commits with verdict-relevant changes (stored strategy).
        public var reevaluateCalls = 0
        /// Verdict walks made: a handle walking its own selection (stored, derived) or a
        /// root verdict re-walked (rootVerdict). Operations whose verdict cannot fail are
        /// not walked and not counted.
        public var handlesWalked = 0
        /// Fields read by verdict walks through tracked reads (derived strategy).
        public var fieldsWalkedTracked = 0
        /// Fields read by verdict walks without tracking (stored, rootVerdict).
        public var fieldsWalkedUntracked = 0
        /// Stored phases settled: computed and compared with the stored one (stored strategy).
        public var phasesSettled = 0
        /// Settled phases that differed and were written (each write notifies its readers).
        public var phasesChanged = 0
        /// Root verdicts that differed after a walk and were written (rootVerdict strategy).
        public var rootVerdictsChanged = 0
        /// Requests handles sent for their fetches (`refetch`, `retry`, `revalidate`, attach).
        public var requestsSent = 0
        /// Fetches that waited for a request of their operation and variables already in
        /// flight instead of sending their own (identical requests are shared).
        public var requestsShared = 0
        /// Pages of `@connection` fields dropped, as answering a cursor that was no longer the
        /// end (or the start) of their list when they landed.
        public var pagesDropped = 0
        /// Collections run (scheduled ones and `collectGarbage()` calls), between commits.
        public var collections = 0
        /// Records those collections removed.
        public var recordsCollected = 0
        /// Batches queued for the store's image (with `Configuration.image`): one per commit
        /// that changed records or set an operation's age, and one per operation invalidated.
        public var imageWrites = 0

        /// An empty set of counts.
        public init() {}

        /// Every count with its name (the property's), in the order declared above: the one
        /// list of them for whoever reports the counts (the lab reports every one by this name).
        public static let all: [(name: String, count: WritableKeyPath<Snapshot, Int> & Sendable)] = [
            ("commits", \.commits), ("recordsWritten", \.recordsWritten), ("fieldsWritten", \.fieldsWritten),
            ("notifications", \.notifications), ("reevaluateCalls", \.reevaluateCalls),
            ("handlesWalked", \.handlesWalked), ("fieldsWalkedTracked", \.fieldsWalkedTracked),
            ("fieldsWalkedUntracked", \.fieldsWalkedUntracked), ("phasesSettled", \.phasesSettled),
            ("phasesChanged", \.phasesChanged), ("rootVerdictsChanged", \.rootVerdictsChanged),
            ("requestsSent", \.requestsSent), ("requestsShared", \.requestsShared),
            ("pagesDropped", \.pagesDropped), ("collections", \.collections),
            ("recordsCollected", \.recordsCollected), ("imageWrites", \.imageWrites),
        ]

        /// The counts of `self` beyond `earlier`. - Complexity: O(1).
        ///
        /// Written out, not looped over `all`: it runs on every commit of a counting
        /// environment, whose instructions CommitScaling counts, and a key path applied from
        /// a list costs a runtime call per count. A test checks it subtracts every count of
        /// `all`.
        func subtracting(_ earlier: Snapshot) -> Snapshot {
            var result = Snapshot()
            result.commits = commits - earlier.commits
            result.recordsWritten = recordsWritten - earlier.recordsWritten
            result.fieldsWritten = fieldsWritten - earlier.fieldsWritten
            result.notifications = notifications - earlier.notifications
            result.reevaluateCalls = reevaluateCalls - earlier.reevaluateCalls
            result.handlesWalked = handlesWalked - earlier.handlesWalked
            result.fieldsWalkedTracked = fieldsWalkedTracked - earlier.fieldsWalkedTracked
            result.fieldsWalkedUntracked = fieldsWalkedUntracked - earlier.fieldsWalkedUntracked
            result.phasesSettled = phasesSettled - earlier.phasesSettled
            result.phasesChanged = phasesChanged - earlier.phasesChanged
            result.rootVerdictsChanged = rootVerdictsChanged - earlier.rootVerdictsChanged
            result.requestsSent = requestsSent - earlier.requestsSent
            result.requestsShared = requestsShared - earlier.requestsShared
            result.pagesDropped = pagesDropped - earlier.pagesDropped
            result.collections = collections - earlier.collections
            result.recordsCollected = recordsCollected - earlier.recordsCollected
            result.imageWrites = imageWrites - earlier.imageWrites
            return result
        }
    }

    /// Everything counted since the counters were made or last reset: commits, and also
    /// what happens between commits (phase reads, settles on fetch transitions).
    public internal(set) var total = Snapshot()
    /// What the last commit did, its `reevaluate` or re-walks included, and for a response
    /// the settles and first walks of the handles whose facts it changed.
    public private(set) var lastCommit = Snapshot()
    /// `total` when the commit in progress began.
    private var commitStart = Snapshot()

    init() {}

    /// Zeroes `total` and `lastCommit`.
    public func reset() {
        total = Snapshot()
        lastCommit = Snapshot()
    }

    /// Marks the start of a commit.
    func beginCommit() {
        commitStart = total
    }

    /// Adds what the commit changed and closes it: `lastCommit` is everything since
    /// `beginCommit()`.
    func endCommit(_ changes: CommitChanges) {
        total.commits += 1
        total.recordsWritten += changes.recordsWritten
        total.fieldsWritten += changes.fieldsWritten
        total.notifications += changes.notifications
        total.pagesDropped += changes.droppedPages
        lastCommit = total.subtracting(commitStart)
    }

    /// Counts a collection that removed `removed` records.
    func noteCollection(removed: Int) {
        total.collections += 1
        total.recordsCollected += removed
    }
}
