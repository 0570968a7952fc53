import GraphQLSyntax

/// Builds a `Schema` from SDL documents, extensions applied, every problem reported with its
/// location. Lattice's client directives (`ClientDirective.declarations`) are built in: a
/// schema needs no declaration of them, and one that declares one of them (or the enums they
/// take) otherwise than Lattice does is refused at that declaration.
public enum SchemaBuilder {
    /// A parsed SDL document and the file name diagnostics cite.
    public typealias Input = (document: Document, file: String)

    /// Builds the schema from `inputs`.
    /// - Throws: every problem found (duplicate or unknown types, missing root type).
    /// - Complexity: O(size of the SDL).
    ///   The schema keeps no text (`Schema.sources` is empty): `build(sources:)` keeps it.
    public static func build(_ inputs: [Input]) throws(CompileFailure) -> Schema {
        try build(inputs, sources: [])
    }

    /// Parses and builds from sources (syntax errors become diagnostics); the schema keeps
    /// them (`Schema.sources`), for the program `lattice generate` embeds.
    /// - Complexity: O(size of the SDL).
    public static func build(sources: [GraphQLSource]) throws(CompileFailure) -> Schema {
        try build(try CompileFailure.parsing(sources), sources: sources)
    }

    /// Parses and builds from the server's SDL `sources` and the app's client schema files
    /// `clientSources` (client-only fields and types: `SchemaBuilder+Client.swift` says what
    /// they may hold); both kept (`Schema.sources`, `Schema.clientSources`).
    /// - Throws: every problem of either, each located; a client file's syntax errors too.
    /// - Complexity: O(size of the SDL and the client files).
    public static func build(sources: [GraphQLSource], clientSources: [GraphQLSource]) throws(CompileFailure) -> Schema {
        var diagnostics: [Diagnostic] = []
        var server: [Input] = []
        var client: [Input] = []
        do { server = try CompileFailure.parsing(sources) } catch { diagnostics += error.diagnostics }
        do { client = try CompileFailure.parsing(clientSources) } catch { diagnostics += error.diagnostics }
        guard diagnostics.isEmpty else { throw CompileFailure(diagnostics: diagnostics) }
        return try build(server, client: client, sources: sources, clientSources: clientSources)
    }

    private static func build(_ inputs: [Input], client: [Input] = [], sources: [GraphQLSource],
                              clientSources: [GraphQLSource] = []) throws(CompileFailure) -> Schema {
        var builder = SchemaBuilderState()
        for input in inputs { builder.collect(input.document, file: input.file) }
        builder.addClientDeclarations()
        for input in client { builder.collectClient(input.document, file: input.file) }
        return try builder.finish(sources: sources, clientSources: clientSources)
    }
}

extension Diagnostic {
    /// A syntax error as a diagnostic.
    init(syntax error: SyntaxError) {
        self.init(file: error.sourceName, line: error.line, column: error.column,
                  problem: .syntax(error.message))
    }

    init(_ file: String, _ location: SourceLocation, _ problem: CompileProblem) {
        self.init(file: file, line: location.line, column: location.column, problem: problem)
    }
}

extension GraphQLType {
    /// The schema form of an AST type reference.
    init(_ reference: GraphQLSyntax.TypeReference) {
        switch reference {
        case .named(let named): self = .named(named.name.value)
        case .list(let list): self = .list(GraphQLType(list.type))
        case .nonNull(let nonNull): self = .nonNull(GraphQLType(nonNull.type))
        }
    }
}

/// The state of one schema build (its client schema files: `SchemaBuilder+Client.swift`).
struct SchemaBuilderState {
    struct Pending {
        var name: String
        var kind: SchemaType.Kind
        var fields: [String: SchemaField] = [:]
        var interfaces: [String] = []
        var file: String
        var location: SourceLocation
        /// Declared by a client schema file.
        var isClientOnly = false
    }

    var types: [String: Pending] = [:]
    var order: [String] = []
    var directives: [String: SchemaDirective] = SchemaBuilderState.builtInDirectives
    var roots: [OperationType: String] = [:]
    var references: [(name: String, file: String, location: SourceLocation)] = []
    var diagnostics: [Diagnostic] = []
    /// The schema's own declarations of a client directive or of an enum one takes: name to
    /// its signature (`signature(of:)`) and where it is.
    var clientDeclarations: [String: (signature: String, file: String, location: SourceLocation)] = [:]

    /// The file name the built-in client declarations' diagnostics would cite.
    static let clientDeclarationsFile = "<client directives>"
    /// `ClientDirective.declarations` parsed, by name (a directive's with its `@`). A test
    /// parses the text, so it is never empty in a release.
    static let clientDefinitions: [(name: String, definition: Definition)] = {
        let source = GraphQLSource(text: ClientDirective.declarations, name: clientDeclarationsFile)
        let definitions = (try? parse(source))?.definitions ?? []
        return definitions.compactMap { definition in signatureName(of: definition).map { ($0, definition) } }
    }()

    static let builtInScalars = ["String", "Int", "Float", "Boolean", "ID"]
    static let builtInDirectives: [String: SchemaDirective] = {
        let condition = ["if": SchemaArgument(name: "if", type: .nonNull(.named("Boolean")), hasDefault: false)]
        let conditional: Set<String> = ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"]
        return [
            "skip": SchemaDirective(name: "skip", arguments: condition, locations: conditional),
            "include": SchemaDirective(name: "include", arguments: condition, locations: conditional),
            "deprecated": SchemaDirective(
                name: "deprecated",
                arguments: ["reason": SchemaArgument(name: "reason", type: .named("String"), hasDefault: true)],
                locations: ["FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INPUT_FIELD_DEFINITION", "ENUM_VALUE"]),
            // Incremental delivery (graphql-js 17, graphql-core 3.3): a server that executes
            // them declares them, and a document may use them without its schema saying so.
            "defer": SchemaDirective(
                name: "defer",
                arguments: ["if": SchemaArgument(name: "if", type: .nonNull(.named("Boolean")), hasDefault: true),
                            "label": SchemaArgument(name: "label", type: .named("String"), hasDefault: false)],
                locations: ["FRAGMENT_SPREAD", "INLINE_FRAGMENT"]),
            "stream": SchemaDirective(
                name: "stream",
                arguments: ["if": SchemaArgument(name: "if", type: .nonNull(.named("Boolean")), hasDefault: true),
                            "label": SchemaArgument(name: "label", type: .named("String"), hasDefault: false),
                            "initialCount": SchemaArgument(name: "initialCount", type: .nonNull(.named("Int")), hasDefault: true)],
                locations: ["FIELD"]),
            "specifiedBy": SchemaDirective(
                name: "specifiedBy",
                arguments: ["url": SchemaArgument(name: "url", type: .nonNull(.named("String")), hasDefault: false)],
                locations: ["SCALAR"]),
        ]
    }()

    init() {
        for name in SchemaBuilderState.builtInScalars {
            types[name] = Pending(name: name, kind: .scalar, file: "<built-in>",
                                  location: SourceLocation(start: 0, end: 0, line: 0, column: 0))
        }
    }

    mutating func define(_ name: Name, _ kind: SchemaType.Kind, file: String) {
        if types[name.value] != nil {
            diagnostics.append(Diagnostic(file, name.location, .duplicateType(name.value)))
            return
        }
        types[name.value] = Pending(name: name.value, kind: kind, file: file, location: name.location)
        order.append(name.value)
    }

    mutating func extend(_ name: Name, file: String, _ body: (inout Pending) -> Void) {
        guard var pending = types[name.value] else {
            diagnostics.append(Diagnostic(file, name.location, .unknownType(name.value)))
            return
        }
        body(&pending)
        types[name.value] = pending
    }

    mutating func fields(_ definitions: [FieldDefinition], file: String) -> [String: SchemaField] {
        var result: [String: SchemaField] = [:]
        for definition in definitions {
            references.append((definition.type.namedType.name.value, file, definition.type.location))
            let semantic = SemanticNonNull.levels(of: definition, file: file)
            diagnostics += semantic.problems
            result[definition.name.value] = SchemaField(
                name: definition.name.value, type: GraphQLType(definition.type),
                arguments: arguments(definition.arguments, file: file), semanticNonNullLevels: semantic.levels)
        }
        return result
    }

    mutating func arguments(_ definitions: [InputValueDefinition], file: String) -> [String: SchemaArgument] {
        var result: [String: SchemaArgument] = [:]
        for definition in definitions {
            references.append((definition.type.namedType.name.value, file, definition.type.location))
            result[definition.name.value] = SchemaArgument(
                name: definition.name.value, type: GraphQLType(definition.type),
                hasDefault: definition.defaultValue != nil)
        }
        return result
    }

    mutating func inputFields(_ definitions: [InputValueDefinition], file: String) -> [String: SchemaField] {
        arguments(definitions, file: file).mapValues { SchemaField(name: $0.name, type: $0.type, hasDefault: $0.hasDefault) }
    }

    mutating func collect(_ document: Document, file: String) {
        for definition in document.definitions { collect(definition, file: file) }
    }

    mutating func collect(_ definition: Definition, file: String) {
        switch definition {
        case .operation(let operation):
            diagnostics.append(Diagnostic(file, operation.location, .unsupported("an operation in a schema file")))
        case .fragment(let fragment):
            diagnostics.append(Diagnostic(file, fragment.location, .unsupported("a fragment in a schema file")))
        case .schema(let schema):
            for root in schema.operationTypes { roots[root.operation] = root.type.name.value }
        case .schemaExtension(let schema):
            for root in schema.operationTypes { roots[root.operation] = root.type.name.value }
        case .scalarType(let scalar):
            define(scalar.name, .scalar, file: file)
        case .objectType(let object):
            define(object.name, .object, file: file)
            let fields = fields(object.fields, file: file)
            types[object.name.value]?.fields = fields
            types[object.name.value]?.interfaces = object.interfaces.map(\.name.value)
        case .interfaceType(let interface):
            define(interface.name, .interface, file: file)
            let fields = fields(interface.fields, file: file)
            types[interface.name.value]?.fields = fields
            types[interface.name.value]?.interfaces = interface.interfaces.map(\.name.value)
        case .unionType(let union):
            define(union.name, .union(members: union.types.map(\.name.value)), file: file)
        case .enumType(let enumeration):
            noteClientDeclaration(definition, file: file, at: enumeration.name.location)
            define(enumeration.name, .enumeration(values: enumeration.values.map(\.name.value)), file: file)
        case .inputObjectType(let input):
            define(input.name, .inputObject, file: file)
            let fields = inputFields(input.fields, file: file)
            types[input.name.value]?.fields = fields
        case .directive(let directive):
            noteClientDeclaration(definition, file: file, at: directive.name.location)
            directives[directive.name.value] = SchemaDirective(
                name: directive.name.value, arguments: arguments(directive.arguments, file: file),
                locations: Set(directive.locations.map(\.value)), isRepeatable: directive.repeatable)
        case .directiveExtension(let directive):
            // Adds only directives applied to the definition, which the schema does not keep
            // (as for `extend scalar`): the directive extended must exist by then.
            if directives[directive.name.value] == nil {
                diagnostics.append(Diagnostic(file, directive.name.location, .unknownDirective(directive.name.value)))
            }
        case .scalarTypeExtension(let scalar):
            extend(scalar.name, file: file) { _ in }
        case .objectTypeExtension(let object):
            let fields = fields(object.fields, file: file)
            extend(object.name, file: file) { pending in
                pending.fields.merge(fields) { _, new in new }
                pending.interfaces += object.interfaces.map(\.name.value)
            }
        case .interfaceTypeExtension(let interface):
            let fields = fields(interface.fields, file: file)
            extend(interface.name, file: file) { pending in
                pending.fields.merge(fields) { _, new in new }
                pending.interfaces += interface.interfaces.map(\.name.value)
            }
        case .unionTypeExtension(let union):
            extend(union.name, file: file) { pending in
                if case .union(let members) = pending.kind {
                    pending.kind = .union(members: members + union.types.map(\.name.value))
                }
            }
        case .enumTypeExtension(let enumeration):
            extend(enumeration.name, file: file) { pending in
                if case .enumeration(let values) = pending.kind {
                    pending.kind = .enumeration(values: values + enumeration.values.map(\.name.value))
                }
            }
        case .inputObjectTypeExtension(let input):
            let fields = inputFields(input.fields, file: file)
            extend(input.name, file: file) { pending in pending.fields.merge(fields) { _, new in new } }

        }
    }

    /// Notes `definition` if it declares a name of the client declarations.
    mutating func noteClientDeclaration(_ definition: Definition, file: String, at location: SourceLocation) {
        guard let name = Self.signatureName(of: definition),
              Self.clientDefinitions.contains(where: { $0.name == name }) else { return }
        clientDeclarations[name] = (Self.signature(of: definition), file, location)
    }

    /// The built-in client declarations the schema did not make, added; those it made, each
    /// checked against Lattice's (a difference is a diagnostic at the schema's declaration, and
    /// so is a type of that name that is not the enum).
    /// - Complexity: O(size of the client declarations).
    mutating func addClientDeclarations() {
        for (name, definition) in Self.clientDefinitions {
            let builtIn = Self.signature(of: definition)
            if let declared = clientDeclarations[name] {
                if declared.signature != builtIn {
                    diagnostics.append(Diagnostic(declared.file, declared.location,
                                                  .conflictingClientDeclaration(name: name, builtIn: builtIn)))
                }
            } else if let other = types[name] {
                diagnostics.append(Diagnostic(other.file, other.location,
                                              .conflictingClientDeclaration(name: name, builtIn: builtIn)))
            } else {
                collect(definition, file: Self.clientDeclarationsFile)
            }
        }
    }

    /// The name a client declaration goes by: `@name` for a directive, the name for an enum;
    /// nil for any other definition.
    static func signatureName(of definition: Definition) -> String? {
        switch definition {
        case .directive(let d): "@" + d.name.value
        case .enumType(let d): d.name.value
        default: nil
        }
    }

    /// What two declarations of one client directive or enum must share to be the same: its
    /// arguments (name, type, default) and locations, or its values; descriptions and order
    /// aside. - Complexity: O(size of the declaration).
    static func signature(of definition: Definition) -> String {
        switch definition {
        case .directive(let d):
            let arguments = d.arguments.map { argument in
                argument.name.value + ": " + argument.type.printed() + (argument.defaultValue.map { " = " + $0.printed() } ?? "")
            }.sorted()
            return "directive @\(d.name.value)(\(arguments.joined(separator: ", ")))"
                + (d.repeatable ? " repeatable" : "") + " on " + d.locations.map(\.value).sorted().joined(separator: " | ")
        case .enumType(let d):
            return "enum \(d.name.value) { \(d.values.map(\.name.value).sorted().joined(separator: " ")) }"
        default:
            return definition.printed()
        }
    }

    mutating func finish(sources: [GraphQLSource], clientSources: [GraphQLSource]) throws(CompileFailure) -> Schema {
        for reference in references where types[reference.name] == nil {
            diagnostics.append(Diagnostic(reference.file, reference.location, .unknownType(reference.name)))
        }
        for pending in types.values {
            let members: [String]
            if case .union(let unionMembers) = pending.kind { members = unionMembers } else { members = [] }
            for name in pending.interfaces + members where types[name] == nil {
                diagnostics.append(Diagnostic(pending.file, pending.location, .unknownType(name)))
            }
        }
        let query = roots[.query] ?? "Query"
        if types[query] == nil {
            diagnostics.append(Diagnostic(file: "<schema>", line: 1, column: 1, problem: .missingRootType(query)))
        }
        guard diagnostics.isEmpty else { throw CompileFailure(diagnostics: diagnostics) }
        let mutation = roots[.mutation] ?? (types["Mutation"] != nil ? "Mutation" : nil)
        let subscription = roots[.subscription] ?? (types["Subscription"] != nil ? "Subscription" : nil)
        return Schema(
            types: types.mapValues { SchemaType(name: $0.name, kind: $0.kind, fields: $0.fields,
                                                interfaces: $0.interfaces, isClientOnly: $0.isClientOnly) },
            directives: directives, queryType: query, mutationType: mutation,
            subscriptionType: subscription, sources: sources, clientSources: clientSources)
    }
}
