import Lattice

/// The Swift names of everything the documents refer to: each definition's type, the schema's
/// enums and input objects the documents use, the custom scalars' app types, and the names no
/// generated type may take.
struct SwiftTypes {
    let schema: Schema
    /// Custom scalar name to the app's Swift type (`lattice.json`'s `scalars`).
    let scalars: [String: String]
    /// Whether the generated types are public (for a module other modules read), else
    /// internal to the module they are generated into.
    let isPublic: Bool
    /// The access modifier each declaration starts with: `public ` or nothing.
    var access: String { isPublic ? "public " : "" }
    /// Definition name to its Swift type: an operation's name with its kind (`DashboardQuery`),
    /// a fragment's name.
    let definitionNames: [String: String]
    /// Enum and input object name to its Swift type.
    let schemaTypeNames: [String: String]
    /// The names a nested type must not take: every top-level generated name, the types
    /// generated code refers to, and the custom scalars' types. Nested scopes are made inside
    /// it (`TakenNames(inside:)`), sharing it.
    let reserved: TakenNames

    /// `programName`, the generated program's type, is taken before any definition's name.
    init(schema: Schema, artifacts: [Artifact], scalars: [String: String], isPublic: Bool,
         programName: String = GenerateConfig.defaultProgram) {
        self.schema = schema
        self.scalars = scalars
        self.isPublic = isPublic
        // Case-blind: each top-level type is a file of its own.
        var taken = TakenNames(SwiftNames.reservedTypes.union(scalars.values.map { String($0.prefix { $0 != "." }) }),
                               caseBlind: true)
        _ = taken.claim(programName)
        var definitions: [String: String] = [:]
        for artifact in artifacts.sorted(by: { $0.name < $1.name }) {
            let suffix = artifact.kind == .fragment ? "" : SwiftNames.typeName(artifact.kind.rawValue)
            let base = SwiftNames.typeName(artifact.name)
            definitions[artifact.name] = taken.claim(base.hasSuffix(suffix) ? base : base + suffix)
        }
        var named: [String: String] = [:]
        for name in Self.usedSchemaTypes(schema, artifacts).sorted() {
            named[name] = taken.claim(SwiftNames.typeName(name))
        }
        definitionNames = definitions
        schemaTypeNames = named
        reserved = taken
    }

    /// The Swift type of an output leaf of GraphQL type `type`, its outermost null as
    /// `nullable` says (nested list items as the schema says).
    func outputType(_ type: GraphQLType, nullable: Bool) -> String {
        let inner: String
        switch type.nullable {
        case .list(let item): inner = "[\(outputType(item, nullable: !item.isNonNull))]"
        case .named(let name): inner = leaf(name)
        case .nonNull(let wrapped): inner = outputType(wrapped, nullable: false)
        }
        return nullable ? inner + "?" : inner
    }

    /// The Swift type of an input of GraphQL type `type`: a non-null one as itself, a nullable
    /// one as `T?` inside lists (an item is sent, as null or a value). `named`, when given, is
    /// the Swift type of the named type (an optimistic response's object).
    func inputType(_ type: GraphQLType, named: String? = nil) -> String {
        switch type {
        case .nonNull(let wrapped):
            if case .list(let item) = wrapped { return "[\(inputType(item, named: named))]" }
            return inputType(wrapped, named: named).dropLastOptional
        case .list(let item): return "[\(inputType(item, named: named))]?"
        case .named(let name): return (named ?? leaf(name)) + "?"
        }
    }

    /// A named leaf or input type: built-in scalars as Swift's, `ID` as `DataID`, a custom
    /// scalar as the app's type (or `JSONValue` when unmapped), an enum or input object as
    /// its generated type.
    func leaf(_ name: String) -> String {
        switch name {
        case "String": "String"
        case "Int": "Int"
        case "Float": "Double"
        case "Boolean": "Bool"
        case "ID": "DataID"
        default: schemaTypeNames[name] ?? scalars[name] ?? "JSONValue"
        }
    }

    /// The enums and input objects the documents use: leaf fields' types, variables' types,
    /// and every input object and enum those input objects reach.
    static func usedSchemaTypes(_ schema: Schema, _ artifacts: [Artifact]) -> Set<String> {
        var used: Set<String> = []
        var pending: [String] = []
        func use(_ name: String) {
            guard let type = schema.types[name], used.insert(name).inserted else { return }
            if case .inputObject = type.kind { pending.append(name) }
        }
        func visit(_ set: ObjectSelection) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    if let child = field.selectionSet { visit(child) } else { enumOnly(field.type.namedType) }
                case .inlineFragment(let inline): visit(inline.selectionSet)
                case .spread: break
                }
            }
        }
        func enumOnly(_ name: String) {
            if case .enumeration? = schema.types[name]?.kind { use(name) }
        }
        for artifact in artifacts {
            visit(artifact.selectionSet)
            for variable in artifact.variables { use(variable.type.namedType) }
        }
        while let name = pending.popLast() {
            for field in (schema.types[name]?.fields ?? [:]).values { use(field.type.namedType) }
        }
        return used.filter { name in
            switch schema.types[name]?.kind {
            case .enumeration?, .inputObject?: true
            default: false
            }
        }
    }
}

extension String {
    /// Without a trailing `?`.
    var dropLastOptional: String { hasSuffix("?") ? String(dropLast()) : self }
}
