import GraphQLSyntax
import Lattice

/// A server's schema as its answer to the standard introspection query
/// (`IntrospectionSDL.query`), written back as SDL: the types, their fields with arguments and
/// default values, input types, enums, interfaces, unions, custom scalars, the directives a
/// server declares beyond the built-in ones, descriptions and deprecations. Built-in scalars,
/// the introspection types (`__Schema`, ...) and the built-in directives are left out, as a
/// schema file leaves them out.
///
/// The text is made from the answer, then parsed and printed by GraphQLSyntax, so the SDL is
/// in the one canonical style (graphql-js's `print`) and known to parse.
enum IntrospectionSDL {
    /// Why an answer could not be written as SDL: where in `__schema` and what is wrong.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// graphql-js's `getIntrospectionQuery` with descriptions, `specifiedByURL` and
    /// `isRepeatable` (the October 2021 specification's introspection).
    static let query = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description isRepeatable locations args { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name description specifiedByURL
          fields(includeDeprecated: true) {
            name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
        fragment TypeRef on __Type {
          kind name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name
            ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
        }
        """

    /// The scalars every schema has, and the directives: left out of the SDL. `@defer` and
    /// `@stream` too, which Lattice's `SchemaBuilder` declares itself.
    static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    static let builtInDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf",
                                                 "defer", "stream"]

    /// The SDL of `data`, the `data` of an answer to `query`.
    /// - Throws: `Malformed` naming the part of the answer that is not introspection's shape,
    ///   or the syntax error of the text made from it (a name or a default value that is no
    ///   GraphQL).
    /// - Complexity: O(size of the answer).
    static func sdl(from data: JSONValue) throws(Malformed) -> String {
        let schema = try member(data, "__schema", at: "data")
        var definitions: [String] = []
        let roots = [("query", "queryType", "Query"), ("mutation", "mutationType", "Mutation"),
                     ("subscription", "subscriptionType", "Subscription")]
        var operationTypes: [String] = []
        var conventional = true
        for (operation, key, usual) in roots {
            guard case .object(let root)? = object(schema)[key] else { continue }
            let name = try string(root["name"], at: "__schema.\(key).name")
            operationTypes.append("\(operation): \(name)")
            conventional = conventional && name == usual
        }
        if operationTypes.isEmpty { throw Malformed(description: "__schema.queryType is missing") }
        if !conventional { definitions.append("schema { \(operationTypes.joined(separator: " ")) }") }
        for (index, type) in try array(object(schema)["types"], at: "__schema.types").enumerated() {
            if let definition = try typeDefinition(type, at: "__schema.types[\(index)]") { definitions.append(definition) }
        }
        for (index, directive) in try array(object(schema)["directives"], at: "__schema.directives").enumerated() {
            let path = "__schema.directives[\(index)]"
            let name = try string(object(directive)["name"], at: path + ".name")
            guard !builtInDirectives.contains(name) else { continue }
            let locations = try array(object(directive)["locations"], at: path + ".locations").enumerated()
                .map { (position, location) throws(Malformed) in try string(location, at: "\(path).locations[\(position)]") }
            let repeatable = object(directive)["isRepeatable"] == .bool(true) ? " repeatable" : ""
            definitions.append(described(directive) + "directive @\(name)"
                               + (try arguments(object(directive)["args"], at: path + ".args"))
                               + "\(repeatable) on \(locations.joined(separator: " | "))")
        }
        let text = definitions.joined(separator: "\n\n")
        do {
            return try parse(Source(text: text, name: "introspection")).printed() + "\n"
        } catch {
            throw Malformed(description: "the schema it describes is not valid SDL: \(error)")
        }
    }

    /// The definition of one entry of `__schema.types`, or `nil` for a built-in one.
    private static func typeDefinition(_ type: JSONValue, at path: String) throws(Malformed) -> String? {
        let fields = object(type)
        let name = try string(fields["name"], at: path + ".name")
        guard !name.hasPrefix("__") else { return nil }
        let kind = try string(fields["kind"], at: path + ".kind")
        let head = described(type)
        switch kind {
        case "SCALAR":
            guard !builtInScalars.contains(name) else { return nil }
            guard case .string(let url)? = fields["specifiedByURL"] else { return head + "scalar \(name)" }
            return head + "scalar \(name) @specifiedBy(url: \(JSONValue.string(url).jsonText))"
        case "OBJECT", "INTERFACE":
            let keyword = kind == "OBJECT" ? "type" : "interface"
            let interfaces = try array(fields["interfaces"] ?? .array([]), at: path + ".interfaces").enumerated()
                .map { (index, interface) throws(Malformed) in try typeReference(interface, at: "\(path).interfaces[\(index)]") }
            let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
            var lines: [String] = []
            for (index, field) in try array(fields["fields"], at: path + ".fields").enumerated() {
                let at = "\(path).fields[\(index)]"
                lines.append(described(field) + (try string(object(field)["name"], at: at + ".name"))
                             + (try arguments(object(field)["args"] ?? .array([]), at: at + ".args")) + ": "
                             + (try typeReference(object(field)["type"], at: at + ".type")) + deprecation(field))
            }
            return head + "\(keyword) \(name)\(implements)" + block(lines)
        case "UNION":
            let members = try array(fields["possibleTypes"], at: path + ".possibleTypes").enumerated()
                .map { (index, member) throws(Malformed) in try typeReference(member, at: "\(path).possibleTypes[\(index)]") }
            return head + "union \(name)" + (members.isEmpty ? "" : " = " + members.joined(separator: " | "))
        case "ENUM":
            var lines: [String] = []
            for (index, value) in try array(fields["enumValues"], at: path + ".enumValues").enumerated() {
                lines.append(described(value) + (try string(object(value)["name"], at: "\(path).enumValues[\(index)].name"))
                             + deprecation(value))
            }
            return head + "enum \(name)" + block(lines)
        case "INPUT_OBJECT":
            let inputs = try array(fields["inputFields"], at: path + ".inputFields").enumerated()
                .map { (index, input) throws(Malformed) in try inputValue(input, at: "\(path).inputFields[\(index)]") }
            return head + "input \(name)" + block(inputs)
        default:
            throw Malformed(description: "\(path).kind is \(kind), not a named type's kind")
        }
    }

    /// `(a: Int = 1, b: String)` for the arguments `args`, or nothing for none.
    private static func arguments(_ args: JSONValue?, at path: String) throws(Malformed) -> String {
        let printed = try array(args, at: path).enumerated()
            .map { (index, argument) throws(Malformed) in try inputValue(argument, at: "\(path)[\(index)]") }
        return printed.isEmpty ? "" : "(" + printed.joined(separator: ", ") + ")"
    }

    /// `name: Type = default`, described.
    private static func inputValue(_ value: JSONValue, at path: String) throws(Malformed) -> String {
        let fields = object(value)
        var printed = described(value) + (try string(fields["name"], at: path + ".name")) + ": "
            + (try typeReference(fields["type"], at: path + ".type"))
        if case .string(let literal)? = fields["defaultValue"] { printed += " = " + literal }
        return printed + deprecation(value)
    }

    /// A type as written in SDL (`[User!]!`) from a `TypeRef`.
    private static func typeReference(_ type: JSONValue?, at path: String) throws(Malformed) -> String {
        guard let type else { throw Malformed(description: "\(path) is missing") }
        let fields = object(type)
        switch try string(fields["kind"], at: path + ".kind") {
        case "NON_NULL": return try typeReference(fields["ofType"], at: path + ".ofType") + "!"
        case "LIST": return "[" + (try typeReference(fields["ofType"], at: path + ".ofType")) + "]"
        default: return try string(fields["name"], at: path + ".name")
        }
    }

    /// The description of `value` as a string literal and a space, or nothing.
    private static func described(_ value: JSONValue) -> String {
        guard case .string(let description)? = object(value)["description"], !description.isEmpty else { return "" }
        return JSONValue.string(description).jsonText + " "
    }

    /// ` @deprecated(reason: "…")` for a deprecated field or enum value, else nothing.
    private static func deprecation(_ value: JSONValue) -> String {
        let fields = object(value)
        guard fields["isDeprecated"] == .bool(true) else { return "" }
        guard case .string(let reason)? = fields["deprecationReason"] else { return " @deprecated" }
        return " @deprecated(reason: \(JSONValue.string(reason).jsonText))"
    }

    private static func block(_ lines: [String]) -> String {
        lines.isEmpty ? "" : " {\n" + lines.joined(separator: "\n") + "\n}"
    }

    private static func object(_ value: JSONValue) -> [String: JSONValue] {
        if case .object(let fields) = value { return fields }
        return [:]
    }

    private static func member(_ value: JSONValue, _ key: String, at path: String) throws(Malformed) -> JSONValue {
        guard case .object(let fields) = value, let member = fields[key], member != .null else {
            throw Malformed(description: "\(path).\(key) is missing")
        }
        return member
    }

    private static func string(_ value: JSONValue?, at path: String) throws(Malformed) -> String {
        guard case .string(let text)? = value else {
            throw Malformed(description: "\(path) is \(value?.kindDescription ?? "missing"), not a string")
        }
        return text
    }

    private static func array(_ value: JSONValue?, at path: String) throws(Malformed) -> [JSONValue] {
        guard case .array(let items)? = value else {
            throw Malformed(description: "\(path) is \(value?.kindDescription ?? "missing"), not a list")
        }
        return items
    }
}
