import Lattice
import LatticeTesting
import SpecLenses
import Testing

/// `QueryModel` from the app's side, through spec's generated types: it attaches at its first
/// use, shows typed data, re-runs a body only for what it read, and detaches when released.
@MainActor @Suite struct QueryModelTests {
    /// The login of the viewer the model shows, `nil` while it has none.
    static func login(_ model: QueryModel<DashboardQuery>) -> String? {
        try? model.data?.viewer.login
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aModelAttachesAtItsFirstUseAndShowsTheTypedData(strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let model = QueryModel(DashboardQuery.self, environment: world.environment)
        #expect(!model.isAttached)
        #expect(world.environment.handleCount == 0)
        #expect(world.transport.requestCount(for: "Dashboard") == 0)

        guard case .loading = model.phase else { Issue.record("not loading: \(model.phase)"); return }
        #expect(model.isAttached)
        #expect(world.environment.handleCount == 1)
        #expect(model.fetch.activity.isInFlight)
        await model.handle.handle.waitForFetch()

        let data = try #require(model.data)
        #expect(try data.viewer.login == "mona")
        #expect(!model.fetch.activity.isInFlight)
        #expect(world.transport.requestCount(for: "Dashboard") == 1)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func releasingTheModelDetachesItsQueryAndReleasesItsRecords(strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let retainedBefore = world.environment.store.retainedCount
        var model: QueryModel<DashboardQuery>? = QueryModel(environment: world.environment)
        // A copy of the handle kept past the model is detached with it: the model owns the query.
        let kept = try #require(model?.handle)
        await kept.handle.waitForFetch()
        #expect(world.environment.handleCount == 1)
        #expect(world.environment.store.retainedCount == retainedBefore + 1)

        model = nil
        #expect(!kept.handle.isAttached)
        #expect(world.environment.handleCount == 0)
        #expect(world.environment.store.retainedCount == retainedBefore)
    }

    /// Released while its fetch is in flight, the model cancels it: its handle reads the fetch
    /// cancelled, and the answer that arrives later is committed for nobody.
    @Test(arguments: PhaseStrategy.allCases)
    func releasingTheModelMidFetchCancelsItsFetch(strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let gate = RequestBarrier()
        world.transport.enqueue("Dashboard", after: gate)
        var model: QueryModel<DashboardQuery>? = QueryModel(environment: world.environment)
        let kept = try #require(model?.handle)
        await gate.arrival()
        #expect(kept.handle.fetch.activity.isInFlight)

        model = nil
        #expect(kept.handle.fetch.failure == .cancelled)
        #expect(world.environment.handleCount == 0)
        gate.open()
        await kept.handle.waitForFetch()
        #expect(kept.data == nil)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aModelNeverUsedAttachesNothingAndReleasesQuietly(strategy: PhaseStrategy) throws {
        let world = try World(strategy)
        var model: QueryModel<DashboardQuery>? = QueryModel(environment: world.environment)
        #expect(model?.isAttached == false)
        model = nil
        #expect(world.environment.handleCount == 0)
        #expect(world.transport.requestCount(for: "Dashboard") == 0)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aBodyReadingTheModelRerunsWhenItsDataChangesAndNotForAnUnrelatedCommit(strategy: PhaseStrategy)
        async throws {
        let world = try World(strategy)
        let model = QueryModel(DashboardQuery.self, environment: world.environment)
        // The body is the model's first use: it attaches, and shows nothing yet.
        let probe = BodyProbe { Self.login(model) }
        #expect(probe.value == nil)
        await model.handle.handle.waitForFetch()
        #expect(probe.flush())
        let login = try #require(probe.value)
        let viewer = try #require(model.data).viewer.lens.id

        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar(.string("x"))), for: FieldKey("login"), on: DataID("unrelated"))
        }
        #expect(!probe.flush())

        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar(.string(login + "-renamed"))), for: FieldKey("login"), on: viewer)
        }
        #expect(probe.flush())
        #expect(probe.value == login + "-renamed")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func retryFetchesAgainAfterAFailureAndShowsTheData(strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        world.transport.enqueue("Dashboard", .fail(.transport(.unreachable, underlying: "Connection refused")))
        let model = QueryModel(DashboardQuery.self, environment: world.environment, policy: .networkOnly)
        await model.handle.handle.waitForFetch()
        guard case .failed(let failure) = model.phase else { Issue.record("not failed: \(model.phase)"); return }
        #expect(failure.name == "transport.unreachable")
        #expect(model.fetch.activity.isFailed)

        let retry = try #require(model.retry())
        await retry.value
        #expect(try model.data?.viewer.login == "mona")
        #expect(model.retry() == nil)
        #expect(world.transport.requestCount(for: "Dashboard") == 2)
    }

    @Test func refetchSendsAgainBehindTheDataShown() async throws {
        let world = try World(.shipped)
        let model = QueryModel(DashboardQuery.self, environment: world.environment)
        await model.handle.handle.waitForFetch()
        let refetch = model.refetch()
        #expect(model.isRefreshing)
        #expect(model.data != nil)
        await refetch.value
        #expect(!model.isRefreshing)
        #expect(world.transport.requestCount(for: "Dashboard") == 2)
    }
}
