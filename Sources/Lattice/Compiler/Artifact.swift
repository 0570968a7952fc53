/// An operation or fragment compiled against the schema: its selection tree, storage keys,
/// type conditions and directive metadata, plus the static checks its verdict needs.
///
/// Immutable and shared across stores and environments.
public final class Artifact: Sendable {
    /// What was compiled.
    public enum Kind: String, Sendable {
        case query, mutation, subscription, fragment
    }

    /// A declared variable of an operation.
    public struct Variable: Sendable {
        /// The name, without `$`.
        public let name: String
        /// The declared type.
        public let type: GraphQLType
        /// The default from the definition (`$first: Int = 10`), if any.
        public let defaultValue: JSONValue?
    }

    /// The query the compiler derives for a `@refetchable` fragment.
    public struct RefetchQuery: Hashable, Sendable {
        /// The query's name (`queryName`).
        public let name: String
        /// Whether it fetches the fragment's record through `node(id: $id)` (else the
        /// fragment is on Query and the query spreads it at the root).
        public let byNode: Bool
    }

    /// The definition's name.
    public let name: String
    /// Operation kind, or fragment.
    public let kind: Kind
    /// The operation's root type, or the fragment's type condition.
    public let typeName: String
    /// The compiled selections of the definition's root object.
    public let selectionSet: ObjectSelection
    /// Declared variables (operations only).
    public let variables: [Variable]
    /// For a `@refetchable` fragment, the query that fetches it again.
    public let refetchQuery: RefetchQuery?
    /// Whether the operation reaches a fragment with variables of its own, which its sent
    /// text declares and `Program.request` gives values.
    let hoistsFragmentVariables: Bool
    /// `@throwOnFieldError` on the definition.
    public let throwsOnFieldError: Bool
    /// `@catch(to:)` on the definition.
    public let catchTarget: CatchTarget?
    /// `@expires(seconds:)` on the definition.
    public let expiresSeconds: Int?
    /// Storage key templates of the fields whose arguments use variables, indexed by
    /// `FieldKeyRef.variable(index:)`; `BoundArtifact` resolves them once per variables.
    public let variableKeys: [StorageKeyTemplate]
    /// The source location of the definition, `FILE:LINE:COLUMN`.
    public let location: String
    /// The definition as the runtime sends it: printed in graphql-js's style, with the `id`,
    /// `__typename` and `... on T { id }` the compiler added (`AddedSelections`), so a
    /// server's answer holds every field the normalizer requires. `Program.request(for:)`
    /// joins an operation's with those of the fragments it reaches.
    public let requestText: String
    /// A fingerprint of `requestText` (64-bit FNV-1a of its UTF-8, 16 hex digits): what
    /// generated code records of the document it was generated from, the same on every
    /// platform and run.
    public let requestFingerprint: String
    /// Where the own selection uses variables, for checking each operation that spreads it.
    let variableUsages: [VariableUsage]

    /// Whether some `@required` chain of the own selection reaches the root, so the
    /// document's data can become null.
    public var canBubbleToRoot: Bool { selectionSet.canBubble }
    /// Whether a `@required(action: THROW)` outside any `@catch` sits in the own selection.
    public let hasRequiredThrow: Bool
    /// Whether the verdict can be anything but fine, so a walk is needed at all:
    /// `@throwOnFieldError`, a root that can bubble, or a THROW `@required`.
    public var needsVerdictWalk: Bool {
        throwsOnFieldError || canBubbleToRoot || hasRequiredThrow
    }
    /// Fields of the own selection (spreads excluded): the size of a verdict walk.
    public var ownFieldCount: Int { selectionSet.ownFieldCount }
    /// Every fragment a walk of this document reaches through spreads, transitively.
    let reachableFragments: Set<ObjectIdentifier>
    /// Whether the document, or a fragment it reaches, uses `@defer` or `@stream`: its answer
    /// may come in parts (`Transport.executeIncrementally`).
    public let defersOrStreams: Bool
    /// Whether a walk through spreads may reach some fragment more than once (it is spread
    /// twice, or by two fragments this one reaches): such walks memoize spreads (`SpreadMemo`).
    let reachesAFragmentTwice: Bool

    init(name: String, kind: Kind, typeName: String, selectionSet: ObjectSelection,
         variables: [Variable], throwsOnFieldError: Bool, catchTarget: CatchTarget?,
         expiresSeconds: Int?, variableKeys: [StorageKeyTemplate], location: String,
         variableUsages: [VariableUsage], requestText: String, refetchQuery: RefetchQuery? = nil,
         hoistsFragmentVariables: Bool = false, defersOrStreams: Bool = false) {
        self.name = name
        self.kind = kind
        self.typeName = typeName
        self.selectionSet = selectionSet
        self.variables = variables
        self.refetchQuery = refetchQuery
        self.hoistsFragmentVariables = hoistsFragmentVariables
        self.throwsOnFieldError = throwsOnFieldError
        self.catchTarget = catchTarget
        self.expiresSeconds = expiresSeconds
        self.variableKeys = variableKeys
        self.location = location
        self.variableUsages = variableUsages
        self.requestText = requestText
        requestFingerprint = Fingerprint.of(requestText)
        hasRequiredThrow = catchTarget == nil && Artifact.containsRequiredThrow(selectionSet)
        var reachable: Set<ObjectIdentifier> = []
        var twice = false
        var incremental = defersOrStreams
        for fragment in Artifact.spreadNodes(in: selectionSet).map(\.fragment) {
            incremental = incremental || fragment.defersOrStreams
            let id = ObjectIdentifier(fragment)
            if fragment.reachesAFragmentTwice || reachable.contains(id)
                || !reachable.isDisjoint(with: fragment.reachableFragments) {
                twice = true
            }
            reachable.insert(id)
            reachable.formUnion(fragment.reachableFragments)
        }
        reachableFragments = reachable
        reachesAFragmentTwice = twice
        self.defersOrStreams = incremental
    }

    private static func containsRequiredThrow(_ set: ObjectSelection) -> Bool {
        set.selections.contains { selection in
            switch selection {
            case .field(let field):
                if field.catchTarget != nil { return false }
                if field.required == .throw { return true }
                return field.selectionSet.map(containsRequiredThrow) ?? false
            case .inlineFragment(let inline):
                return containsRequiredThrow(inline.selectionSet)
            case .spread:
                return false
            }
        }
    }

    /// Fragments spread anywhere in this document's tree (directly, not transitively).
    /// - Complexity: O(selections).
    public var spreadFragments: [Artifact] { Artifact.spreads(in: selectionSet) }

    /// Fragments spread anywhere in `set` (directly, not transitively), in document order.
    static func spreads(in set: ObjectSelection) -> [Artifact] {
        var seen: Set<ObjectIdentifier> = []
        return spreadNodes(in: set).map(\.fragment).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Every spread anywhere in `set` (not inside the fragments spread), in document order.
    static func spreadNodes(in set: ObjectSelection) -> [SpreadNode] {
        var result: [SpreadNode] = []
        func visit(_ set: ObjectSelection) {
            for selection in set.selections {
                switch selection {
                case .field(let field): field.selectionSet.map(visit)
                case .inlineFragment(let inline): visit(inline.selectionSet)
                case .spread(let spread): result.append(spread)
                }
            }
        }
        visit(set)
        return result
    }
}

/// One use of a variable in a selection: which, where, and what type the position expects.
struct VariableUsage: Sendable {
    let name: String
    let expected: GraphQLType
    /// The argument has a default in the schema (a nullable variable may then fill a
    /// non-null argument).
    let positionHasDefault: Bool
    let file: String
    let line: Int
    let column: Int
    /// Whether the usage is in the sent text: not in a client directive's argument (such as
    /// `@appendEdge(connections: $connections)`), which the sent text leaves out.
    let isSent: Bool
}
