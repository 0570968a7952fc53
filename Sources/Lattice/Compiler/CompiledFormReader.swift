/// Reads a definition's compiled form (`CompiledFormWriter`) back into its `Artifact`, through
/// the initializers the compiler calls, so everything derived from the tree is derived again.
///
/// Bytes that are not a compiled form of this version (another Lattice wrote them, or a
/// generated file was edited) are a `CompiledFormError` naming the offset; the reader never
/// traps on them.
struct CompiledFormReader {
    private let bytes: [UInt8]
    private var offset = 0
    private var objects: [AnyObject] = []
    private let fragments: [String: Artifact]
    /// Whether selections carry their keys (`CompiledFormWriter.keyedVersion`).
    private var readsKeys = false

    /// The fragments `form` names, which `artifact(from:fragments:)` needs.
    /// - Complexity: O(their names' length).
    static func fragmentNames(in form: [UInt8]) throws(CompiledFormError) -> [String] {
        var reader = CompiledFormReader(bytes: form, fragments: [:])
        return try reader.header()
    }

    /// The artifact `form` holds, each fragment it names taken from `fragments`.
    /// - Complexity: O(size of the form).
    static func artifact(from form: [UInt8], fragments: [String: Artifact]) throws(CompiledFormError) -> Artifact {
        var reader = CompiledFormReader(bytes: form, fragments: fragments)
        _ = try reader.header()
        let artifact = try reader.artifact()
        guard reader.offset == form.count else { throw reader.failure("bytes after the definition") }
        return artifact
    }

    private init(bytes: [UInt8], fragments: [String: Artifact]) {
        self.bytes = bytes
        self.fragments = fragments
    }

    private mutating func header() throws(CompiledFormError) -> [String] {
        let version = try byte()
        guard version == CompiledFormWriter.version || version == CompiledFormWriter.keyedVersion else {
            throw CompiledFormError(offset: 0, problem: "version \(version), this Lattice reads \(CompiledFormWriter.version) and \(CompiledFormWriter.keyedVersion)")
        }
        readsKeys = version == CompiledFormWriter.keyedVersion
        return try list { reader throws(CompiledFormError) in try reader.string() }
    }

    // MARK: The tree

    private mutating func artifact() throws(CompiledFormError) -> Artifact {
        try shared { reader throws(CompiledFormError) in
            let name = try reader.string()
            guard let kind = Artifact.Kind(rawValue: try reader.string()) else { throw reader.failure("an unknown kind") }
            let typeName = try reader.string()
            let selection = try reader.selection()
            let variables = try reader.list { reader throws(CompiledFormError) in
                Artifact.Variable(name: try reader.string(), type: try reader.type(),
                                  defaultValue: try reader.optional { reader throws(CompiledFormError) in try reader.json() })
            }
            let throwsOnFieldError = try reader.bool()
            let catchTarget = try reader.optional { reader throws(CompiledFormError) in try reader.catchTarget() }
            let expires = try reader.optional { reader throws(CompiledFormError) in try reader.int() }
            let variableKeys = try reader.list { reader throws(CompiledFormError) in try reader.template() }
            let location = try reader.string()
            let usages = try reader.list { reader throws(CompiledFormError) in
                VariableUsage(name: try reader.string(), expected: try reader.type(),
                              positionHasDefault: try reader.bool(), file: try reader.string(),
                              line: try reader.int(), column: try reader.int(), isSent: try reader.bool())
            }
            let requestText = try reader.string()
            let refetchQuery = try reader.optional { reader throws(CompiledFormError) in
                Artifact.RefetchQuery(name: try reader.string(), byNode: try reader.bool())
            }
            return Artifact(name: name, kind: kind, typeName: typeName, selectionSet: selection,
                            variables: variables, throwsOnFieldError: throwsOnFieldError,
                            catchTarget: catchTarget, expiresSeconds: expires, variableKeys: variableKeys,
                            location: location, variableUsages: usages, requestText: requestText,
                            refetchQuery: refetchQuery, hoistsFragmentVariables: try reader.bool(),
                            defersOrStreams: try reader.bool())
        }
    }

    private mutating func selection() throws(CompiledFormError) -> ObjectSelection {
        try shared { reader throws(CompiledFormError) in
            let typeName = try reader.string()
            let concrete = try reader.optional { reader throws(CompiledFormError) in try reader.string() }
            let identified = try reader.optional { reader throws(CompiledFormError) in try reader.condition() }
            let keys = reader.readsKeys ? try reader.optional { reader throws(CompiledFormError) in try reader.keys() } : nil
            let selections = try reader.list { reader throws(CompiledFormError) in try reader.node() }
            let possible = try reader.list { reader throws(CompiledFormError) in try reader.string() }
            return ObjectSelection(typeName: typeName, concreteTypename: concrete, identifiedTypes: identified,
                                   recordKeys: keys.flatMap(SelectionKeys.init), selections: selections,
                                   possibleTypes: possible)
        }
    }

    private mutating func node() throws(CompiledFormError) -> SelectionNode {
        switch try byte() {
        case 0:
            return .field(try field())
        case 1:
            return .inlineFragment(try shared { reader throws(CompiledFormError) in
                InlineFragmentNode(condition: try reader.optional { reader throws(CompiledFormError) in try reader.condition() },
                                   selectionSet: try reader.selection(), deferral: try reader.deferral(),
                                   alias: try reader.alias())
            })
        case 2:
            return .spread(try shared { reader throws(CompiledFormError) in
                let fragment: Artifact
                switch try reader.byte() {
                case 0:
                    let name = try reader.string()
                    guard let named = reader.fragments[name] else { throw reader.failure("the fragment \(name) not given") }
                    fragment = named
                case 1:
                    fragment = try reader.artifact()
                default:
                    throw reader.failure("an unknown fragment reference")
                }
                return SpreadNode(fragment: fragment,
                                  condition: try reader.optional { reader throws(CompiledFormError) in try reader.condition() },
                                  arguments: try reader.arguments(), deferral: try reader.deferral(),
                                  alias: try reader.alias())
            })
        default:
            throw failure("an unknown selection")
        }
    }

    private mutating func field() throws(CompiledFormError) -> FieldNode {
        try shared { reader throws(CompiledFormError) in
            let responseKey = try reader.string()
            let name = try reader.string()
            let type = try reader.type()
            let kind: FieldNode.Kind
            switch try reader.byte() {
            case 0:
                guard let leaf = FieldNode.Leaf(code: try reader.byte()) else { throw reader.failure("an unknown leaf") }
                kind = .scalar(leaf)
            case 1: kind = .linked(try reader.selection())
            case 2: kind = .linkedList(try reader.selection(), itemNonNull: try reader.bool())
            default: throw reader.failure("an unknown field kind")
            }
            let key: FieldKeyRef
            switch try reader.byte() {
            case 0:
                let interned = FieldKeyTable.shared.intern(try reader.string())
                key = .constant(interned.key, interned.keyPath)
            case 1: key = .variable(index: try reader.int(), template: try reader.template())
            default: throw reader.failure("an unknown field key")
            }
            let required = try reader.optional { reader throws(CompiledFormError) in
                guard let action = RequiredAction(rawValue: try reader.string()) else { throw reader.failure("an unknown @required action") }
                return action
            }
            let catchTarget = try reader.optional { reader throws(CompiledFormError) in try reader.catchTarget() }
            let mark = try reader.byte()
            guard mark <= 2 else { throw reader.failure("an unknown field mark") }
            let (isAdded, isClientOnly) = (mark == 1, mark == 2)
            let errorsThrow = try reader.bool()
            let isCaught = try reader.bool()
            let location = try reader.string()
            let connection = try reader.optional { reader throws(CompiledFormError) in
                try reader.shared { reader throws(CompiledFormError) in
                    ConnectionField(key: try reader.string(), first: try reader.optionalArgument(),
                                    after: try reader.optionalArgument(), last: try reader.optionalArgument(),
                                    before: try reader.optionalArgument())
                }
            }
            let edgeEdit = try reader.optional { reader throws(CompiledFormError) in
                try reader.shared { reader throws(CompiledFormError) in
                    let kind: EdgeEdit.Kind
                    switch try reader.byte() {
                    case 0: kind = .insertEdge(atEnd: try reader.bool())
                    case 1: kind = .insertNode(atEnd: try reader.bool(), edgeTypeName: try reader.string())
                    case 2: kind = .deleteEdge
                    case 3: kind = .deleteRecord
                    default: throw reader.failure("an unknown edge edit")
                    }
                    return EdgeEdit(kind: kind, connections: try reader.optionalArgument())
                }
            }
            return FieldNode(responseKey: responseKey, name: name, type: type, kind: kind, key: key,
                             required: required, catchTarget: catchTarget, isAdded: isAdded,
                             errorsThrow: errorsThrow, isCaught: isCaught, location: location,
                             connection: connection, edgeEdit: edgeEdit, isClientOnly: isClientOnly)
        }
    }

    private mutating func keys() throws(CompiledFormError) -> [(type: String, key: RecordKey)] {
        try list { reader throws(CompiledFormError) in
            let type = try reader.string()
            let fields = try reader.list { reader throws(CompiledFormError) in try reader.string() }
            let scope: RecordKey.Scope
            switch try reader.byte() {
            case 0: scope = .global
            case 1: scope = .type(space: try reader.string())
            default: throw reader.failure("an unknown key scope")
            }
            guard !fields.isEmpty else { throw reader.failure("a key without fields") }
            return (type, RecordKey(fields: fields, scope: scope))
        }
    }

    private mutating func condition() throws(CompiledFormError) -> TypeCondition {
        try shared { reader throws(CompiledFormError) in
            TypeCondition(typeName: try reader.string(),
                          concreteTypes: Set(try reader.list { reader throws(CompiledFormError) in try reader.string() }))
        }
    }

    private mutating func deferral() throws(CompiledFormError) -> Deferral? {
        try optional { reader throws(CompiledFormError) in
            Deferral(label: try reader.optional { reader throws(CompiledFormError) in try reader.string() })
        }
    }

    private mutating func alias() throws(CompiledFormError) -> String? {
        try optional { reader throws(CompiledFormError) in try reader.string() }
    }

    private mutating func catchTarget() throws(CompiledFormError) -> CatchTarget {
        guard let target = CatchTarget(rawValue: try string()) else { throw failure("an unknown @catch target") }
        return target
    }

    private mutating func template() throws(CompiledFormError) -> StorageKeyTemplate {
        StorageKeyTemplate(name: try string(), arguments: try arguments())
    }

    private mutating func arguments() throws(CompiledFormError) -> [String: ArgumentValue] {
        var arguments: [String: ArgumentValue] = [:]
        for _ in 0..<(try count()) {
            arguments[try string()] = try argument()
        }
        return arguments
    }

    private mutating func optionalArgument() throws(CompiledFormError) -> ArgumentValue? {
        try optional { reader throws(CompiledFormError) in try reader.argument() }
    }

    private mutating func argument() throws(CompiledFormError) -> ArgumentValue {
        switch try byte() {
        case 0: .literal(try json())
        case 1: .variable(try string())
        case 2: .list(try list { reader throws(CompiledFormError) in try reader.argument() })
        case 3: .object(try arguments())
        default: throw failure("an unknown argument")
        }
    }

    private mutating func type() throws(CompiledFormError) -> GraphQLType {
        switch try byte() {
        case 0: .named(try string())
        case 1: .list(try type())
        case 2: .nonNull(try type())
        default: throw failure("an unknown type")
        }
    }

    private mutating func json() throws(CompiledFormError) -> JSONValue {
        switch try byte() {
        case 0: return .null
        case 1: return .bool(try bool())
        case 2: return .int(try int())
        case 3: return .double(Double(bitPattern: try unsigned()))
        case 4: return .string(try string())
        case 5: return .array(try list { reader throws(CompiledFormError) in try reader.json() })
        case 6:
            var members: [String: JSONValue] = [:]
            for _ in 0..<(try count()) {
                members[try string()] = try json()
            }
            return .object(members)
        default: throw failure("an unknown JSON value")
        }
    }

    // MARK: Primitives

    /// An object written once (tag 0: read it, then it takes the next number) or named by its
    /// number (tag 1).
    private mutating func shared<Object: AnyObject>(_ read: (inout Self) throws(CompiledFormError) -> Object) throws(CompiledFormError) -> Object {
        switch try byte() {
        case 0:
            let object = try read(&self)
            objects.append(object)
            return object
        case 1:
            let number = try unsigned()
            guard number < UInt64(objects.count), let object = objects[Int(number)] as? Object else {
                throw failure("a reference to no \(Object.self)")
            }
            return object
        default:
            throw failure("an unknown object tag")
        }
    }

    private mutating func list<Element>(_ read: (inout Self) throws(CompiledFormError) -> Element) throws(CompiledFormError) -> [Element] {
        let count = try count()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }

    private mutating func optional<Value>(_ read: (inout Self) throws(CompiledFormError) -> Value) throws(CompiledFormError) -> Value? {
        switch try byte() {
        case 0: return nil
        case 1: return try read(&self)
        default: throw failure("an unknown optional tag")
        }
    }

    /// A count no larger than the bytes left (each element takes at least one).
    private mutating func count() throws(CompiledFormError) -> Int {
        let count = try unsigned()
        guard count <= UInt64(bytes.count - offset) else { throw failure("a count of \(count) past the end") }
        return Int(count)
    }

    private mutating func string() throws(CompiledFormError) -> String {
        let length = try count()
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    private mutating func bool() throws(CompiledFormError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw failure("a Boolean that is neither 0 nor 1")
        }
    }

    private mutating func byte() throws(CompiledFormError) -> UInt8 {
        guard offset < bytes.count else { throw failure("the end of the bytes") }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func int() throws(CompiledFormError) -> Int {
        let zigzag = try unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
    }

    private mutating func unsigned() throws(CompiledFormError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw failure("an integer longer than 64 bits") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    private func failure(_ problem: String) -> CompiledFormError {
        CompiledFormError(offset: offset, problem: problem)
    }
}

/// Bytes that are not a compiled form this Lattice reads, at `offset`.
struct CompiledFormError: Error, CustomStringConvertible {
    let offset: Int
    let problem: String

    var description: String { "compiled form, byte \(offset): \(problem)" }
}
