import Foundation
import Testing
@testable import LatticeBench

@Suite struct MachineTests {
    #if os(Linux)
    @Test func readsTheLinuxMachine() {
        let machine = Machine.current()
        #expect(machine.cores >= 1)
        #expect(machine.kernel?.hasPrefix("Linux ") == true)
        #expect(machine.cpuModel?.isEmpty == false)
        #expect(machine.loadAverage != nil)
        #expect(machine.hostname == nil)
        #expect(Machine.current(includingHostname: true).hostname?.isEmpty == false)
    }
    #endif

    @Test func readsTheCommitOfThisWorkTree() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let revision = try #require(SourceRevision.current(in: here))
        #expect(revision.commit.count == 40)
        #expect(revision.commit.allSatisfy { $0.isHexDigit })
    }

    @Test func outsideAGitWorkTreeThereIsNoRevision() throws {
        #expect(SourceRevision.current(in: try SampleResults.temporaryDirectory()) == nil)
    }
}
