import GraphQLSyntax

/// One problem found while building a schema or compiling documents, located in its file.
/// Printed `FILE:LINE:COLUMN: message`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source name (usually the file path).
    public let file: String
    /// 1-based line.
    public let line: Int
    /// 1-based column, in Unicode scalars.
    public let column: Int
    /// What is wrong.
    public let problem: CompileProblem

    /// A located problem.
    public init(file: String, line: Int, column: Int, problem: CompileProblem) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    public var description: String { "\(file):\(line):\(column): \(problem)" }
}

/// Every diagnostic of a schema build or a compilation: all are reported, not only the first.
public struct CompileFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem found, sorted by file, line and column.
    public let diagnostics: [Diagnostic]

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// Parses every source, each with the name its diagnostics cite: what the schema builder
    /// and the compiler take from text.
    /// - Throws: every syntax error as a diagnostic, when there is any; nothing is built from
    ///   sources that do not all parse.
    /// - Complexity: O(length of the sources).
    static func parsing(_ sources: [GraphQLSource]) throws(CompileFailure) -> [(document: Document, file: String)] {
        var inputs: [(document: Document, file: String)] = []
        var diagnostics: [Diagnostic] = []
        for source in sources {
            do {
                inputs.append((try parse(source), source.name))
            } catch {
                diagnostics.append(Diagnostic(syntax: error))
            }
        }
        guard diagnostics.isEmpty else { throw CompileFailure(diagnostics: diagnostics) }
        return inputs
    }
}

/// What is wrong, as structured data.
public enum CompileProblem: Hashable, Sendable, CustomStringConvertible {
    case syntax(String)
    case duplicateType(String)
    case duplicateDefinition(String)
    case unknownType(String)
    case unknownField(field: String, type: String)
    case unknownArgument(argument: String, field: String)
    case missingArgument(argument: String, field: String)
    case unknownFragment(String)
    case unknownVariable(variable: String, operation: String)
    case variableTypeMismatch(variable: String, type: String, expected: String)
    case spreadCannotApply(fragment: String, fragmentType: String, parentType: String)
    case fragmentCycle([String])
    case requiredOnNonNull(field: String, type: String)
    case unknownDirective(String)
    case misplacedDirective(directive: String, location: String)
    case selectionOnLeaf(field: String, type: String)
    case missingSelection(field: String, type: String)
    case conflictingFields(responseKey: String)
    case notInputType(variable: String, type: String)
    case notOutputType(field: String, type: String)
    case invalidValue(argument: String, expected: String)
    case missingRootType(String)
    case nestingTooDeep(limit: Int, fragment: String?)
    case repeatedDirective(String)
    case duplicateArgument(argument: String, field: String)
    case duplicateVariable(String)
    case unusedVariable(variable: String, operation: String)
    case anonymousOperationNotAlone
    case duplicateInputField(field: String, argument: String)
    case missingInputField(field: String, argument: String)
    case subscriptionRootFields(operation: String, count: Int)
    /// An alias takes the response key of a field the compiler adds (`id`, `__typename`),
    /// for a field of another name: the sent document would select two fields under it.
    case reservedAlias(alias: String, field: String)
    /// `@connection` on a field that cannot be one, or without what merging its pages needs.
    case invalidConnection(field: String, reason: String)
    /// An edge directive on a field whose value it cannot use.
    case invalidEdgeEdit(directive: String, field: String, reason: String)
    /// `@refetchable` on a fragment no query can fetch again.
    case invalidRefetchable(fragment: String, reason: String)
    /// `@defer` or `@stream` where graphql-js's rules refuse it (the message says which).
    case invalidDeferStream(String)
    /// The schema declares one of Lattice's built-in client directives, or an enum one takes,
    /// otherwise than Lattice does: `name` (`@required`, `RequiredAction`) and Lattice's
    /// declaration, `builtIn`.
    case conflictingClientDeclaration(name: String, builtIn: String)
    /// `@semanticNonNull(levels:)` on a field names a level its type does not have (a
    /// negative one, past its lists, or not an integer).
    case invalidSemanticNonNull(field: String, reason: String)
    /// `@alias` on a spread or inline fragment without a name to take, or with one another
    /// selection of its set already takes.
    case invalidAlias(reason: String)
    /// A client schema file declares what it may not: a field the server's type already has,
    /// an extension of a type the server schema lacks, or a definition of another kind
    /// (`SchemaBuilder+Client.swift`).
    case invalidClientSchema(String)
    case unsupported(String)

    public var description: String {
        switch self {
        case .syntax(let message): message
        case .duplicateType(let name): "type \(name) is defined twice"
        case .duplicateDefinition(let name): "\(name) is defined twice"
        case .unknownType(let name): "unknown type \(name)"
        case let .unknownField(field, type): "unknown field \(field) on type \(type)"
        case let .unknownArgument(argument, field): "unknown argument \(argument) on field \(field)"
        case let .missingArgument(argument, field):
            "field \(field) needs argument \(argument) (non-null, no default)"
        case .unknownFragment(let name): "unknown fragment \(name)"
        case let .unknownVariable(variable, operation):
            "variable $\(variable) is not defined by operation \(operation)"
        case let .variableTypeMismatch(variable, type, expected):
            "variable $\(variable) of type \(type) used where \(expected) is expected"
        case let .spreadCannotApply(fragment, fragmentType, parentType):
            "fragment \(fragment) on \(fragmentType) can never apply within \(parentType)"
        case .fragmentCycle(let names):
            "fragment cycle: \(names.joined(separator: " -> "))"
        case let .requiredOnNonNull(field, type):
            "@required on \(field), already non-null (\(type))"
        case .unknownDirective(let name): "unknown directive @\(name)"
        case let .misplacedDirective(directive, location):
            "directive @\(directive) may not be used on \(location)"
        case let .selectionOnLeaf(field, type):
            "field \(field) of type \(type) is a leaf and takes no selection"
        case let .missingSelection(field, type):
            "field \(field) of type \(type) needs a selection of subfields"
        case .conflictingFields(let key):
            "fields under response key \(key) select different fields or arguments"
        case let .notInputType(variable, type):
            "variable $\(variable) has type \(type), which is not an input type"
        case let .notOutputType(field, type): "field \(field) has type \(type), which is not an output type"
        case let .invalidValue(argument, expected): "value of \(argument) is not a valid \(expected)"
        case .missingRootType(let name): "the schema has no \(name) type"
        case let .nestingTooDeep(limit, fragment?):
            "selections nest more than \(limit) levels deep through fragment \(fragment) (the limit, spreads and inline fragments counted)"
        case .nestingTooDeep(let limit, nil):
            "selections nest more than \(limit) levels deep (the limit, inline fragments counted)"
        case .repeatedDirective(let name): "directive @\(name) is used twice here and is not repeatable"
        case let .duplicateArgument(argument, field): "argument \(argument) of \(field) is given twice"
        case .duplicateVariable(let name): "variable $\(name) is defined twice"
        case let .unusedVariable(variable, operation):
            "variable $\(variable) is defined by operation \(operation) but never used"
        case .anonymousOperationNotAlone: "an anonymous operation must be the only operation of its document"
        case let .duplicateInputField(field, argument): "input field \(field) of \(argument) is given twice"
        case let .missingInputField(field, argument):
            "input object of \(argument) needs field \(field) (non-null, no default)"
        case let .subscriptionRootFields(operation, count):
            "subscription \(operation) must select exactly one root field (it selects \(count))"
        case let .reservedAlias(alias, field):
            "alias \(alias) is reserved for the \(alias) field the runtime selects to key and type records (here on \(field))"
        case let .invalidConnection(field, reason): "@connection on \(field): \(reason)"
        case let .invalidEdgeEdit(directive, field, reason): "@\(directive) on \(field): \(reason)"
        case let .invalidRefetchable(fragment, reason): "@refetchable on \(fragment): \(reason)"
        case .invalidDeferStream(let message): message
        case let .conflictingClientDeclaration(name, builtIn):
            "\(name) is one of Lattice's client declarations, built in, and is declared otherwise here: "
                + "declare it as Lattice does (`\(builtIn)`) or not at all"
        case let .invalidSemanticNonNull(field, reason): "@semanticNonNull on \(field): \(reason)"
        case .invalidAlias(let reason): "@alias: \(reason)"
        case .invalidClientSchema(let reason): "client schema: \(reason)"
        case .unsupported(let what): "unsupported: \(what)"
        }
    }
}
