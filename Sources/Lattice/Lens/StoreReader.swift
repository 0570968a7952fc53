/// Reads an operation's whole data back out of the store as JSON (Relay's reader), fragments
/// merged in (unmasked), with Relay's semantics for client directives: `@required` nulls
/// bubble, `@catch(to: RESULT)` gives `{ok, value}` / `{ok, errors}`, `@catch(to: NULL)` gives
/// null. Untracked.
///
/// For debugging and tests (`lattice normalize --read`, the fixture round trips); views
/// read through lenses.
@MainActor
public enum StoreReader {
    /// What a read found.
    public struct Result: Hashable, Sendable {
        /// The data; `.null` when the root bubbled.
        public let data: JSONValue
        /// Response paths of fields the store never received, in reading order.
        public let missing: [String]
        /// The operation's verdict.
        public let verdict: Verdict
    }

    /// Reads `operation` from `root`. - Complexity: O(fields reached, spreads included).
    public static func read(_ operation: BoundArtifact, root: Record) -> Result {
        var reader = DataReading(spreads: SpreadMemo(for: operation.artifact))
        let data = reader.object(operation.artifact.selectionSet, on: root, bound: operation, path: "")
        var tracking = UntrackedReads()
        let verdict = Verdict.evaluate(operation, root: root, tracking: &tracking)
        return Result(data: data.map(JSONValue.object) ?? .null, missing: reader.missing, verdict: verdict)
    }
}

/// The traversal state of one JSON read.
@MainActor
private struct DataReading {
    var missing: [String] = []
    /// A spread is read once per record and response path: read again there (a fragment
    /// spread twice, an object reached through two fragments), it would merge the same fields.
    var spreads: SpreadMemo<ReadPlace>

    /// Where a spread was read.
    struct ReadPlace: Hashable {
        let record: DataID
        let path: String
    }

    /// The object's fields, or `nil` when a `@required` null made it null.
    mutating func object(_ set: ObjectSelection, on record: Record, bound: BoundArtifact,
                         path: String) -> [String: JSONValue]? {
        var result: [String: JSONValue] = [:]
        for selection in set.selections {
            switch selection {
            case .field(let field):
                if field.isAdded { continue }
                let fieldPath = path.isEmpty ? field.responseKey : path + "." + field.responseKey
                switch value(field, on: record, bound: bound, path: fieldPath) {
                case .absent: continue
                case .bubbled: return nil
                case .value(let value): result = merge(result, [field.responseKey: value])
                }
            case .inlineFragment(let inline):
                guard inline.condition?.matches(record.type) ?? true else { continue }
                guard let fields = object(inline.selectionSet, on: record, bound: bound, path: path) else { return nil }
                result = merge(result, fields)
            case .spread(let spread):
                guard spread.condition?.matches(record.type) ?? true,
                      spreads.firstVisit(of: spread.fragment, at: ReadPlace(record: record.id, path: path))
                else { continue }
                let fragment = bound.fragment(spread)
                if let fields = object(spread.fragment.selectionSet, on: record, bound: fragment, path: path) {
                    result = merge(result, fields)
                }
            }
        }
        return result
    }

    enum FieldFinding {
        case absent
        case bubbled
        case value(JSONValue)
    }

    mutating func value(_ field: FieldNode, on record: Record, bound: BoundArtifact, path: String) -> FieldFinding {
        guard let slot = record.slots[bound.fieldKey(of: field)] else {
            // A client-only field no local update wrote reads as null.
            if field.isClientOnly { return .value(.null) }
            missing.append(path)
            return .absent
        }
        var errors = slot.errors ?? []
        var read: JSONValue?
        switch slot.value {
        case .null:
            read = nil
        case .scalar(let json):
            read = json
        case .link(let target):
            guard let set = field.selectionSet else { return .value(.null) }
            // A deleted record reads as null.
            guard target.type != .nonexistent else { break }
            errors += caughtErrors(field, set, target, bound)
            read = object(set, on: target, bound: bound, path: path).map(JSONValue.object)
            if read == nil && field.passesBubble { return .bubbled }
        case .links(let targets):
            guard case .linkedList(let set, let itemNonNull) = field.kind else { return .value(.null) }
            var items: [JSONValue] = []
            var nulled = false
            for (index, target) in targets.enumerated() {
                guard let target, target.type != .nonexistent else { items.append(.null); continue }
                errors += caughtErrors(field, set, target, bound)
                let item = object(set, on: target, bound: bound, path: "\(path).\(index)")
                if item == nil && itemNonNull { nulled = true }
                items.append(item.map(JSONValue.object) ?? .null)
            }
            if nulled && field.passesBubble { return .bubbled }
            read = nulled ? nil : .array(items)
        }
        if read == nil && field.required != nil && field.catchTarget == nil { return .bubbled }
        switch field.catchTarget {
        case nil:
            return .value(read ?? .null)
        case .null?:
            return .value(errors.isEmpty ? read ?? .null : .null)
        case .result?:
            if errors.isEmpty { return .value(.object(["ok": .bool(true), "value": read ?? .null])) }
            return .value(.object(["ok": .bool(false), "errors": .array(errors.map(Self.caughtJSON))]))
        }
    }

    /// Errors under a caught linked field's object (only a `@catch` field needs them).
    func caughtErrors(_ field: FieldNode, _ set: ObjectSelection, _ target: Record,
                      _ bound: BoundArtifact) -> [GraphQLError] {
        guard field.catchTarget != nil else { return [] }
        var walk = VerdictWalk(tracking: UntrackedReads(), collectsErrors: true, bubblesOnly: false,
                               logger: nil, includesCaught: true)
        _ = walk.walk(set, on: target, bound: bound)
        return walk.errors
    }

    /// A caught error as Relay's result gives it: message and path.
    static func caughtJSON(_ error: GraphQLError) -> JSONValue {
        var object: [String: JSONValue] = ["message": .string(error.message)]
        if case .array(let path)? = error.json.objectValue?["path"] { object["path"] = .array(path) }
        return .object(object)
    }

    /// Deep merge: the same response key read by two selections (own and a fragment's).
    func merge(_ base: [String: JSONValue], _ extra: [String: JSONValue]) -> [String: JSONValue] {
        base.merging(extra) { old, new in
            switch (old, new) {
            case let (.object(left), .object(right)): .object(merge(left, right))
            case let (.array(left), .array(right)) where left.count == right.count:
                .array(zip(left, right).map { pair in
                    if case let (.object(l), .object(r)) = pair { return .object(merge(l, r)) }
                    return pair.1
                })
            default: new
            }
        }
    }
}
