import GraphQLSyntax

/// Compiles operations and fragments against a schema into artifacts, validating as it goes
/// and reporting every problem with its location (`FILE:LINE:COLUMN`).
///
/// Fragments are compiled before the documents that spread them, so a spread holds its
/// fragment's artifact; fragment cycles are reported and their fragments left out.
public enum Compiler {
    /// How many selection sets deep a compiled document may nest, counting linked fields,
    /// inline fragments and fragment spreads (a spread nests its fragment's sets below it).
    /// Past it the spread or set is a located error. Real documents stay under 30; 40 keeps
    /// compiling and every walk of an artifact inside a 512 KiB thread stack in debug builds,
    /// where compiling a set takes about 10.5 KiB a level and normalizing one 6.6 KiB.
    public static let maximumDepth = 40

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
        try compile(try CompileFailure.parsing(sources), schema: schema)
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
/// `Compiler.compile` collects the documents, then compiles everything at once.
struct CompilerState {
    let schema: Schema
    var definitions: [(name: String, definition: ExecutableDefinition, file: String)] = []
    var byName: [String: Int] = [:]
    /// The keys of `byName`, made once (a compiler per definition reads them).
    var definedNames: Set<String> = []
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
            let operations = input.document.definitions.count { if case .operation = $0 { true } else { false } }
            for definition in input.document.definitions {
                if case .operation(let operation) = definition, operation.name == nil, operations > 1 {
                    diagnostics.append(Diagnostic(input.file, operation.location, .anonymousOperationNotAlone))
                    continue
                }
                let entry: (String, ExecutableDefinition, SourceLocation)
                switch definition {
                case .operation(let operation):
                    entry = (operation.name?.value ?? "anonymous", .operation(operation),
                             operation.name?.location ?? operation.location)
                case .fragment(let fragment):
                    entry = (fragment.name.value, .fragment(fragment), fragment.name.location)
                case .schema, .scalarType, .objectType, .interfaceType, .unionType, .enumType,
                     .inputObjectType, .directive, .directiveExtension, .schemaExtension, .scalarTypeExtension,
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

    /// Compiles every definition, each with the fragments it spreads first, then derives the
    /// `@refetchable` fragments' queries. - Complexity: O(size of the definitions).
    mutating func compileAll() {
        definedNames = Set(byName.keys)
        for entry in definitions { compileWithSpreads(entry.name) }
        deriveRefetchQueries()
    }

    /// Compiles the query each `@refetchable` fragment derives, in name order, as if it were
    /// written beside the fragment (its diagnostics cite the fragment's file and
    /// `@refetchable`).
    private mutating func deriveRefetchQueries() {
        for (name, fragment) in artifacts.sorted(by: { $0.key < $1.key }) {
            guard let query = fragment.refetchQuery, let index = byName[name] else { continue }
            let file = definitions[index].file
            guard let text = fragment.refetchQueryText else {
                diagnostics.append(Diagnostic(file: file, line: 1, column: 1, problem: .invalidRefetchable(
                    fragment: name, reason: "it uses a variable $id, which its derived query \(query.name) gives the record's id")))
                continue
            }
            do {
                let inputs = try CompileFailure.parsing([GraphQLSource(text: text, name: "\(file) @refetchable")])
                collect(inputs)
                definedNames.insert(query.name)
                compileWithSpreads(query.name)
            } catch {
                diagnostics += error.diagnostics
            }
        }
    }

    /// A definition waiting for the fragments it spreads, and the next spread to look at.
    private struct Pending {
        let name: String
        let file: String
        let spreads: [GraphQLSyntax.FragmentSpread]
        var next = 0
    }

    /// The definition `name` if it is still to compile.
    private func pending(_ name: String) -> Pending? {
        guard artifacts[name] == nil, !failed.contains(name), let index = byName[name] else { return nil }
        let entry = definitions[index]
        return Pending(name: name, file: entry.file, spreads: Self.spreads(in: entry.definition.selectionSet))
    }

    /// Compiles `name` after the fragments it spreads (depth first), reporting cycles. The
    /// depth-first order is kept on an explicit stack: a chain of fragments may be as long as
    /// the document, far deeper than a thread's stack.
    /// - Complexity: O(spreads) besides compiling each definition once.
    mutating func compileWithSpreads(_ name: String) {
        guard let first = pending(name) else { return }
        var stack = [first]
        var onStack: [String: Int] = [name: 0]
        while let top = stack.last {
            guard top.next < top.spreads.count else {
                stack.removeLast()
                onStack[top.name] = nil
                finish(top)
                continue
            }
            let spread = top.spreads[top.next]
            stack[stack.count - 1].next += 1
            let target = spread.name.value
            if let cycleStart = onStack[target] {
                let cycle = stack[cycleStart...].map(\.name) + [target]
                diagnostics.append(Diagnostic(top.file, spread.location, .fragmentCycle(cycle)))
                failed.formUnion(cycle)
            } else if let next = pending(target) {
                onStack[target] = stack.count
                stack.append(next)
            }
        }
    }

    /// Compiles a definition whose spread fragments are done. One that spreads a failed
    /// fragment is checked for its own problems but fails too, so a spread of it is left out
    /// silently (the fragment's diagnostic says why) rather than re-diagnosed.
    private mutating func finish(_ pending: Pending) {
        let name = pending.name
        guard !failed.contains(name), let index = byName[name] else { return }
        let entry = definitions[index]
        let compiled: Artifact?
        // The compiler's copy of `artifacts` must be gone before the insertion below: while it
        // lived, each insertion copied the whole dictionary, which made compiling a document
        // quadratic in its definitions (at 32,000, 16 s of CPU more; issue 36).
        do {
            var compiler = DefinitionCompiler(schema: schema, file: entry.file, artifacts: artifacts,
                                              failed: failed, definedFragments: definedNames)
            compiled = compiler.compile(name: name, entry.definition)
            diagnostics += compiler.diagnostics
        }
        let spreadsFailed = pending.spreads.contains { failed.contains($0.name.value) }
        if let compiled, !spreadsFailed {
            artifacts[name] = compiled
        } else {
            failed.insert(name)
        }
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
