import Testing
@testable import LatticeBench

@Suite struct ExitStatusTests {
    @Test func statusesAreDistinctAndDocumentedNumbers() {
        #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 3])
    }

    @Test func theWorstStatusWins() {
        #expect(ExitStatus.worst([]) == .ok)
        #expect(ExitStatus.worst([.ok, .regression]) == .regression)
        #expect(ExitStatus.worst([.regression, .limitNotPassed, .ok]) == .limitNotPassed)
        #expect(ExitStatus.worst([.limitNotPassed, .couldNotRun]) == .couldNotRun)
    }
}
