import Foundation
import IssueTracker
import Lattice
import LatticeTesting
import Testing

/// The tracker against the repository's loopback GraphQL server (scripts/server.py, which
/// serves spec/schema.graphql from the fixtures' data graph), one server per test.
@MainActor @Suite(.enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct IssueTrackerTests {
    func withTracker(_ body: (IssueTracker, LoopbackServer) async throws -> Void) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let environment = Environment(program: IssueTracker.program, transport: SSETransport(url: try server.url("/graphql")))
        let tracker = IssueTracker(environment: environment, owner: "lattice-labs", name: "lattice")
        await tracker.load()
        try await body(tracker, server)
    }

    @Test func theScreenListsTheRepositorysIssues() async throws {
        try await withTracker { tracker, _ in
            #expect(tracker.title() == "lattice-labs/lattice")
            let rows = tracker.rows()
            #expect(!rows.isEmpty)
            #expect(Set(rows.map(\.number)).count == rows.count)
        }
    }

    @Test func closingAnIssueUpdatesItsRowAndReRunsABodyThatReadIt() async throws {
        try await withTracker { tracker, _ in
            let open = try #require(tracker.rows().first { $0.isOpen })
            let probe = BodyProbe { () -> Bool? in tracker.rows().first { $0.id == open.id }?.isOpen }
            #expect(probe.value == true)
            #expect(try await tracker.close(open.id) == false)
            #expect(probe.flush())
            #expect(probe.value == false)
        }
    }

    @Test func followingAnIssueCommitsEachEventIntoItsRow() async throws {
        try await withTracker { tracker, _ in
            // The server's script for an issue's updates: a rename, a comment, a close.
            let before = try #require(tracker.rows().first { $0.id == DataID("SXNzdWU6MQ==") })
            #expect(before.isOpen)
            let live = tracker.follow(before.id)
            await waitUntil {
                if case .ended = live.state { return true }
                return false
            }
            let after = try #require(tracker.rows().first { $0.id == before.id })
            #expect(after.title == before.title + " (regression in v0.8)")
            #expect(!after.isOpen)
        }
    }
}
