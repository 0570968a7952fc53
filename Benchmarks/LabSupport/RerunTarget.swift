import Lattice
import LatticeTesting

/// Where BodyReruns' commits write for one operation: a record of its `ok` response and a
/// field of that record that a verdict weighs, found from the compiled selection and the
/// loaded response, so the suite takes no names from the spec folder.
///
/// The field is the first one, in document order (depth first, through links and the first
/// item of each list of links), that is a nullable `String` holding a string:
/// - in the operation's own selection when it has fields of its own (its verdict reads the
///   field: a body that reads the phase depends on it under `derived`);
/// - else inside its spreads, preferring fragments under `@throwOnFieldError`: data the
///   operation holds and a fragment weighs, which the operation's own verdict never reads
///   (the decision record's second limit: no extra body).
///
/// Nullable, so that a null, or a field error beside one, is something a server may send.
public struct RerunTarget: Sendable {
    /// The operation.
    public let operation: String
    /// The record the value, null and error commits write.
    public let record: DataID
    /// The field's storage key on `record`.
    public let field: String
    /// The field's path in the response, where a field error is placed.
    public let path: [GraphQLError.PathElement]

    /// A field no operation selects, written by the `otherValue` commit.
    public static let unreadField = "labUnread"

    /// Loads `operation`'s `ok` response into a store and finds its target.
    /// - Throws: `CompiledSpecError` when the operation or its `ok` response is missing,
    ///   `NormalizeError` when the response does not fit the operation, `RerunTargetError`
    ///   when no field qualifies.
    /// - Complexity: O(response nodes) to load, O(selections) to search.
    @MainActor
    public init(operation: String, in fixtures: CompiledSpec) throws {
        let artifact = try fixtures.artifact(operation)
        let ok = try fixtures.response(operation)
        let bound = BoundArtifact(artifact, variables: ok.variables)
        let store = Store()
        try store.commit(ok.response, for: bound)
        let records = store.snapshot().records
        let ownFields = !LabOperations.selectsOnlySpreads(artifact)
        // Own fields: only the operation's selection counts. Spreads only: fragments under
        // @throwOnFieldError first, then any fragment.
        let searches = ownFields
            ? [TargetSearch(records: records, variables: bound.variables, entersSpreads: false, throwingOnly: false)]
            : [true, false].map {
                TargetSearch(records: records, variables: bound.variables, entersSpreads: true, throwingOnly: $0)
            }
        guard let found = searches.lazy.compactMap({ $0.find(artifact.selectionSet, on: .root, at: [], in: artifact) })
            .first else {
            throw RerunTargetError.noField(operation: operation, folder: fixtures.spec.root.path, insideSpreads: !ownFields)
        }
        self.operation = operation
        record = found.record
        field = found.field
        path = found.path
    }
}

/// The search behind `RerunTarget`: what it reads and which fields count.
private struct TargetSearch {
    struct Found {
        let record: DataID
        let field: String
        let path: [GraphQLError.PathElement]
    }

    /// The loaded store, fields by storage key.
    let records: [DataID: [String: FieldState]]
    /// The operation's variables, defaults applied, for storage keys with arguments.
    let variables: [String: JSONValue]
    /// Whether fields inside spreads count (and spreads are followed at all).
    let entersSpreads: Bool
    /// Whether only fields of documents under `@throwOnFieldError` count.
    let throwingOnly: Bool

    /// The first qualifying field of `set` on `record`, at response path `path`, read by
    /// `document`'s selection.
    func find(_ set: ObjectSelection, on record: DataID, at path: [GraphQLError.PathElement],
              in document: Artifact) -> Found? {
        for selection in set.selections {
            let found: Found? = switch selection {
            case .field(let field): find(field, on: record, at: path, in: document)
            case .inlineFragment(let inline):
                admits(inline.condition, record) ? find(inline.selectionSet, on: record, at: path, in: document) : nil
            case .spread(let spread):
                entersSpreads && admits(spread.condition, record)
                    ? find(spread.fragment.selectionSet, on: record, at: path, in: spread.fragment) : nil
            }
            if let found { return found }
        }
        return nil
    }

    private func find(_ field: FieldNode, on record: DataID, at path: [GraphQLError.PathElement],
                      in document: Artifact) -> Found? {
        guard !field.isAdded else { return nil }
        let key = storageKey(field)
        guard let value = records[record]?[key]?.value else { return nil }
        let here = path + [.key(field.responseKey)]
        switch (field.kind, value) {
        case (.scalar(.string), .scalar(.string)):
            guard !field.type.isNonNull, document.throwsOnFieldError || !throwingOnly else { return nil }
            return Found(record: record, field: key, path: here)
        case (.linked(let set), .link(let id)):
            return find(set, on: id, at: here, in: document)
        case (.linkedList(let set, _), .links(let ids)):
            guard let index = ids.firstIndex(where: { $0 != nil }), let id = ids[index] else { return nil }
            return find(set, on: id, at: here + [.index(index)], in: document)
        default:
            return nil
        }
    }

    private func storageKey(_ field: FieldNode) -> String {
        switch field.key {
        case .constant(let key, _): key.storageKey
        case .variable(_, let template): template.resolve(variables)
        }
    }

    /// Whether `record`'s type meets `condition` (no condition always does; a record without a
    /// `__typename` meets none).
    private func admits(_ condition: TypeCondition?, _ record: DataID) -> Bool {
        guard let condition else { return true }
        guard case .scalar(.string(let typename)) = records[record]?["__typename"]?.value else { return false }
        return condition.admits(TypeKey(typename))
    }
}

/// An operation whose data has nothing BodyReruns' commits can write.
public enum RerunTargetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No nullable `String` field holding a string in the operation's `ok` response, in its
    /// own selection (or, `insideSpreads`, inside its spreads).
    case noField(operation: String, folder: String, insideSpreads: Bool)

    public var description: String {
        switch self {
        case let .noField(operation, folder, insideSpreads):
            "\(folder): \(operation)'s ok response holds no nullable String field with a value "
                + (insideSpreads ? "inside its spreads" : "in its own selection")
                + ": BodyReruns writes one to count the bodies a commit re-runs"
        }
    }
}
