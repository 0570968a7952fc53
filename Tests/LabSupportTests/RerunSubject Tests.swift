import Testing
import LabSupport
import Lattice
import LatticeBench
import LatticeTesting

/// The events BodyReruns records beside its counts (`RerunSubject.eventsOfOneCycle`): on
/// spec/'s Dashboard, whose target is the viewer's `name` (a `User`), each re-run names the
/// commit that caused it, who wrote it, the field and the body, and nothing else re-ran.
@MainActor
@Suite struct RerunSubjectTests {
    @Test func aValueTheVerdictReadReRunsTheDerivedBodyByThatFieldAlone() throws {
        let fixtures = try Specs.main.get()
        let target = try RerunTarget(operation: "Dashboard", in: fixtures)
        let events = try RerunSubject.eventsOfOneCycle(fixtures, .derived, target, .verdictValue)
        let body = try #require(events.bodies.first)
        #expect(events.bodies.count == 1)
        #expect(body.body == "Dashboard.phase")
        #expect(body.fields == ["User.name"])
        #expect(body.origin == "local update")
        let commit = try #require(body.commit)
        #expect(events.notifications == [CountEvent(commit: commit, origin: "local update", fields: ["User.name"],
                                                    body: nil)])
        #expect(body.text == "commit \(commit) (local update) → `User.name` → Dashboard.phase")
    }

    @Test func theStoredBodyReRunsByItsPhaseWhichNamesTheCommitAndNoField() throws {
        let fixtures = try Specs.main.get()
        let target = try RerunTarget(operation: "Dashboard", in: fixtures)
        #expect(try RerunSubject.eventsOfOneCycle(fixtures, .stored, target, .verdictValue).bodies.isEmpty)
        // An error added, then cleared: two commits, and the stored phase changes at each.
        let events = try RerunSubject.eventsOfOneCycle(fixtures, .stored, target, .errorAddedAndCleared)
        #expect(events.bodies.map(\.fields) == [[], []])
        #expect(events.bodies.map(\.origin) == ["local update", "local update"])
        let commits = events.bodies.compactMap(\.commit)
        #expect(commits.count == 2 && commits[1] == commits[0] + 1)
        #expect(Set(events.notifications.compactMap(\.commit)) == Set(commits))
    }
}
