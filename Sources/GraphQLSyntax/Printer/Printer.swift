// Canonical GraphQL text from the AST, in graphql-js's `print` style (graphql-core's
// `print_ast`): two-space indentation, one selection per line, arguments wrapped when a
// field's line passes 80 characters, descriptions on their own line above what they describe.
// Printing then parsing gives the same AST. Values keep graphql-core 3.2's layout (`{a: 1}`,
// never wrapped); graphql-core 3.3 writes `{ a: 1 }` and wraps long lists and objects.

extension Document {
    /// The document as canonical GraphQL text (definitions separated by a blank line).
    /// - Complexity: O(size of the output).
    public func printed() -> String {
        var printed: [String] = []
        printed.reserveCapacity(definitions.count)
        var previous: Definition?
        for definition in definitions {
            // `type A` then `{ f }` reads back as `type A { f }`: after a type-system definition,
            // whose optional braces would take the block, an anonymous query keeps its keyword.
            let keepsKeyword = previous.map(Printer.isTypeSystem) ?? false
            printed.append(Printer.definition(definition, keepingQueryKeyword: keepsKeyword))
            previous = definition
        }
        return Printer.join(printed, "\n\n")
    }
}

extension Definition {
    /// The definition as canonical GraphQL text.
    public func printed() -> String { Printer.definition(self, keepingQueryKeyword: false) }
}

extension Value {
    /// The value as canonical GraphQL text (`{a: [1, 2]}`).
    public func printed() -> String { Printer.value(self) }
}

extension TypeReference {
    /// The type as written in GraphQL (`[User!]!`).
    public func printed() -> String { Printer.type(self) }
}

/// The printing rules, one function per node kind. Stateless.
enum Printer {
    /// graphql-js wraps a field's arguments one per line past this many characters.
    static let maximumLineLength = 80

    // MARK: - Executable definitions

    /// The definition's text; an anonymous query without variables or directives prints as the
    /// bare `{ … }` shorthand unless `keepingQueryKeyword`.
    static func definition(_ definition: Definition, keepingQueryKeyword: Bool) -> String {
        switch definition {
        case .operation(let d):
            let prefix = join([d.operation.rawValue, join([d.name?.value ?? "", variableDefinitions(d.variableDefinitions)]),
                               directives(d.directives)], " ")
            let head = described(d.description, prefix)
            return (head == "query" && !keepingQueryKeyword ? "" : head + " ") + selectionSet(d.selectionSet)
        case .fragment(let d):
            return described(d.description, "fragment \(d.name.value) on \(d.typeCondition.name.value) ")
                + wrap("", directives(d.directives), " ") + selectionSet(d.selectionSet)
        case .schema, .scalarType, .objectType, .interfaceType, .unionType, .enumType, .inputObjectType,
             .directive, .directiveExtension, .schemaExtension, .scalarTypeExtension, .objectTypeExtension,
             .interfaceTypeExtension, .unionTypeExtension, .enumTypeExtension, .inputObjectTypeExtension:
            return typeSystemDefinition(definition)
        }
    }

    /// Whether `definition` describes a schema rather than an operation or a fragment.
    static func isTypeSystem(_ definition: Definition) -> Bool {
        switch definition {
        case .operation, .fragment: false
        default: true
        }
    }

    /// `($a: Int, $b: Int)` on one line; one variable per line, not indented (as graphql-js
    /// prints them), when one spans several lines, as a described one does.
    private static func variableDefinitions(_ definitions: [VariableDefinition]) -> String {
        let printed = definitions.map(variableDefinition)
        if printed.contains(where: { $0.contains("\n") }) {
            return wrap("(\n", join(printed, "\n"), "\n)")
        }
        return wrap("(", join(printed, ", "), ")")
    }

    private static func variableDefinition(_ d: VariableDefinition) -> String {
        described(d.description, "$\(d.variable.name.value): \(type(d.type))" + wrap(" = ", d.defaultValue.map(value) ?? "")
                  + wrap(" ", directives(d.directives)))
    }

    /// An indented block of selections, `{}` for an empty set, nothing for a leaf field.
    /// - Complexity: O(size of the output): each set is written once where it stands, its
    ///   lines indented as written, rather than re-indented at every enclosing level (`block`,
    ///   quadratic in the depth: 13 % of compiling spec/'s Dashboard).
    static func selectionSet(_ set: SelectionSet?) -> String {
        var out = ""
        write(set, into: &out, indentation: "")
        return out
    }

    /// Appends `selectionSet(set)` as `indent` would make it at `indentation`: every line break
    /// in it followed by `indentation`.
    private static func write(_ set: SelectionSet?, into out: inout String, indentation: String) {
        guard let set else { return }
        guard !set.selections.isEmpty else {
            out += "{}"
            return
        }
        let inner = indentation + "  "
        out += "{"
        for selection in set.selections {
            out += "\n"
            out += inner
            write(selection, into: &out, indentation: inner)
        }
        out += "\n"
        out += indentation
        out += "}"
    }

    /// Appends the selection's text (graphql-js's, its parts joined by spaces) at `indentation`.
    private static func write(_ selection: Selection, into out: inout String, indentation: String) {
        switch selection {
        case .field(let field):
            let prefix = wrap("", field.alias?.value ?? "", ": ") + field.name.value
            var line = prefix + wrap("(", join(field.arguments.map(argument), ", "), ")")
            if line.unicodeScalars.count > maximumLineLength {
                line = prefix + wrap("(\n", indent(join(field.arguments.map(argument), "\n")), "\n)")
            }
            append(line, to: &out, indentation: indentation)
            append(wrap(" ", directives(field.directives)), to: &out, indentation: indentation)
            if let set = field.selectionSet {
                out += " "
                write(set, into: &out, indentation: indentation)
            }
        case .fragmentSpread(let spread):
            append("..." + spread.name.value + wrap(" ", directives(spread.directives)), to: &out, indentation: indentation)
        case .inlineFragment(let fragment):
            out += "..."
            out += wrap(" on ", fragment.typeCondition?.name.value ?? "")
            append(wrap(" ", directives(fragment.directives)), to: &out, indentation: indentation)
            out += " "
            write(fragment.selectionSet, into: &out, indentation: indentation)
        }
    }

    /// Appends `text` with every line break in it followed by `indentation` (a block string's
    /// lines, wrapped arguments), as `indent` does at each level.
    private static func append(_ text: String, to out: inout String, indentation: String) {
        guard !indentation.isEmpty, text.utf8.contains(0x0A) else {
            out += text
            return
        }
        // By byte, as `indent`: a CR LF pair is one Character to String, but its LF counts.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(text.utf8.count + 64)
        for byte in text.utf8 {
            utf8.append(byte)
            if byte == 0x0A { utf8.append(contentsOf: indentation.utf8) }
        }
        out += String(decoding: utf8, as: UTF8.self)
    }

    /// The description on its own line above the text it describes.
    static func described(_ description: StringValue?, _ text: String) -> String {
        wrap("", description.map(string) ?? "", "\n") + text
    }

    private static func argument(_ argument: Argument) -> String {
        "\(argument.name.value): \(value(argument.value))"
    }

    static func directives(_ list: [Directive]) -> String {
        join(list.map { "@" + $0.name.value + wrap("(", join($0.arguments.map(argument), ", "), ")") }, " ")
    }

    // MARK: - Values and types

    static func value(_ value: Value) -> String {
        switch value {
        case .variable(let v): "$" + v.name.value
        case .int(let v): v.value
        case .float(let v): v.value
        case .string(let v): string(v)
        case .boolean(let v): v.value ? "true" : "false"
        case .null: "null"
        case .enum(let v): v.value
        case .list(let v): "[" + join(v.values.map(Self.value), ", ") + "]"
        case .object(let v): "{" + join(v.fields.map { "\($0.name.value): \(Self.value($0.value))" }, ", ") + "}"
        }
    }

    static func string(_ value: StringValue) -> String {
        value.block ? blockString(value.value) : quotedString(value.value)
    }

    static func type(_ type: TypeReference) -> String {
        switch type {
        case .named(let t): t.name.value
        case .list(let t): "[" + Self.type(t.type) + "]"
        case .nonNull(let t): Self.type(t.type) + "!"
        }
    }

    // MARK: - Layout helpers (graphql-js's join, wrap, block, indent)

    /// The non-empty strings joined by `separator`.
    static func join(_ strings: [String], _ separator: String = "") -> String {
        strings.filter { !$0.isEmpty }.joined(separator: separator)
    }

    /// `start + string + end`, or nothing when `string` is empty.
    static func wrap(_ start: String, _ string: String, _ end: String = "") -> String {
        string.isEmpty ? "" : start + string + end
    }

    /// Items one per line in an indented `{ }` block; nothing when there are none.
    static func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    /// Every line indented by two spaces.
    static func indent(_ string: String) -> String {
        guard !string.isEmpty else { return "" }
        var utf8: [UInt8] = [0x20, 0x20]
        utf8.reserveCapacity(string.utf8.count + 64)
        for byte in string.utf8 {
            utf8.append(byte)
            if byte == 0x0A { utf8.append(contentsOf: [0x20, 0x20]) }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
