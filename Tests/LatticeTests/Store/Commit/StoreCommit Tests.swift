import Observation
import Synchronization
import Testing
@testable import Lattice

@MainActor
@Suite struct StoreCommitTests {
    let artifacts: [String: Artifact]

    init() throws {
        artifacts = try TestDocuments.compile("""
        query IssueQuery { node(id: "I1") { ... on Issue { title body author { login } labels { name } } } }
        """)
    }

    var bound: BoundArtifact { BoundArtifact(artifacts["IssueQuery"]!) }

    func response(title: String = "T", body: JSONValue = "B") throws -> GraphQLResponse {
        GraphQLResponse(data: try .parse("""
        {"node": {"__typename": "Issue", "id": "I1", "title": "\(title)", "body": \(body == .null ? "null" : "\"B\""),
          "author": {"__typename": "User", "id": "U1", "login": "ada"},
          "labels": [{"id": "L1", "name": "bug"}]}}
        """))
    }

    /// Runs `read` under tracking and answers whether `change` fired its onChange.
    func fires(_ read: () -> Void, after change: () throws -> Void) rethrows -> Bool {
        let counter = ChangeCounter.track(read)
        try change()
        return counter.fired
    }

    @Test func equalWritesNotifyNobody() throws {
        let store = Store()
        try store.commit(try response(), for: bound)
        let issue = store.record(DataID("I1"))!
        let fired = try fires({
            issue.observe(FieldKey("title").keyPath)
        }, after: {
            let changes = try store.commit(try response(), for: bound).changes
            #expect(changes.changedFields.isEmpty)
            #expect(changes.fieldsWritten > 0)
        })
        #expect(!fired)
    }

    /// The normalizer stages links with their records' places in the delta, and the commit
    /// resolves them there: each link is the store's one record of its id, whether the record
    /// was there before, is new, or is linked twice; the same list again changes nothing, the
    /// same ids in another order change the list.
    @Test func linksAreTheStoresOneRecordOfEachId() throws {
        func labels(_ ids: [String]) throws -> GraphQLResponse {
            let items = ids.map { "{\"id\": \"\($0)\", \"name\": \"\($0)\"}" }.joined(separator: ", ")
            return GraphQLResponse(data: try .parse("""
            {"node": {"__typename": "Issue", "id": "I1", "title": "T", "body": "B",
              "author": {"__typename": "User", "id": "U1", "login": "ada"}, "labels": [\(items)]}}
            """))
        }
        let store = Store()
        try store.commit(try labels(["L1"]), for: bound)
        try store.commit(try labels(["L2", "L1", "L2"]), for: bound)
        let issue = try #require(store.record(DataID("I1")))
        guard case .links(let linked)? = issue.slots[FieldKey("labels")]?.value,
              case .link(let author)? = issue.slots[FieldKey("author")]?.value else {
            Issue.record("the issue's labels and author are not links")
            return
        }
        #expect(linked.count == 3)
        for (record, id) in zip(linked, ["L2", "L1", "L2"]) {
            #expect(record != nil && record === store.record(DataID(id)), "\(id)")
        }
        #expect(author === store.record(DataID("U1")))
        #expect(try store.commit(try labels(["L2", "L1", "L2"]), for: bound).changes.changedFields.isEmpty)
        let reordered = try store.commit(try labels(["L1", "L2", "L2"]), for: bound).changes
        #expect(reordered.changedFields == [FieldRef(record: issue.serial, key: FieldKey("labels"))])
    }

    @Test func aChangedFieldNotifiesOnceAfterTheWholeCommit() throws {
        let store = Store()
        try store.commit(try response(), for: bound)
        let issue = store.record(DataID("I1"))!
        let user = store.record(DataID("U1"))!
        let seen = Mutex<[FieldState?]>([])
        let counter = ChangeCounter.track {
            issue.observe(FieldKey("title").keyPath)
        }
        withObservationTracking {
            issue.observe(FieldKey("title").keyPath)
        } onChange: {
            // Another write of the same commit, to another record, is already applied.
            MainActor.assumeIsolated { seen.withLock { $0.append(user.field(FieldKey("login"))) } }
        }
        var delta = RecordSourceDelta()
        delta.set(FieldState(value: .scalar("New")), for: FieldKey("title"), on: DataID("I1"))
        delta.set(FieldState(value: .scalar("grace")), for: FieldKey("login"), on: DataID("U1"))
        let changes = store.publish(delta)
        #expect(counter.value == 1)
        #expect(seen.withLock { $0 } == [FieldState(value: .scalar("grace"))])
        #expect(changes.changedFields.count == 2)
        #expect(changes.changedRecords == [DataID("I1"), DataID("U1")])
    }

    @Test func verdictChangesAreNotedOnlyWhenConfigured() throws {
        for notes in [false, true] {
            let store = Store(configuration: .init(notesVerdictChanges: notes))
            try store.commit(try response(), for: bound)
            let nulled = try store.commit(try response(body: .null), for: bound).changes
            let retitled = try store.commit(try response(title: "Other", body: .null), for: bound).changes
            #expect(retitled.changedFields.count == 1)
            #expect(retitled.verdictChanges.isEmpty)
            if notes {
                let body = FieldRef(record: store.record(DataID("I1"))!.serial, key: FieldKey("body"))
                #expect(nulled.verdictChanges == [VerdictChange(field: body, kind: .nullness)])
            } else {
                #expect(nulled.verdictChanges.isEmpty)
                #expect(!nulled.hasVerdictRelevantChanges)
            }
        }
    }

    @Test func invalidationStampsTheCommitEpoch() throws {
        let store = Store()
        try store.commit(try response(), for: bound)
        let issue = store.record(DataID("I1"))!
        #expect(issue.invalidatedAt == nil)
        let fired = fires({ _ = issue.invalidatedAt }, after: {
            store.commit { $0.invalidate(DataID("I1")) }
        })
        #expect(fired)
        #expect(issue.invalidatedAt == store.epoch)
        let global = store.invalidateAll()
        #expect(store.invalidationEpoch == global)
        #expect(global > issue.invalidatedAt!)
    }

    @Test func deletingARecordRemovesItsFieldsAndNotesIt() throws {
        let store = Store(configuration: .init(notesVerdictChanges: true))
        try store.commit(try response(), for: bound)
        let changes = store.commit { $0.delete(DataID("U1")) }
        #expect(store.record(DataID("U1"))?.fields.isEmpty == true)
        // __typename, id, login, and the record's type (now: nonexistent)
        #expect(changes.verdictChanges.map(\.kind) == Array(repeating: .recordDeleted, count: 4))
        // A deleted record is null, not missing data.
        #expect(DataChecker.check(bound, in: store).status == .available)
    }
}
