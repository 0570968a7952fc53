import Foundation
import IssueTracker
import Lattice
import LatticeTesting
import Testing

/// The tracker against the repository's loopback GraphQL server (scripts/server.py, serving
/// spec/schema.graphql from the fixtures' data graph) over HTTP, one server per test, which
/// asks every request for a token. The server's controls make the in-between states seen
/// without timing: `hold=KEY` holds a mutation, `step=KEY` each later part of an answer, until
/// the test releases it (`server.release(KEY)`).
@MainActor @Suite(.timeLimit(.minutes(2)), .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct IssueTrackerTests {
    nonisolated static let token = "tracker-token"

    /// The tracker of lattice-labs/lattice over `/graphql?controls`, its first page loaded.
    func withTracker(controls: String = "", _ body: (IssueTracker, LoopbackServer) async throws -> Void)
        async throws {
        let server = try await LoopbackServer.start(options: ["--require-token", Self.token])
        defer { server.stop() }
        let environment = IssueTracker.environment(url: try server.url("/graphql?\(controls)")) { _ in Self.token }
        let tracker = IssueTracker(environment: environment, owner: "lattice-labs", name: "lattice")
        await tracker.load()
        try await body(tracker, server)
    }

    @Test func theFirstQueryShowsTheFirstPage() async throws {
        try await withTracker { tracker, _ in
            #expect(tracker.title() == "lattice-labs/lattice")
            let rows = tracker.rows()
            #expect(rows.count == 10)
            #expect(Set(rows.map(\.number)).count == rows.count)
            #expect(tracker.total() == 36)
            #expect(tracker.hasMore)
        }
    }

    @Test func aWrongTokenIsRefusedByTheServer() async throws {
        let server = try await LoopbackServer.start(options: ["--require-token", Self.token])
        defer { server.stop() }
        let environment = IssueTracker.environment(url: try server.url("/graphql")) { _ in "stale" }
        let tracker = IssueTracker(environment: environment, owner: "lattice-labs", name: "lattice")
        await tracker.load()
        #expect(tracker.title() == nil)
        #expect(tracker.rows().isEmpty)
    }

    @Test func thePagedListLoadsItsNextPageIntoTheSameList() async throws {
        try await withTracker { tracker, _ in
            let first = tracker.rows()
            let probe = BodyProbe { tracker.rows().count }
            try await tracker.loadMore()
            #expect(probe.flush())
            let rows = tracker.rows()
            #expect(probe.value == 20)
            #expect(Array(rows.prefix(10)) == first)
            #expect(Set(rows.map(\.id)).count == 20)
            while tracker.hasMore {
                try await tracker.loadMore()
            }
            #expect(tracker.rows().count == 36)
        }
    }

    @Test func anOptimisticCloseShowsBeforeTheServerAnswers() async throws {
        try await withTracker(controls: "hold=close") { tracker, server in
            let open = try #require(tracker.rows().first { $0.isOpen })
            let probe = BodyProbe { () -> Bool? in tracker.rows().first { $0.id == open.id }?.isOpen }
            #expect(probe.value == true)
            let closing = Task { try await tracker.close(open.id) }
            // The server holds the mutation until released: what shows now is the optimistic answer.
            await waitUntil { tracker.rows().first { $0.id == open.id }?.isOpen == false }
            #expect(probe.flush())
            #expect(probe.value == false)
            #expect(tracker.environment.store.optimisticLayers.count == 1)
            try await server.release("close")
            #expect(try await closing.value == false)
            #expect(tracker.environment.store.optimisticLayers.isEmpty)
            #expect(tracker.rows().first { $0.id == open.id }?.isOpen == false)
        }
    }

    @Test func theDeferredBodyLandsAfterTheTitle() async throws {
        try await withTracker(controls: "step=body") { tracker, server in
            let issue = try #require(tracker.rows().first)
            let page = tracker.page(of: issue.id)
            await waitUntil { page.title() != nil }
            #expect(page.title() == issue.title)
            #expect(page.body() == .pending)
            try await server.release("body")
            await waitUntil { page.body() != .pending }
            guard case .arrived(let text, let comments) = page.body() else {
                Issue.record("the body did not arrive: \(page.body())")
                return
            }
            #expect(!text.isEmpty)
            #expect(comments == issue.comments)
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
