import Testing
@testable import Lattice

/// `RuntimeCounters.Snapshot.all` is the one list of the counts: it must name every count the
/// snapshot holds, and `subtracting`, written out for speed, must take every one of them.
@Suite struct RuntimeCountersSnapshotTests {
    @Test func theListNamesEveryCountAsItsProperty() {
        let properties = Mirror(reflecting: RuntimeCounters.Snapshot()).children.compactMap(\.label)
        #expect(RuntimeCounters.Snapshot.all.map(\.name) == properties)
    }

    @Test func subtractingTakesEveryCountOfTheList() {
        var later = RuntimeCounters.Snapshot(), earlier = RuntimeCounters.Snapshot()
        for (offset, entry) in RuntimeCounters.Snapshot.all.enumerated() {
            later[keyPath: entry.count] = 100 + 3 * offset
            earlier[keyPath: entry.count] = offset
        }
        let difference = later.subtracting(earlier)
        for (offset, entry) in RuntimeCounters.Snapshot.all.enumerated() {
            #expect(difference[keyPath: entry.count] == 100 + 2 * offset, "\(entry.name)")
        }
    }
}
