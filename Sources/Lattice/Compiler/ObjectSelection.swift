/// The compiled selections of one object, with the indexes reads need.
public final class ObjectSelection: Sendable {
    /// A field a lens may read on this object: directly, or inside an inline fragment whose
    /// condition must hold for the record.
    struct LensEntry: Sendable {
        let field: FieldNode
        let condition: TypeCondition?
    }

    /// A field's storage key and the key path its tracked read observes, unowned: the key
    /// path is interned for the process (`FieldKeyTable`) and the field node holds it too, and
    /// holding it strongly here cost a retain and a release a read (callgrind,
    /// FieldRead/generatedUntracked/8: 3,162 instructions against 2,778).
    @usableFromInline struct DirectKey: Sendable {
        let key: FieldKey
        unowned(unsafe) let keyPath: FieldKeyPath
    }

    /// The parent type of the selections.
    public let typeName: String
    /// The type itself when it is an object type (so `__typename` may be inferred), `nil`
    /// for an interface or union.
    public let concreteTypename: String?
    /// `concreteTypename` interned: a normalizer meeting an object of this set names its type
    /// by comparing the `__typename` sent with it, instead of looking the name up under a lock.
    let concreteType: TypeKey?
    /// The concrete types whose objects are records keyed by their key (`Schema.key(of:)`;
    /// `nil`: none are).
    public let identifiedTypes: TypeCondition?
    /// The keys of `identifiedTypes`, when one is not the default global `id` (`nil`: each is
    /// keyed by the `id` sent).
    public let recordKeys: SelectionKeys?
    /// The concrete types an object of this set can be: a `__typename` the server sends must
    /// name one (the type itself, or a possible type of the interface or union).
    public let typenames: TypeCondition
    /// The selections in document order, generated `id` / `__typename` included.
    public let selections: [SelectionNode]
    /// Fields a lens reads by response key (not the compiler's additions, not inside spreads), in
    /// document order. Sets of up to `scanLimit` fields are scanned: an unequal `==` of two
    /// short keys costs ~50 instructions, hashing the key for a dictionary ~300 (callgrind,
    /// untracked lens read of an 8-field selection: scan 275, dictionary 450 per read).
    let lensEntries: [LensEntry]
    /// The response keys of `lensEntries`, scanned without touching (retaining) the nodes.
    let lensKeys: [String]
    /// For each of `lensEntries`, its storage key when a read by position can go straight to
    /// the record's slot: a constant key and no type condition (nil otherwise). A scalar read
    /// that finds a scalar there needs nothing of the field node (`Lens.scalarJSON(at:)`).
    @usableFromInline let directKeys: [DirectKey?]
    /// Response key to the first index in `lensEntries`, for large sets only.
    let lensIndex: [String: Int]?
    /// Spreads at this level (inside inline fragments too), for `Lens.fragment`.
    let spreads: [SpreadNode]
    /// Whether a `@required` null can make this set's object null.
    public let canBubble: Bool
    /// The selections to check when a lens on this object is made (those that can bubble).
    let bubbleChecks: [SelectionNode]
    /// The own selections as the verdict walk iterates them.
    let walkSteps: [WalkStep]
    /// `bubbleChecks` as the walk iterates them.
    let bubbleSteps: [WalkStep]
    /// The number of fields a read of this set's own selection visits (spreads excluded).
    public let ownFieldCount: Int
    /// How many sets deep a walk from here descends, this one counted, through linked fields,
    /// inline fragments and spreads: the compiler bounds it (`Compiler.maximumDepth`), so
    /// every recursive walk of a compiled document fits a small stack.
    public let depth: Int

    private static let scanLimit = 16

    init(typeName: String, concreteTypename: String?, identifiedTypes: TypeCondition?,
         recordKeys: SelectionKeys? = nil, selections: [SelectionNode], possibleTypes: [String] = []) {
        self.recordKeys = recordKeys
        self.typeName = typeName
        self.concreteTypename = concreteTypename
        concreteType = concreteTypename.map(TypeKey.init)
        self.identifiedTypes = identifiedTypes
        typenames = TypeCondition(typeName: typeName,
                                  concreteTypes: concreteTypename.map { [$0] } ?? Set(possibleTypes))
        self.selections = selections
        var entries: [LensEntry] = []
        var spreads: [SpreadNode] = []
        var checks: [SelectionNode] = []
        var count = 0
        var below = 0
        func collect(_ selections: [SelectionNode], condition: TypeCondition?) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    count += 1 + (field.selectionSet?.ownFieldCount ?? 0)
                    below = max(below, field.selectionSet?.depth ?? 0)
                    if !field.isAdded {
                        entries.append(LensEntry(field: field, condition: condition))
                    }
                case .inlineFragment(let inline):
                    below = max(below, inline.selectionSet.depth)
                    collect(inline.selectionSet.selections, condition: inline.condition ?? condition)
                case .spread(let spread):
                    below = max(below, spread.fragment.selectionSet.depth)
                    spreads.append(spread)
                }
            }
        }
        collect(selections, condition: nil)
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.bubblesUp { checks.append(selection) }
            case .inlineFragment(let inline):
                if inline.selectionSet.canBubble { checks.append(selection) }
            case .spread:
                break
            }
        }
        lensEntries = entries
        lensKeys = entries.map(\.field.responseKey)
        directKeys = entries.map { entry in
            guard entry.condition == nil, case .constant(let key, let keyPath) = entry.field.key else { return nil }
            return DirectKey(key: key, keyPath: keyPath)
        }
        self.spreads = spreads
        bubbleChecks = checks
        walkSteps = WalkStep.steps(selections)
        bubbleSteps = WalkStep.steps(checks)
        canBubble = !checks.isEmpty
        ownFieldCount = count
        depth = 1 + below
        if entries.count > Self.scanLimit {
            var index: [String: Int] = [:]
            for (position, entry) in entries.enumerated().reversed() {
                index[entry.field.responseKey] = position
            }
            lensIndex = index
        } else {
            lensIndex = nil
        }
    }

    /// The lens entry for `responseKey` that applies to a record of `type`, or `nil` if the
    /// selection has no such field at all. `matched` is false when the field exists but only
    /// under type conditions the record does not meet; `readsType` says whether the answer
    /// depended on `type` (a condition was checked), so a tracked read depends on it too.
    /// - Complexity: O(fields) for small sets (string compares), O(1) for large ones.
    func lensField(_ responseKey: String,
                   type: RecordType) -> (field: FieldNode, matched: Bool, readsType: Bool)? {
        var first: FieldNode?
        var readsType = false
        let start: Int
        if let lensIndex {
            guard let position = lensIndex[responseKey] else { return nil }
            start = position
        } else {
            start = 0
        }
        for position in start..<lensKeys.count where lensKeys[position] == responseKey {
            let entry = lensEntries[position]
            guard let condition = entry.condition else { return (entry.field, true, readsType) }
            readsType = true
            if condition.matches(type) { return (entry.field, true, true) }
            if first == nil { first = entry.field }
        }
        guard let first else { return nil }
        return (first, false, true)
    }


    /// The position of `field` among the fields a lens reads (`Lens[_:]` and the other
    /// reads by position take it), `nil` when it is not one (a compiler-added field, or a field of
    /// a spread). What `lattice generate` writes into each accessor.
    /// - Complexity: O(fields), identity compares.
    public func lensFieldIndex(of field: FieldNode) -> Int? {
        lensEntries.firstIndex { $0.field === field }
    }

    /// The position of `spread` among the spreads a lens opens (`Lens.fragment(at:)`), `nil`
    /// when it is not one of this set's. - Complexity: O(spreads), identity compares.
    public func spreadIndex(of spread: SpreadNode) -> Int? {
        spreads.firstIndex { $0 === spread }
    }

    /// Whether a deferred fragment's part is in `object`, a response's: every field the set
    /// selects itself is there, or, when it selects only fragments, the first one's part is.
    /// - Complexity: O(fields the set selects itself).
    func hasArrived(in object: [String: JSONValue]) -> Bool {
        var selectsFields = false
        for selection in selections {
            guard case .field(let field) = selection else { continue }
            selectsFields = true
            if object[field.responseKey] == nil { return false }
        }
        if selectsFields { return true }
        for selection in selections {
            switch selection {
            case .field: continue
            case .inlineFragment(let inline): return inline.selectionSet.hasArrived(in: object)
            case .spread(let spread): return spread.fragment.selectionSet.hasArrived(in: object)
            }
        }
        return true
    }

    /// The response keys the document writes for an object of type `type` (the compiler's
    /// additions left out): fields of every part whose condition admits it, spreads included
    /// (each fragment once, however often it is spread).
    /// - Complexity: O(selections reached, each fragment's counted once).
    static func responseKeys(of selections: [SelectionNode], for type: TypeKey) -> Set<String> {
        var keys: Set<String> = []
        var spread: Set<ObjectIdentifier> = []
        func collect(_ selections: [SelectionNode]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    if !field.isAdded { keys.insert(field.responseKey) }
                case .inlineFragment(let inline):
                    if inline.condition?.admits(type) ?? true { collect(inline.selectionSet.selections) }
                case .spread(let node):
                    if node.condition?.admits(type) ?? true,
                       spread.insert(ObjectIdentifier(node.fragment)).inserted {
                        collect(node.fragment.selectionSet.selections)
                    }
                }
            }
        }
        collect(selections)
        return keys
    }
}

extension ObjectSelection {
    /// The response keys from this set down to `field` (the node itself, found by identity),
    /// through linked fields and inline fragments, not spreads; `nil` when it is not here.
    /// What a log entry names a field by. - Complexity: O(fields under this set).
    func path(to field: FieldNode) -> [String]? {
        for selection in selections {
            switch selection {
            case .field(let candidate):
                if candidate === field { return [candidate.responseKey] }
                if let below = candidate.selectionSet?.path(to: field) { return [candidate.responseKey] + below }
            case .inlineFragment(let inline):
                if let below = inline.selectionSet.path(to: field) { return below }
            case .spread:
                continue
            }
        }
        return nil
    }
}
