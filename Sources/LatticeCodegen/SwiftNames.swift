/// How GraphQL names become Swift names that always compile: keywords are escaped, names
/// that would shadow a type the generated code uses get a suffix, and names that differ only
/// by case stay apart where a case-insensitive file system would merge them.
enum SwiftNames {
    /// Swift's keywords, escaped with backticks where a name is one.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_", "async", "consume", "copy", "discard", "each", "borrowing",
        "consuming", "package", "some", "any", "Type", "Protocol", "get", "set", "willSet", "didSet",
    ]

    /// Type names the generated code refers to, or that an app's module is likely to: a
    /// generated type never takes one of these names, so an unqualified reference in
    /// generated code always means the intended type.
    static let reservedTypes: Set<String> = [
        "Swift", "Foundation", "Lattice", "Observation", "String", "Int", "Double", "Float", "Bool", "Array",
        "Dictionary", "Set", "Optional", "Result", "Error", "Never", "Void", "Any", "AnyObject", "Self",
        "Type", "Protocol", "Sendable", "Hashable", "Equatable", "Data", "Date", "URL", "UUID", "Decimal",
        "Lens", "ReadError", "DataID", "JSONValue", "CatchResult", "FragmentReference", "TypedLens",
        "TypedFragment", "TypedOperation", "TypedQuery", "TypedMutation", "TypedSubscription",
        "OperationVariables", "NoVariables", "InputValue", "InputEncodable", "InputFields",
        "ScalarDecodable", "GraphQLError", "Failure", "Environment", "Program", "Artifact", "Phase",
        "TypedPhase", "QueryHandle", "MainActor", "GeneratedProgram", "GraphQLSource", "Deferred",
        "TypedRefetchableFragment", "TypedPagination",
    ]

    /// Members every generated lens has (or inherits), which an accessor must not redeclare.
    static let reservedMembers: Set<String> = ["lens", "init", "fragmentName", "operationName", "requestFingerprint",
                                               "json", "inputJSON", "self", "Type", "Protocol"]

    /// `name` as a Swift identifier: backticked when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` with its first letter upper-cased: the type of a field's selection.
    static func typeName(_ name: String) -> String {
        let trimmed = name.drop { $0 == "_" }
        guard let first = trimmed.first else { return "Field" + name }
        return first.uppercased() + trimmed.dropFirst()
    }

    /// `name` with its first letter lower-cased: the property of a fragment's reference.
    static func memberName(_ name: String) -> String {
        name.prefix(1).lowercased() + name.dropFirst()
    }

    /// A GraphQL enum value as a Swift case: `IN_PROGRESS` → `inProgress`, `open` stays.
    static func caseName(_ value: String) -> String {
        guard value.contains(where: \.isLowercase) == false else {
            return value.prefix(1).lowercased() + value.dropFirst()
        }
        let words = value.lowercased().split(separator: "_", omittingEmptySubsequences: true)
        guard let first = words.first else { return "value" + value }
        let name = String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.first?.isNumber == true ? "_" + name : name
    }

    /// `text` as a Swift string literal (a raw multi-line one for document text).
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
