/// An artifact bound to variables: its variable storage keys resolved once, so reads and
/// writes under these variables find every field's key by index. The context a lens, a
/// verdict walk, the normalizer and the checkers read under.
///
/// Fragments spread in the document are bound to the same variables on first use and kept.
@MainActor
public final class BoundArtifact {
    /// The document bound.
    public let artifact: Artifact
    /// The variables, with the operation's declared defaults applied; for a fragment with
    /// variables of its own (`@argumentDefinitions`), the operation's with those over them.
    public let variables: [String: JSONValue]
    /// The operation's variables, which a fragment's own do not hide from the fragments it
    /// spreads.
    let operationVariables: [String: JSONValue]
    /// Hears `@required(action: LOG)` misses met by lens reads: the environment's logger
    /// (`Environment.Configuration.logger`), which it binds its documents with.
    public let logger: RuntimeLogger?
    /// Where the parts of the operation's last answer in parts stand, for an attached
    /// operation's binding (its root's) and its fragments': what a deferred fragment's read
    /// asks (`Lens[deferred:]`). `nil` for other bindings.
    let parts: PartStates?
    /// The store of a `DataSnapshot` opened under this binding, kept by the lenses that read
    /// it (a store empties its records when released); `nil` for an environment's, which the
    /// environment keeps.
    let snapshotStore: Store?
    private let keys: [FieldKey]
    private let keyPaths: [FieldKeyPath]
    private var fragments: [ObjectIdentifier: BoundArtifact] = [:]
    /// Fragments with variables of their own, by fragment and their values.
    private var fragmentsWithArguments: [FragmentBinding: BoundArtifact] = [:]

    private struct FragmentBinding: Hashable {
        let fragment: ObjectIdentifier
        let values: [String: JSONValue]
    }

    /// Binds `artifact` to `variables` (defaults applied from its declarations).
    /// - Complexity: O(fields with variable arguments), each interned once.
    public convenience init(_ artifact: Artifact, variables: [String: JSONValue] = [:],
                logger: RuntimeLogger? = nil) {
        self.init(artifact, variables: variables, logger: logger, parts: nil)
    }

    /// Binds an attached operation `artifact` to `variables`, its lenses reading its `parts`.
    convenience init(_ artifact: Artifact, variables: [String: JSONValue], logger: RuntimeLogger?, parts: PartStates?) {
        let resolved = Self.withDefaults(variables, of: artifact)
        self.init(artifact, variables: resolved, operationVariables: resolved, logger: logger, parts: parts)
    }

    /// `variables` with `artifact`'s declared defaults for those not given.
    /// - Complexity: O(declared variables).
    static func withDefaults(_ variables: [String: JSONValue], of artifact: Artifact) -> [String: JSONValue] {
        var resolved = variables
        for variable in artifact.variables where resolved[variable.name] == nil {
            if let value = variable.defaultValue { resolved[variable.name] = value }
        }
        return resolved
    }

    /// The key and observation key path of `field` under these variables.
    /// - Complexity: O(1), no hashing.
    @inline(__always)
    func key(of field: FieldNode) -> (key: FieldKey, keyPath: FieldKeyPath) {
        (fieldKey(of: field), keyPath(of: field))
    }

    /// The key of `field` alone: walks that do not track never touch the key path (and so
    /// never retain it). - Complexity: O(1).
    @inline(__always)
    func fieldKey(of field: FieldNode) -> FieldKey {
        switch field.key {
        case .constant(let key, _): key
        case .variable(let index, _): keys[index]
        }
    }

    /// The observation key path of `field`. - Complexity: O(1).
    @inline(__always)
    func keyPath(of field: FieldNode) -> FieldKeyPath {
        switch field.key {
        case .constant(_, let keyPath): keyPath
        case .variable(let index, _): keyPaths[index]
        }
    }

    /// `artifact` bound under `variables` as given (a fragment's: its own over the
    /// operation's), with `logger`, its lenses reading `parts` and keeping `snapshotStore`.
    init(_ artifact: Artifact, variables: [String: JSONValue], operationVariables: [String: JSONValue],
         logger: RuntimeLogger?, parts: PartStates?, snapshotStore: Store? = nil) {
        self.artifact = artifact
        self.variables = variables
        self.operationVariables = operationVariables
        self.logger = logger
        self.parts = parts
        self.snapshotStore = snapshotStore
        let interned = artifact.variableKeys.map { FieldKeyTable.shared.intern($0.resolve(variables)) }
        keys = interned.map(\.key)
        keyPaths = interned.map(\.keyPath)
    }

    /// `fragment` bound to the operation's variables and the same logger (made once, then
    /// kept); a fragment with variables of its own is bound through its spread
    /// (`fragment(_:)` of a `SpreadNode`).
    /// - Complexity: O(1) amortized (one pointer hash).
    public func fragment(_ fragment: Artifact) -> BoundArtifact {
        if fragment === artifact { return self }
        let id = ObjectIdentifier(fragment)
        if let bound = fragments[id] { return bound }
        let bound = BoundArtifact(fragment, variables: operationVariables,
                                  operationVariables: operationVariables, logger: logger, parts: parts,
                                  snapshotStore: snapshotStore)
        fragments[id] = bound
        return bound
    }

    /// The fragment `spread` spreads, bound to the operation's variables and, for one with
    /// variables of its own, the values the spread's `@arguments` give them here (resolved
    /// under this artifact's variables) or their defaults.
    /// - Complexity: O(1) amortized without fragment variables; else O(size of their values).
    @inline(__always)
    public func fragment(_ spread: SpreadNode) -> BoundArtifact {
        let fragment = spread.fragment
        guard !fragment.variables.isEmpty else { return self.fragment(fragment) }
        let values = spread.fragmentValues(under: variables)
        let binding = FragmentBinding(fragment: ObjectIdentifier(fragment), values: values)
        if let bound = fragmentsWithArguments[binding] { return bound }
        let bound = BoundArtifact(fragment, variables: operationVariables.merging(values) { _, own in own },
                                  operationVariables: operationVariables, logger: logger, parts: parts,
                                  snapshotStore: snapshotStore)
        fragmentsWithArguments[binding] = bound
        return bound
    }
}
