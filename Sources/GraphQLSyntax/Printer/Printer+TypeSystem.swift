// Printing type-system definitions and extensions.

extension Printer {
    static func typeSystemDefinition(_ definition: Definition) -> String {
        switch definition {
        case .operation, .fragment:
            return Printer.definition(definition, keepingQueryKeyword: false)
        case .schema(let d):
            return described(d.description, join(["schema", directives(d.directives), block(d.operationTypes.map(operationType))], " "))
        case .scalarType(let d):
            return described(d.description, join(["scalar", d.name.value, directives(d.directives)], " "))
        case .objectType(let d):
            return described(d.description, join(["type", d.name.value, implements(d.interfaces), directives(d.directives),
                                                  block(d.fields.map(field))], " "))
        case .interfaceType(let d):
            return described(d.description, join(["interface", d.name.value, implements(d.interfaces),
                                                  directives(d.directives), block(d.fields.map(field))], " "))
        case .unionType(let d):
            return described(d.description, join(["union", d.name.value, directives(d.directives), members(d.types)], " "))
        case .enumType(let d):
            return described(d.description, join(["enum", d.name.value, directives(d.directives),
                                                  block(d.values.map(enumValue))], " "))
        case .inputObjectType(let d):
            return described(d.description, join(["input", d.name.value, directives(d.directives),
                                                  block(d.fields.map(inputValue))], " "))
        case .directive(let d):
            return described(d.description, "directive @\(d.name.value)" + argumentDefinitions(d.arguments)
                             + wrap(" ", directives(d.directives)) + (d.repeatable ? " repeatable" : "") + " on "
                             + join(d.locations.map(\.value), " | "))
        case .directiveExtension(let d):
            return join(["extend directive @" + d.name.value, directives(d.directives)], " ")
        case .schemaExtension(let d):
            return join(["extend schema", directives(d.directives), block(d.operationTypes.map(operationType))], " ")
        case .scalarTypeExtension(let d):
            return join(["extend scalar", d.name.value, directives(d.directives)], " ")
        case .objectTypeExtension(let d):
            return join(["extend type", d.name.value, implements(d.interfaces), directives(d.directives),
                         block(d.fields.map(field))], " ")
        case .interfaceTypeExtension(let d):
            return join(["extend interface", d.name.value, implements(d.interfaces), directives(d.directives),
                         block(d.fields.map(field))], " ")
        case .unionTypeExtension(let d):
            return join(["extend union", d.name.value, directives(d.directives), members(d.types)], " ")
        case .enumTypeExtension(let d):
            return join(["extend enum", d.name.value, directives(d.directives), block(d.values.map(enumValue))], " ")
        case .inputObjectTypeExtension(let d):
            return join(["extend input", d.name.value, directives(d.directives), block(d.fields.map(inputValue))], " ")
        }
    }

    private static func operationType(_ d: OperationTypeDefinition) -> String {
        "\(d.operation.rawValue): \(d.type.name.value)"
    }

    private static func implements(_ interfaces: [NamedType]) -> String {
        wrap("implements ", join(interfaces.map(\.name.value), " & "))
    }

    private static func members(_ types: [NamedType]) -> String {
        wrap("= ", join(types.map(\.name.value), " | "))
    }

    private static func field(_ d: FieldDefinition) -> String {
        described(d.description, d.name.value + argumentDefinitions(d.arguments) + ": " + type(d.type)
                  + wrap(" ", directives(d.directives)))
    }

    /// One line when no argument spans several lines (a description does), else one
    /// argument per line.
    private static func argumentDefinitions(_ arguments: [InputValueDefinition]) -> String {
        let printed = arguments.map(inputValue)
        if printed.contains(where: { $0.contains("\n") }) {
            return wrap("(\n", indent(join(printed, "\n")), "\n)")
        }
        return wrap("(", join(printed, ", "), ")")
    }

    private static func inputValue(_ d: InputValueDefinition) -> String {
        described(d.description, join(["\(d.name.value): \(type(d.type))", wrap("= ", d.defaultValue.map(value) ?? ""),
                                       directives(d.directives)], " "))
    }

    private static func enumValue(_ d: EnumValueDefinition) -> String {
        described(d.description, join([d.name.value, directives(d.directives)], " "))
    }
}
