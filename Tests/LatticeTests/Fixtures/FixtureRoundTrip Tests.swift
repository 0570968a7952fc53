import Testing
@testable import Lattice

/// Every response under spec/responses, normalized and read back through its operation.
@MainActor
@Suite struct FixtureRoundTripTests {
    /// Where a client directive makes the read differ from the response's data, what Relay's
    /// semantics give instead, by fixture file.
    nonisolated static let directiveCases: [String: (verdict: Verdict, data: @Sendable (JSONValue) -> JSONValue)] = [
        // `author @required(action: THROW)` is null; it bubbles through `node @required` to the root.
        "IssueAuthorCard.field-error.json": (.requiredFieldMissing(path: [.key("node"), .key("author")]), { _ in .null }),
        "IssueAuthorCard.required-null.json": (.requiredFieldMissing(path: [.key("node"), .key("author")]), { _ in .null }),
        // `dueOn @required(action: NONE)` is null: the nullable `milestone` becomes null.
        "MilestoneProgress.required-null.json": (.fine, { $0.setting(["repository", "issue", "milestone"], to: .null) }),
        // `organization @required(action: LOG)` is null: the root bubbles.
        "OrganizationProfile.not-found.json": (.requiredFieldMissing(path: [.key("organization")]), { _ in .null }),
        // `name @required(action: LOG)` is null: through `organization @required` to the root.
        "OrganizationProfile.required-null.json": (.requiredFieldMissing(path: [.key("organization"), .key("name")]), { _ in .null }),
        // A review's `author @required(action: LOG)` is null: the nullable list item becomes null.
        "PullRequestReviewers.required-null.json": (.fine, { $0.setting(["repository", "pullRequest", "reviews", "nodes", "3"], to: .null) }),
        // `primaryLanguage @catch(to: RESULT)`: a result value, failed where its error is.
        "RepositoryOverview.ok.json": (.fine, { $0.wrappingResult(["repository", "primaryLanguage"]) }),
        "RepositoryOverview.null-language.json": (.fine, { $0.wrappingResult(["repository", "primaryLanguage"]) }),
        "RepositoryOverview.field-error.json": (.fine, { data in
            data.setting(["repository", "primaryLanguage"], to: .object([
                "ok": .bool(false),
                "errors": .array([.object(["message": .string("Language detector unavailable."),
                                           "path": .array([.string("repository"), .string("primaryLanguage")])])]),
            ]))
        }),
    ]

    @Test func theSpecCompiles() throws {
        let artifacts = try SpecFixtures.artifacts()
        #expect(artifacts.count == 34)
        #expect(artifacts.values.filter { $0.kind == .fragment }.count == 14)
    }

    @Test(arguments: SpecFixtures.responses())
    func normalizeThenReadGivesTheResponsesData(_ fixture: SpecFixtures.Response) throws {
        let artifacts = try SpecFixtures.artifacts()
        let bound = BoundArtifact(try #require(artifacts[fixture.operation]), variables: fixture.variables)
        let store = Store()
        guard let data = fixture.response.data, data != .null else {
            #expect(throws: NormalizeError.noData(errors: fixture.response.errors ?? [])) {
                try store.commit(fixture.response, for: bound)
            }
            return
        }
        try store.commit(fixture.response, for: bound)
        let read = StoreReader.read(bound, root: try #require(store.record(.root)))
        #expect(read.missing.isEmpty)
        // The response answers the sent text; a read gives back what the document wrote.
        let written = data.writtenFields(of: [bound.artifact.selectionSet])
        if let directive = Self.directiveCases[fixture.file] {
            #expect(read.data == directive.data(written))
            #expect(read.verdict == directive.verdict)
        } else {
            #expect(read.data == written)
        }
    }

    @Test(arguments: SpecFixtures.responses().filter { fixture in
        fixture.response.data.map { $0 != .null } == true && (fixture.response.errors ?? []).contains { $0.path != nil }
    })
    func errorsArePlacedWhereTheirPathsSayAndNowhereElse(_ fixture: SpecFixtures.Response) throws {
        let artifacts = try SpecFixtures.artifacts()
        let bound = BoundArtifact(try #require(artifacts[fixture.operation]), variables: fixture.variables)
        let store = Store()
        let data = try #require(fixture.response.data)
        let result = try store.commit(fixture.response, for: bound)
        let errors = fixture.response.errors ?? []
        // Placed: the path reaches a null (the nulled field holds it); else unplaced.
        let placed = errors.filter { error in error.path.map { data.nullPrefix(of: $0) != nil } ?? false }
        #expect(result.unplacedErrors == errors.filter { !placed.contains($0) })
        let stored = store.snapshot().records.values.flatMap { $0.values.flatMap { $0.errors ?? [] } }
        #expect(stored.count == placed.count)
        let root = try #require(store.record(.root))
        for error in placed {
            let prefix = try #require(data.nullPrefix(of: error.path ?? []))
            let (record, key) = try #require(locate(prefix, in: bound, from: root), "\(error.pathDescription)")
            #expect(record.field(key)?.errors?.contains(error) == true, "\(error.pathDescription)")
        }
    }

    /// The record and field a response path names, following the operation's selection
    /// (inline fragments and spreads included, every field under that response key tried)
    /// through the store; a trailing index names the list field.
    func locate(_ path: [GraphQLError.PathElement], in bound: BoundArtifact, from root: Record) -> (Record, FieldKey)? {
        locate(path[...], set: bound.artifact.selectionSet, bound: bound, record: root)
    }

    func locate(_ path: ArraySlice<GraphQLError.PathElement>, set: ObjectSelection, bound: BoundArtifact,
                record: Record) -> (Record, FieldKey)? {
        guard case .key(let responseKey)? = path.first else { return nil }
        var rest = path.dropFirst()
        for (field, owner) in Self.fields(responseKey, in: set, bound: bound) {
            let key = owner.key(of: field).key
            if rest.isEmpty { return (record, key) }
            guard let child = field.selectionSet else { continue }
            switch (record.slots[key]?.value, rest.first) {
            case (.link(let next)?, _):
                if let found = locate(rest, set: child, bound: owner, record: next) { return found }
            case (.links(let items)?, .index(let index)?):
                rest = rest.dropFirst()
                if rest.isEmpty { return (record, key) }
                guard index < items.count, let next = items[index] else { continue }
                if let found = locate(rest, set: child, bound: owner, record: next) { return found }
            default:
                continue
            }
        }
        return nil
    }

    static func fields(_ responseKey: String, in set: ObjectSelection,
                       bound: BoundArtifact) -> [(FieldNode, BoundArtifact)] {
        set.selections.flatMap { selection -> [(FieldNode, BoundArtifact)] in
            switch selection {
            case .field(let field): field.responseKey == responseKey ? [(field, bound)] : []
            case .inlineFragment(let inline): fields(responseKey, in: inline.selectionSet, bound: bound)
            case .spread(let spread):
                fields(responseKey, in: spread.fragment.selectionSet, bound: bound.fragment(spread.fragment))
            }
        }
    }
}

extension JSONValue {
    /// The data without the fields only the compiler added (`id`, `__typename`): what the
    /// documents `sets` (those of one response key, merged) select as written, reached
    /// through the inline fragments and spreads that apply to each object's `__typename`.
    func writtenFields(of sets: [ObjectSelection]) -> JSONValue {
        switch self {
        case .array(let items):
            return .array(items.map { $0.writtenFields(of: sets) })
        case .object(let members):
            var sent: TypeKey?
            if case .string(let name)? = members["__typename"] { sent = TypeKey(name) }
            var children: [String: [ObjectSelection]] = [:]
            func applies(_ condition: TypeCondition?, in set: ObjectSelection) -> Bool {
                guard let condition else { return true }
                return (sent ?? set.concreteTypename.map { TypeKey($0) }).map(condition.admits) ?? false
            }
            func collect(_ set: ObjectSelection) {
                for selection in set.selections {
                    switch selection {
                    case .field(let field):
                        guard !field.isAdded else { continue }
                        children[field.responseKey, default: []] += field.selectionSet.map { [$0] } ?? []
                    case .inlineFragment(let inline):
                        if applies(inline.condition, in: set) { collect(inline.selectionSet) }
                    case .spread(let spread):
                        if applies(spread.condition, in: set) { collect(spread.fragment.selectionSet) }
                    }
                }
            }
            sets.forEach(collect)
            var kept: [String: JSONValue] = [:]
            for (key, value) in members {
                if let sets = children[key] { kept[key] = value.writtenFields(of: sets) }
            }
            return .object(kept)
        case .null, .bool, .int, .double, .string:
            return self
        }
    }

    /// The value with the member at `path` (keys, or indices as digits) replaced.
    func setting(_ path: [String], to value: JSONValue) -> JSONValue {
        guard let first = path.first else { return value }
        switch self {
        case .object(var members):
            members[first] = (members[first] ?? .null).setting(Array(path.dropFirst()), to: value)
            return .object(members)
        case .array(var items):
            guard let index = Int(first), index < items.count else { return self }
            items[index] = items[index].setting(Array(path.dropFirst()), to: value)
            return .array(items)
        case .null, .bool, .int, .double, .string:
            return self
        }
    }

    func value(at path: [String]) -> JSONValue? {
        guard let first = path.first else { return self }
        switch self {
        case .object(let members): return members[first]?.value(at: Array(path.dropFirst()))
        case .array(let items):
            guard let index = Int(first), index < items.count else { return nil }
            return items[index].value(at: Array(path.dropFirst()))
        case .null, .bool, .int, .double, .string: return nil
        }
    }

    /// `{ok: true, value}` in place of the value at `path` (Relay's `@catch(to: RESULT)`).
    func wrappingResult(_ path: [String]) -> JSONValue {
        setting(path, to: .object(["ok": .bool(true), "value": value(at: path) ?? .null]))
    }

    /// The shortest prefix of `path` whose value is null (a trailing list index is cut to
    /// its list field), or `nil` when the path leads to no null the response wrote.
    func nullPrefix(of path: [GraphQLError.PathElement]) -> [GraphQLError.PathElement]? {
        var current = self
        for (position, element) in path.enumerated() {
            let next: JSONValue?
            switch (current, element) {
            case let (.object(members), .key(key)): next = members[key]
            case let (.array(items), .index(index)): next = index < items.count ? items[index] : nil
            default: next = nil
            }
            guard let next else { return nil }
            if next == .null {
                let prefix = Array(path[...position])
                if case .index = element { return Array(prefix.dropLast()) }
                return prefix
            }
            current = next
        }
        return nil
    }
}
