import GraphQLSyntax

/// Compiles operations and fragments against a schema into artifacts, validating as it goes
/// and reporting every problem with its location (`FILE:LINE:COLUMN`).
///
/// Fragments are compiled before the documents that spread them, so a spread holds its
/// fragment's artifact; fragment cycles are reported and their fragments left out.
public enum Compiler {
    /// A parsed executable document and the file name diagnostics cite.
    public typealias Input = (document: Document, file: String)

    /// Compiles every operation and fragment of `inputs`, by name.
    /// - Throws: all diagnostics, when there is any.
    /// - Complexity: O(size of the documents).
    public static func compile(_ inputs: [Input], schema: Schema) throws(CompileFailure) -> [String: Artifact] {
        var state = CompilerState(schema: schema)
        state.collect(inputs)
        state.compileAll()
        guard state.diagnostics.isEmpty else { throw CompileFailure(diagnostics: state.sorted) }
        return state.artifacts
    }

    /// Parses and compiles `sources` (syntax errors become diagnostics).
    public static func compile(sources: [GraphQLSource], schema: Schema) throws(CompileFailure) -> [String: Artifact] {
        var inputs: [Input] = []
        var diagnostics: [Diagnostic] = []
        for source in sources {
            do {
                inputs.append((try parse(source), source.name))
            } catch {
                diagnostics.append(Diagnostic(syntax: error))
            }
        }
        guard diagnostics.isEmpty else { throw CompileFailure(diagnostics: diagnostics) }
        return try compile(inputs, schema: schema)
    }
}

/// An executable definition awaiting compilation.
enum ExecutableDefinition {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)

    var location: SourceLocation {
        switch self {
        case .operation(let operation): operation.location
        case .fragment(let fragment): fragment.location
        }
    }

    var selectionSet: GraphQLSyntax.SelectionSet {
        switch self {
        case .operation(let operation): operation.selectionSet
        case .fragment(let fragment): fragment.selectionSet
        }
    }
}

/// The state of one compilation: definitions by name, artifacts made so far, diagnostics.
private struct CompilerState {
    let schema: Schema
    var definitions: [(name: String, definition: ExecutableDefinition, file: String)] = []
    var byName: [String: Int] = [:]
    var artifacts: [String: Artifact] = [:]
    var failed: Set<String> = []
    var diagnostics: [Diagnostic] = []

    init(schema: Schema) {
        self.schema = schema
    }

    var sorted: [Diagnostic] {
        diagnostics.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    mutating func collect(_ inputs: [Compiler.Input]) {
        for input in inputs {
            for definition in input.document.definitions {
                let entry: (String, ExecutableDefinition, SourceLocation)
                switch definition {
                case .operation(let operation):
                    entry = (operation.name?.value ?? "anonymous", .operation(operation),
                             operation.name?.location ?? operation.location)
                case .fragment(let fragment):
                    entry = (fragment.name.value, .fragment(fragment), fragment.name.location)
                case .schema, .scalarType, .objectType, .interfaceType, .unionType, .enumType,
                     .inputObjectType, .directive, .schemaExtension, .scalarTypeExtension,
                     .objectTypeExtension, .interfaceTypeExtension, .unionTypeExtension,
                     .enumTypeExtension, .inputObjectTypeExtension:
                    diagnostics.append(Diagnostic(input.file, definition.location,
                                                  .unsupported("a type-system definition in a document")))
                    continue
                }
                if byName[entry.0] != nil {
                    diagnostics.append(Diagnostic(input.file, entry.2, .duplicateDefinition(entry.0)))
                    continue
                }
                byName[entry.0] = definitions.count
                definitions.append((entry.0, entry.1, input.file))
            }
        }
    }

    mutating func compileAll() {
        var visiting: [String] = []
        for entry in definitions { compile(entry.name, visiting: &visiting) }
    }

    /// Compiles `name` after the fragments it spreads (depth first), reporting cycles.
    mutating func compile(_ name: String, visiting: inout [String]) {
        guard artifacts[name] == nil, !failed.contains(name), let index = byName[name] else { return }
        let entry = definitions[index]
        visiting.append(name)
        defer { visiting.removeLast() }
        for spread in Self.spreads(in: entry.definition.selectionSet) {
            let target = spread.name.value
            if let cycleStart = visiting.firstIndex(of: target) {
                let cycle = Array(visiting[cycleStart...]) + [target]
                diagnostics.append(Diagnostic(entry.file, spread.name.location, .fragmentCycle(cycle)))
                failed.formUnion(cycle)
                continue
            }
            compile(target, visiting: &visiting)
        }
        guard !failed.contains(name) else { return }
        var compiler = DefinitionCompiler(schema: schema, file: entry.file, artifacts: artifacts,
                                          failed: failed, definedFragments: Set(byName.keys))
        if let artifact = compiler.compile(name: name, entry.definition) {
            artifacts[name] = artifact
        } else {
            failed.insert(name)
        }
        diagnostics += compiler.diagnostics
    }

    /// Every spread in a selection set, nested ones included, in document order.
    static func spreads(in set: GraphQLSyntax.SelectionSet) -> [GraphQLSyntax.FragmentSpread] {
        var found: [GraphQLSyntax.FragmentSpread] = []
        func visit(_ set: GraphQLSyntax.SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field): field.selectionSet.map(visit)
                case .fragmentSpread(let spread): found.append(spread)
                case .inlineFragment(let inline): visit(inline.selectionSet)
                }
            }
        }
        visit(set)
        return found
    }
}
