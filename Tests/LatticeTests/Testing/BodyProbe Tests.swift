import Observation
import Synchronization
import Testing
import LatticeTesting

@MainActor @Observable private final class Model {
    var title = "a"
    var count = 0
}

@MainActor @Suite struct BodyProbeTests {
    @Test func aChangeToWhatTheBodyReadMarksItDirtyOnce() {
        let model = Model()
        let probe = BodyProbe { model.title }
        #expect(probe.runs == 1)
        #expect(probe.reruns == 0)
        #expect(!probe.isDirty)
        model.title = "b"
        #expect(probe.isDirty)
        model.title = "c"
        #expect(probe.flush())
        #expect(probe.runs == 2)
        #expect(probe.reruns == 1)
        #expect(probe.value == "c")
        #expect(!probe.isDirty)
        #expect(!probe.flush())
        #expect(probe.runs == 2)
    }

    @Test func aChangeToAPropertyTheBodyDidNotReadLeavesItClean() {
        let model = Model()
        let probe = BodyProbe { model.title }
        model.count += 1
        #expect(!probe.isDirty)
        #expect(!probe.flush())
        #expect(probe.runs == 1)
    }

    @Test func aRerunRearmsWithWhatThatRunRead() {
        let model = Model()
        let probe = BodyProbe { model.count > 0 ? model.title : "none" }
        model.title = "unread"
        #expect(!probe.isDirty)
        model.count = 1
        probe.flush()
        model.title = "read now"
        #expect(probe.isDirty)
    }

    /// The decision record's third spike property: a tracking scope nested in another merges
    /// its reads into the outer one, so a change to what the inner scope read dirties the
    /// outer body.
    @Test func aNestedTrackingScopeMergesItsReadsIntoTheOuterOne() {
        let model = Model()
        let innerChanges = Counter()
        let probe = BodyProbe {
            withObservationTracking { model.count } onChange: { innerChanges.increment() }
        }
        model.count = 5
        #expect(probe.isDirty)
        #expect(innerChanges.value == 1)
        probe.flush()
        #expect(probe.value == 5)
    }
}

private final class Counter: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}
