/// Writes a compiled definition (`Artifact`) as bytes, the compiled form `lattice generate`
/// embeds in a generated program (`GeneratedProgram.compiled`) so an app's launch decodes
/// what it runs instead of parsing and compiling its documents (`CompiledFormReader`; issue
/// 37: GenerateScaling/programLaunch).
///
/// The form is the compiler's output, not its input: every stored choice of the artifact's
/// tree (fields, their keys, types and directives, inline fragments, spreads with their
/// arguments and aliases, connections, edge edits, deferrals, variables) in a fixed order, so the reader
/// rebuilds the same tree through the same initializers and everything derived from it
/// (walk steps, lens indexes, bubbling) is derived again. Objects the tree shares are written
/// once and then named by their number (numbered as they are finished, children first), so a
/// node reached twice is one node again. A spread of a fragment the program names is written
/// as that name; the reader resolves it to the program's artifact, which keeps one artifact a
/// fragment across definitions, as the compiler does.
///
/// Locations name their files by their last path component, as the generated program names
/// its sources (`GraphQLSource.fileName`). The bytes: the version, the names of the fragments the tree names (so a reader resolves
/// them first), then the tree. Integers are LEB128 (signed ones zigzag), strings their UTF-8
/// length then bytes, dictionaries sorted by key so the bytes, and the generated file, are
/// deterministic.
struct CompiledFormWriter {
    /// The first byte of every compiled form: a reader of another version refuses it.
    static let version: UInt8 = 1
    /// The first byte of a form whose selections carry their configured keys
    /// (`ObjectSelection.recordKeys`): written only for a definition that reaches a type not
    /// keyed by the global `id`, so the forms of a schema keyed by default keep their bytes.
    static let keyedVersion: UInt8 = 2

    private var bytes: [UInt8] = []
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var named: [String] = []
    private let program: [String: Artifact]
    /// Whether selections write their keys (a form of `keyedVersion`).
    private let writesKeys: Bool
    /// Whether a selection with configured keys was met.
    private var metKeys = false

    /// A writer for definitions of `program`, whose fragments a spread names.
    init(program: [String: Artifact], writesKeys: Bool = false) {
        self.program = program
        self.writesKeys = writesKeys
    }

    /// `artifact`'s compiled form. - Complexity: O(size of its tree, fragments it names
    /// excluded); twice that for a definition that meets a configured key.
    static func form(of artifact: Artifact, in program: [String: Artifact]) -> [UInt8] {
        var tree = CompiledFormWriter(program: program)
        tree.artifact(artifact)
        if tree.metKeys {
            tree = CompiledFormWriter(program: program, writesKeys: true)
            tree.artifact(artifact)
        }
        var form = CompiledFormWriter(program: program)
        form.byte(tree.writesKeys ? Self.keyedVersion : Self.version)
        form.list(tree.named) { $0.string($1) }
        return form.bytes + tree.bytes
    }

    // MARK: The tree

    private mutating func artifact(_ artifact: Artifact) {
        shared(artifact) { writer in
            writer.string(artifact.name)
            writer.string(artifact.kind.rawValue)
            writer.string(artifact.typeName)
            writer.selection(artifact.selectionSet)
            writer.list(artifact.variables) { writer, variable in
                writer.string(variable.name)
                writer.type(variable.type)
                writer.optional(variable.defaultValue) { $0.json($1) }
            }
            writer.bool(artifact.throwsOnFieldError)
            writer.optional(artifact.catchTarget) { $0.string($1.rawValue) }
            writer.optional(artifact.expiresSeconds) { $0.int($1) }
            writer.list(artifact.variableKeys) { $0.template($1) }
            writer.location(artifact.location)
            writer.list(artifact.variableUsages) { writer, usage in
                writer.string(usage.name)
                writer.type(usage.expected)
                writer.bool(usage.positionHasDefault)
                writer.location(usage.file)
                writer.int(usage.line)
                writer.int(usage.column)
                writer.bool(usage.isSent)
            }
            writer.string(artifact.requestText)
            writer.optional(artifact.refetchQuery) { writer, query in
                writer.string(query.name)
                writer.bool(query.byNode)
            }
            writer.bool(artifact.hoistsFragmentVariables)
            writer.bool(artifact.defersOrStreams)
        }
    }

    private mutating func selection(_ selection: ObjectSelection) {
        shared(selection) { writer in
            writer.string(selection.typeName)
            writer.optional(selection.concreteTypename) { $0.string($1) }
            writer.optional(selection.identifiedTypes) { $0.condition($1) }
            if selection.recordKeys != nil { writer.metKeys = true }
            if writer.writesKeys {
                writer.optional(selection.recordKeys) { writer, keys in
                    writer.list(keys.keys) { writer, entry in
                        writer.string(entry.type)
                        writer.list(entry.key.fields) { $0.string($1) }
                        switch entry.key.scope {
                        case .global: writer.byte(0)
                        case .type(let space):
                            writer.byte(1)
                            writer.string(space)
                        }
                    }
                }
            }
            writer.list(selection.selections) { $0.node($1) }
            writer.list(selection.concreteTypename == nil ? selection.typenames.concreteTypeNames : []) { $0.string($1) }
        }
    }

    private mutating func node(_ node: SelectionNode) {
        switch node {
        case .field(let field):
            byte(0)
            self.field(field)
        case .inlineFragment(let inline):
            byte(1)
            shared(inline) { writer in
                writer.optional(inline.condition) { $0.condition($1) }
                writer.selection(inline.selectionSet)
                writer.optional(inline.deferral) { writer, deferral in writer.optional(deferral.label) { $0.string($1) } }
                writer.optional(inline.alias) { $0.string($1) }
            }
        case .spread(let spread):
            byte(2)
            shared(spread) { writer in
                if writer.program[spread.fragment.name] === spread.fragment {
                    writer.byte(0)
                    writer.string(spread.fragment.name)
                    if !writer.named.contains(spread.fragment.name) { writer.named.append(spread.fragment.name) }
                } else {
                    writer.byte(1)
                    writer.artifact(spread.fragment)
                }
                writer.optional(spread.condition) { $0.condition($1) }
                writer.arguments(spread.arguments)
                writer.optional(spread.deferral) { writer, deferral in writer.optional(deferral.label) { $0.string($1) } }
                writer.optional(spread.alias) { $0.string($1) }
            }
        }
    }

    private mutating func field(_ field: FieldNode) {
        shared(field) { writer in
            writer.string(field.responseKey)
            writer.string(field.name)
            writer.type(field.type)
            switch field.kind {
            case .scalar(let leaf):
                writer.byte(0)
                writer.byte(leaf.code)
            case .linked(let selection):
                writer.byte(1)
                writer.selection(selection)
            case .linkedList(let selection, let itemNonNull):
                writer.byte(2)
                writer.selection(selection)
                writer.bool(itemNonNull)
            }
            switch field.key {
            case .constant(let key, _):
                writer.byte(0)
                writer.string(key.storageKey)
            case .variable(let index, let template):
                writer.byte(1)
                writer.int(index)
                writer.template(template)
            }
            writer.optional(field.required) { $0.string($1.rawValue) }
            writer.optional(field.catchTarget) { $0.string($1.rawValue) }
            // One byte for both marks, so the forms of documents without client fields are
            // as they were: 0 written, 1 added, 2 client-only.
            writer.byte(field.isAdded ? 1 : field.isClientOnly ? 2 : 0)
            writer.bool(field.errorsThrow)
            writer.bool(field.isCaught)
            writer.location(field.location)
            writer.optional(field.connection) { writer, connection in
                writer.shared(connection) { writer in
                    writer.string(connection.key)
                    for argument in [connection.first, connection.after, connection.last, connection.before] {
                        writer.optional(argument) { $0.argument($1) }
                    }
                }
            }
            writer.optional(field.edgeEdit) { writer, edit in
                writer.shared(edit) { writer in
                    switch edit.kind {
                    case .insertEdge(let atEnd):
                        writer.byte(0)
                        writer.bool(atEnd)
                    case .insertNode(let atEnd, let edgeTypeName):
                        writer.byte(1)
                        writer.bool(atEnd)
                        writer.string(edgeTypeName)
                    case .deleteEdge:
                        writer.byte(2)
                    case .deleteRecord:
                        writer.byte(3)
                    }
                    writer.optional(edit.connections) { $0.argument($1) }
                }
            }
        }
    }

    private mutating func condition(_ condition: TypeCondition) {
        shared(condition) { writer in
            writer.string(condition.typeName)
            writer.list(condition.concreteTypeNames) { $0.string($1) }
        }
    }

    /// A location (`FILE:LINE:COLUMN`) or a file, its file named by its last path component,
    /// as generated code names its sources.
    private mutating func location(_ text: String) {
        string(GraphQLSource.fileName(text))
    }

    private mutating func template(_ template: StorageKeyTemplate) {
        string(template.name)
        arguments(template.arguments)
    }

    private mutating func arguments(_ arguments: [String: ArgumentValue]) {
        list(arguments.sorted { $0.key < $1.key }) { writer, member in
            writer.string(member.key)
            writer.argument(member.value)
        }
    }

    private mutating func argument(_ argument: ArgumentValue) {
        switch argument {
        case .literal(let value):
            byte(0)
            json(value)
        case .variable(let name):
            byte(1)
            string(name)
        case .list(let items):
            byte(2)
            list(items) { $0.argument($1) }
        case .object(let members):
            byte(3)
            arguments(members)
        }
    }

    private mutating func type(_ type: GraphQLType) {
        switch type {
        case .named(let name):
            byte(0)
            string(name)
        case .list(let item):
            byte(1)
            self.type(item)
        case .nonNull(let inner):
            byte(2)
            self.type(inner)
        }
    }

    private mutating func json(_ value: JSONValue) {
        switch value {
        case .null: byte(0)
        case .bool(let flag):
            byte(1)
            bool(flag)
        case .int(let number):
            byte(2)
            int(number)
        case .double(let number):
            byte(3)
            unsigned(number.bitPattern)
        case .string(let text):
            byte(4)
            string(text)
        case .array(let items):
            byte(5)
            list(items) { $0.json($1) }
        case .object(let members):
            byte(6)
            list(members.sorted { $0.key < $1.key }) { writer, member in
                writer.string(member.key)
                writer.json(member.value)
            }
        }
    }

    // MARK: Primitives

    /// Writes `object` the first time (tag 0, its contents, then it takes the next number),
    /// its number every other time (tag 1).
    private mutating func shared<Object: AnyObject>(_ object: Object, _ contents: (inout Self) -> Void) {
        if let number = numbers[ObjectIdentifier(object)] {
            byte(1)
            unsigned(UInt64(number))
            return
        }
        byte(0)
        contents(&self)
        numbers[ObjectIdentifier(object)] = numbers.count
    }

    private mutating func list<Element>(_ elements: [Element], _ write: (inout Self, Element) -> Void) {
        unsigned(UInt64(elements.count))
        for element in elements { write(&self, element) }
    }

    private mutating func optional<Value>(_ value: Value?, _ write: (inout Self, Value) -> Void) {
        guard let value else { return byte(0) }
        byte(1)
        write(&self, value)
    }

    private mutating func string(_ text: String) {
        unsigned(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func bool(_ flag: Bool) { byte(flag ? 1 : 0) }

    private mutating func byte(_ value: UInt8) { bytes.append(value) }

    private mutating func int(_ value: Int) {
        unsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1)))))
    }

    private mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

extension FieldNode.Leaf {
    /// The leaf's number in the compiled form (`CompiledFormReader` reads it back).
    var code: UInt8 {
        switch self {
        case .string: 0
        case .id: 1
        case .int: 2
        case .float: 3
        case .boolean: 4
        case .enumeration: 5
        case .custom: 6
        }
    }

    /// The leaf numbered `code`, or `nil`.
    init?(code: UInt8) {
        let leaves: [FieldNode.Leaf] = [.string, .id, .int, .float, .boolean, .enumeration, .custom]
        guard Int(code) < leaves.count else { return nil }
        self = leaves[Int(code)]
    }
}
