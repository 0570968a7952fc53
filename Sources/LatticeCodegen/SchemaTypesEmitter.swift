import Lattice

/// Writes the schema's enums and input objects the documents use, in name order: an enum with
/// a case for each value and one for values the server adds later; an input object as a
/// struct whose optional fields can be left out or sent as null.
struct SchemaTypesEmitter {
    let types: SwiftTypes

    func emit(into writer: inout SwiftWriter) {
        for (graphQLName, swiftName) in types.schemaTypeNames.sorted(by: { $0.key < $1.key }) {
            guard let type = types.schema.types[graphQLName] else { continue }
            writer.line()
            switch type.kind {
            case .enumeration(let values): enumeration(swiftName, graphQLName, values, into: &writer)
            case .inputObject: inputObject(swiftName, type, into: &writer)
            case .scalar, .object, .interface, .union: break
            }
        }
    }

    private func enumeration(_ name: String, _ graphQLName: String, _ values: [String], into writer: inout SwiftWriter) {
        var taken = TakenNames(["unknownValue", "graphQLName", "inputJSON", "init", "self", "Type", "Protocol"])
        let cases = values.map { value -> (value: String, name: String) in
            (value, SwiftNames.identifier(taken.claim(SwiftNames.caseName(value))))
        }
        writer.line("/// The enum `\(graphQLName)`; `unknownValue` holds a value this build does not know.")
        writer.block("\(types.access)enum \(name): ScalarDecodable, InputEncodable, Hashable, Sendable") { writer in
            writer.line("case " + (cases.map(\.name) + ["unknownValue(String)"]).joined(separator: ", "))
            writer.block("\(types.access)init(graphQLName: String)") { writer in
                writer.block("switch graphQLName") { writer in
                    for item in cases { writer.line("case \(SwiftNames.literal(item.value)): self = .\(item.name)") }
                    writer.line("default: self = .unknownValue(graphQLName)")
                }
            }
            writer.block("\(types.access)init?(json: JSONValue)") { writer in
                writer.line("guard case .string(let name) = json else { return nil }")
                writer.line("self.init(graphQLName: name)")
            }
            writer.block("\(types.access)var graphQLName: String") { writer in
                writer.block("switch self") { writer in
                    for item in cases { writer.line("case .\(item.name): \(SwiftNames.literal(item.value))") }
                    writer.line("case .unknownValue(let name): name")
                }
            }
            writer.line("\(types.access)var inputJSON: JSONValue { .string(graphQLName) }")
            writer.line("\(types.access)static var unavailableValue: \(name) { .unknownValue(\"\") }")
        }
    }

    private func inputObject(_ name: String, _ type: SchemaType, into writer: inout SwiftWriter) {
        let fields = InputMembers(type.fields.values.sorted { $0.name < $1.name }.map {
            ($0.name, $0.type, $0.hasDefault)
        }, types: types)
        writer.line("/// The input object `\(type.name)`.")
        writer.block("\(types.access)struct \(name): InputEncodable") { writer in
            fields.emit(into: &writer)
            writer.line("\(types.access)var inputJSON: JSONValue { .object(fields.json) }")
        }
    }
}

/// The fields of an input object, an operation's variables or an optimistic response's
/// object: stored properties, a memberwise initializer (an omittable input defaulting to
/// `.omitted`, a type condition's part to `nil`), and `fields`, the JSON built with
/// `InputFields`.
struct InputMembers {
    struct Member {
        let graphQLName: String
        let property: String
        let type: String
        /// The initializer parameter's default, if it has one.
        let defaultValue: String?
        /// Whether the value's fields are merged into the object's (an optimistic response's
        /// part for a type condition) instead of set under `graphQLName`.
        let isMerged: Bool
    }

    let members: [Member]
    let access: String

    init(_ members: [Member], access: String) {
        self.members = members
        self.access = access
    }

    init(_ inputs: [(name: String, type: GraphQLType, hasDefault: Bool)], types: SwiftTypes) {
        var taken = TakenNames(Self.reserved)
        self.init(inputs.map { input in
            let property = taken.claim(input.name)
            let omittable = !input.type.isNonNull || input.hasDefault
            let type = types.inputType(input.type)
            return Member(graphQLName: input.name, property: property,
                          type: omittable ? "InputValue<\(type.dropLastOptional)>" : type,
                          defaultValue: omittable ? ".omitted" : nil, isMerged: false)
        }, access: types.access)
    }

    /// The names a member's property must not take.
    static let reserved = SwiftNames.reservedMembers.union(["fields"])

    func emit(into writer: inout SwiftWriter) {
        for member in members { writer.line("\(access)var \(SwiftNames.identifier(member.property)): \(member.type)") }
        let parameters = members.map { member in
            "\(SwiftNames.identifier(member.property)): \(member.type)" + (member.defaultValue.map { " = " + $0 } ?? "")
        }
        writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
            for member in members {
                let name = SwiftNames.identifier(member.property)
                writer.line("self.\(name) = \(name)")
            }
        }
        guard !members.isEmpty else { return writer.line("var fields: InputFields { InputFields() }") }
        writer.block("var fields: InputFields") { writer in
            writer.line("var fields = InputFields()")
            for member in members {
                let property = SwiftNames.identifier(member.property)
                if member.isMerged {
                    writer.line("fields.merge(\(property))")
                } else {
                    writer.line("fields.set(\(SwiftNames.literal(member.graphQLName)), \(property))")
                }
            }
            writer.line("return fields")
        }
    }
}
