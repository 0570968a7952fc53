import Lattice
import LatticeTesting
import SpecLenses
import Testing

/// Reads without ceremony (decision record 0010), from the app's side: spec's generated types
/// over the fixture transport, under each phase strategy. An accessor throws only where the
/// document asks; elsewhere an errored nullable field reads `nil` with its error kept on the
/// field, and a value the store lacks reads a stand-in the logger hears of, never a stop.
@MainActor @Suite struct PlainReadsTests {
    let fixtures: CompiledSpec
    let log = RecordingLogger()

    init() throws {
        fixtures = try CodegenFixtures.spec.get()
    }

    /// An environment over the fixtures that logs to `log` (this suite's unless given), the
    /// next answer to `operation` being its `answer` case.
    func environment(_ strategy: PhaseStrategy, _ operation: String, _ answer: String,
                     log: RecordingLogger? = nil) -> Environment {
        let transport = fixtures.transport()
        transport.enqueue(operation, .fixture(case: answer))
        return Environment(program: SpecProgram.program, transport: transport,
                           configuration: .init(strategy: strategy, clock: ManualScheduler(),
                                                logger: (log ?? self.log).logger))
    }

    /// The overview's repository, once fetched.
    func repository(_ environment: Environment) async throws -> RepositoryOverviewQuery.Data.Repository {
        let handle = environment.attach(RepositoryOverviewQuery.self,
                                        variables: .init(owner: "lattice-labs", name: "lattice"))
        await handle.handle.waitForFetch()
        return try #require(handle.data?.repository)
    }

    /// The hovercard's user, read through its lens, then deleted from the store under it.
    func deletedUser(_ environment: Environment) async throws -> UserHovercardQuery.Data.User {
        let handle = environment.attach(UserHovercardQuery.self, variables: .init(login: "tomas"))
        await handle.handle.waitForFetch()
        let user = try #require(handle.data?.user)
        #expect(user.login == "tomas")
        let id = user.id
        environment.commitUpdate { $0.delete(id) }
        #expect(handle.data.map { $0.user == nil } ?? true)
        return user
    }

    var unavailable: [UnavailableReadEvent] {
        log.entries.compactMap { entry in
            if case .unavailableRead(let event) = entry { return event }
            return nil
        }
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aNullableFieldWithAnErrorReadsNilAndKeepsItsError(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "UserHovercard", "field-error")
        let handle = environment.attach(UserHovercardQuery.self, variables: .init(login: "tomas"))
        await handle.handle.waitForFetch()
        let user = try #require(handle.data?.user)
        #expect(user.status == nil)
        #expect(user.login == "tomas")
        #expect(user.lens.fieldErrors("status")?.map(\.message) == ["Status service unavailable."])
        #expect(user.lens.fieldErrors("login") == nil)
        #expect(unavailable.isEmpty)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aLensKeptPastItsRecordsDeletionReadsStandInsAndLogsThem(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "UserHovercard", "ok")
        let user = try await deletedUser(environment)
        #expect(user.login == "")
        #expect(user.openAssigned.totalCount == 0)
        #expect(user.name == nil)
        let events = unavailable
        #expect(events.map(\.field) == ["login", "openAssigned", "totalCount", "name"])
        #expect(events.map(\.reason) == ["missing", "missing", "missing", "missing"])
        #expect(events.allSatisfy { $0.document == "UserHovercard" && $0.error == nil })
        // Kept to here: a released environment's store empties its records too.
        withExtendedLifetime(environment) {}
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aLensKeptPastASignOutReadsStandIns(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "RepositoryOverview", "ok")
        let repository = try await repository(environment)
        #expect(repository.stargazerCount > 0)
        environment.removeAll()
        #expect(repository.stargazerCount == 0)
        #expect(repository.isArchived == false)
        #expect(repository.recentIssues.nodes == nil)
        #expect(!unavailable.isEmpty)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func requiredLogNullsItsObjectWithoutThrowing(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "PullRequestReviewers", "required-null")
        let handle = environment.attach(PullRequestReviewersQuery.self,
                                        variables: .init(owner: "lattice-labs", name: "lattice", number: 4))
        await handle.handle.waitForFetch()
        let nodes = try #require(handle.data?.repository?.pullRequest?.reviews?.nodes)
        #expect(nodes.contains { $0 == nil })
        #expect(nodes.compactMap { $0?.author.login }.allSatisfy { !$0.isEmpty })
        #expect(!log.requiredFieldEvents.isEmpty)
        #expect(unavailable.isEmpty)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func requiredThrowThrowsFromTheAccessorsItCanFail(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "IssueAuthorCard", "required-null")
        let handle = environment.attach(IssueAuthorCardQuery.self, variables: .init(id: DataID("SXNzdWU6Mw==")))
        await handle.handle.waitForFetch()
        #expect(handle.handle.phase.failure?.name == "read.requiredFieldMissing")
        // A lens on the same data, as one kept from before would be.
        let data = IssueAuthorCardQuery.Data(lens: Lens(BoundArtifact(IssueAuthorCardQuery.artifact,
                                                                       variables: ["id": .string("SXNzdWU6Mw==")]),
                                                        record: try #require(environment.store.record(.root))))
        #expect(throws: ReadError.self) { try data.node }
        let issue = try? data.lens.read("node") as Lens
        #expect(issue == nil)
        #expect(unavailable.isEmpty)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func throwOnFieldErrorFailsThePhaseAndItsAccessorsThrow(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "Dashboard", "field-error")
        let handle = environment.attach(DashboardQuery.self)
        await handle.handle.waitForFetch()
        #expect(handle.handle.phase.failure?.name == "read.fieldErrors")
        let data = DashboardQuery.Data(lens: Lens(BoundArtifact(DashboardQuery.artifact),
                                                  record: try #require(environment.store.record(.root))))
        let viewer = try data.viewer
        #expect(try viewer.login == "mona")
        #expect {
            _ = try viewer.status
        } throws: { error in
            guard case ReadError.fieldErrors(_, "status", let errors) = error else { return false }
            return errors.map(\.message) == ["Status service unavailable."]
        }
    }

    @Test(arguments: PhaseStrategy.allCases)
    func catchGivesTheErrorsAsAValueWithoutThrowing(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "RepositoryOverview", "field-error")
        let repository = try await repository(environment)
        guard case .failure(let errors) = repository.primaryLanguage else {
            Issue.record("primaryLanguage is not caught: \(repository.primaryLanguage)")
            return
        }
        #expect(errors.map(\.message) == ["Language detector unavailable."])
        #expect(unavailable.isEmpty)
        withExtendedLifetime(environment) {}
    }

    @Test func aLoggerThatIncludesValuesHearsTheReadError() async throws {
        let log = RecordingLogger(includesValues: true)
        let environment = environment(.shipped, "UserHovercard", "ok", log: log)
        let user = try await deletedUser(environment)
        #expect(user.login == "")
        withExtendedLifetime(environment) {}
        guard case .unavailableRead(let event)? = log.entries.last else {
            Issue.record("no unavailable read logged: \(log.entries)")
            return
        }
        #expect(event.error == .missing(record: DataID("VXNlcjoy"), field: "login"))
        #expect(event.description == "unavailable read UserHovercard.login (missing)")
    }
}
