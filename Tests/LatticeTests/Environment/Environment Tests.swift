import Foundation
import Testing
import Lattice
import LatticeTesting

/// A reader outside a body, mutations, local updates, retention and subscriptions.
@MainActor @Suite(.hangGuard) struct EnvironmentTests {
    func fetch(_ world: World, _ operation: String, case name: String) async throws(Failure) -> Lens {
        world.transport.enqueue(operation, .fixture(case: name))
        let artifact: Artifact
        let variables: [String: JSONValue]
        do {
            artifact = try world.artifact(operation)
            variables = try world.variables(operation, case: name)
        } catch {
            Issue.record("fixture \(operation).\(name): \(error)")
            throw .cancelled
        }
        return try await world.environment.fetch(artifact, variables: variables)
    }

    func failure(_ world: World, _ operation: String, case name: String) async -> Failure? {
        do {
            _ = try await fetch(world, operation, case: name)
            return nil
        } catch {
            return error
        }
    }

    @Test func fetchReturnsTheDataWhenTheVerdictIsFine() async throws {
        let world = try World(.shipped)
        let lens = try await fetch(world, "Dashboard", case: "ok")
        let viewer: Lens? = try lens.read("viewer")
        let login: String? = try viewer?.read("login")
        #expect(login == "mona")
        // An error only inside a spread is the fragment's to weigh.
        _ = try await fetch(world, "IssueScreen", case: "field-error")
    }

    @Test func fetchThrowsTheFailureTheVerdictMakes() async throws {
        let world = try World(.shipped)
        guard case .fieldErrors(let errors, "Dashboard")? = await failure(world, "Dashboard", case: "field-error") else {
            Issue.record("expected field errors")
            return
        }
        #expect(errors.map(\.pathDescription).contains("viewer.status"))
        guard case .fieldErrors(let unplaced, "Dashboard")? = await failure(world, "Dashboard", case: "unplaced-error") else {
            Issue.record("expected the unplaced error to fail the read")
            return
        }
        #expect(unplaced.map { $0.extensions?["code"] } == [.string("PARTIAL_RESULT")])
        let bubbled = await failure(world, "IssueAuthorCard", case: "required-null")
        #expect(bubbled == .requiredFieldMissing(path: [.key("node"), .key("author")], operation: "IssueAuthorCard"))
        #expect(await failure(world, "Dashboard", case: "request-error")?.name == "response.requestErrors")
    }

    @Test func mutateNormalizesItsAnswerIntoTheStore() async throws {
        let world = try World(.shipped)
        let screen = try await world.attachLoaded("IssueScreen")
        let issue = try world.record("SXNzdWU6MQ==")
        #expect(issue.field(FieldKey("state"))?.value == .scalar("OPEN"))
        let probe = BodyProbe { screen.phase.name }

        let lens = try await world.environment.mutate(world.artifact("CloseIssue"),
                                                      variables: world.variables("CloseIssue"))
        let payload: Lens? = try lens.read("closeIssue")
        #expect(try payload?.read("clientMutationId") == "close-1")
        #expect(issue.field(FieldKey("state"))?.value == .scalar("CLOSED"))
        #expect(!probe.flush())

        world.transport.enqueue("CloseIssue", .fixture(case: "field-error"))
        let close = try world.artifact("CloseIssue")
        let variables = try world.variables("CloseIssue", case: "field-error")
        do throws(Failure) {
            _ = try await world.environment.mutate(close, variables: variables)
            Issue.record("expected the mutation's field error to throw")
        } catch {
            #expect(error.name == "read.fieldErrors")
        }
    }

    @Test func aResponseThatDoesNotFitLeavesTheStoreAndThePhaseAsTheyWere() async throws {
        let world = try World(.shipped)
        let handle = try await world.attachLoaded("ViewerSidebar")
        let before = world.environment.store.snapshot()
        world.transport.enqueue("ViewerSidebar", .respond(GraphQLResponse(data: .object(["viewer": .string("nope")]))))
        await handle.refetch().value
        #expect(world.environment.store.snapshot() == before)
        #expect(handle.fetch.failure?.name == "response.undecodable")
        #expect(handle.shown == "ready fetch:failed(response.undecodable)")
    }

    /// The `ok` answer without the `__typename` the runtime asked for on `node.author` (an
    /// interface): the fetch fails naming that path, and nothing of the answer is written.
    @Test func aResponseMissingAnAddedFieldFailsTheFetchAtItsPathAndWritesNothing() async throws {
        let world = try World(.shipped)
        let handle = try await world.attachLoaded("IssueAuthorCard")
        let before = world.environment.store.snapshot()
        let ok = try world.fixtures.response("IssueAuthorCard")
        guard case .object(var data)? = ok.response.data, case .object(var node)? = data["node"],
              case .object(var author)? = node["author"] else {
            Issue.record("IssueAuthorCard.ok has no node.author object")
            return
        }
        #expect(author.removeValue(forKey: "__typename") != nil)
        author["login"] = .string("renamed")  // would be written, were the answer taken
        node["author"] = .object(author)
        data["node"] = .object(node)
        world.transport.enqueue("IssueAuthorCard", .respond(GraphQLResponse(data: .object(data))))
        await handle.refetch().value
        #expect(world.environment.store.snapshot() == before)
        guard case .undecodableResponse(let reason, _)? = handle.fetch.failure else {
            Issue.record("expected response.undecodable, got \(String(describing: handle.fetch.failure))")
            return
        }
        #expect(reason.contains("node.author.__typename: field missing from the response"), "\(reason)")
    }

    @Test func handlesRetainTheirRecordsUntilTheLastIsDetachedOrReleased() async throws {
        let world = try World(.shipped, releaseBufferSize: 0)
        let first = try await world.attachLoaded("ViewerSidebar")
        var second: OperationHandle? = try world.attach("ViewerSidebar")
        #expect(world.environment.store.retainedCount == 1)
        #expect(world.environment.handleCount == 2)
        first.detach()
        #expect(world.environment.collectGarbage().isEmpty)
        second = nil
        #expect(second == nil)
        #expect(world.environment.handleCount == 0)
        #expect(world.environment.store.retainedCount == 0)
        #expect(world.environment.collectGarbage().contains(DataID(viewerID)))
        #expect(world.environment.check(try world.artifact("ViewerSidebar")) == .missing)
    }

    @Test func detachingCancelsTheFetchAndCommitsNothing() async throws {
        let world = try World(.shipped)
        let gate = RequestBarrier()
        world.transport.enqueue("ViewerSidebar", after: gate)
        let handle = try world.attach("ViewerSidebar")
        handle.detach()
        #expect(handle.fetch.failure == .cancelled)
        gate.open()
        await handle.waitForFetch()
        #expect(world.environment.store.record(DataID(viewerID)) == nil)
        #expect(!handle.isAttached)
    }

    @Test func aSubscriptionCommitsEachEvent() async throws {
        let world = try World(.shipped)
        let screen = try await world.attachLoaded("IssueScreen")
        let events = try (1...3).map { n in try world.fixtures.response("IssueUpdates", case: "event-\(n)") }
        world.transport.enqueueStream("IssueUpdates", [.opened] + events.map { .next($0.response) })
        let probe = BodyProbe { screen.phase.name }

        let subscription = world.environment.subscribe(try world.artifact("IssueUpdates"),
                                                       variables: events[0].variables)
        // Read through the screen's lenses: tracked reads, so the wait wakes on each commit.
        func issue() -> Lens? {
            let header = try? screen.phase.lens?.fragment("IssueHeader_query")
            let repository: Lens?? = try? header?.read("repository")
            let issue: Lens?? = try? repository??.read("issue")
            return issue ?? nil
        }
        await waitUntil { (try? issue()?.read("state") as String?) == "CLOSED" }
        #expect(try issue()?.read("title") as String? == "Add a benchmark for the parser (regression in v0.8)")
        #expect(subscription.lastEventAt == world.scheduler.now)
        #expect(subscription.state == .open(since: world.scheduler.now))
        #expect(world.environment.lastRejectedEvent == nil)
        #expect(!probe.flush())
        subscription.cancel()
        #expect(subscription.state == .ended(.cancelled))
    }
}
