/// The fragment spreads a walk has already taken at a place (a record, and whatever else
/// makes the walk there differ), so a fragment reached again at the same place is walked
/// once: with fan-out (each fragment spreading the next twice) the walks through spreads
/// would otherwise take time exponential in the depth. The normalizer, the JSON reader
/// and the selection visitor (data checker, reference marker) keep one per walk.
///
/// Only a document that can reach a fragment twice (`Artifact.reachesAFragmentTwice`) keeps a
/// table; for every other document `firstVisit` is one branch and no key is made.
struct SpreadMemo<Place: Hashable> {
    /// A spread taken: where, and which fragment.
    private struct Visit: Hashable {
        let place: Place
        let fragment: ObjectIdentifier
    }

    private var visits: Set<Visit>?

    /// A memo that keeps no table, for a walk not yet begun.
    init() {
        visits = nil
    }

    /// A memo for a walk of `artifact`'s selection.
    init(for artifact: Artifact) {
        visits = artifact.reachesAFragmentTwice ? [] : nil
    }

    /// Whether `fragment` is taken at `place` for the first time in this walk (always, for a
    /// document that cannot reach a fragment twice).
    /// - Complexity: O(1); one hash of the place when the memo keeps a table.
    @inline(__always)
    mutating func firstVisit(of fragment: Artifact, at place: @autoclosure () -> Place) -> Bool {
        guard visits != nil else { return true }
        return visits?.insert(Visit(place: place(), fragment: ObjectIdentifier(fragment))).inserted ?? true
    }
}
