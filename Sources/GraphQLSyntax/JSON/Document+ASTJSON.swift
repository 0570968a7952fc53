// The AST as JSON in the shape of graphql-core's `ast_to_dict(parse(text, no_location=True))`:
// snake_case kinds and keys in graphql-core 3.3's order, absent optionals as null, operation
// types as strings. A list graphql-core leaves out when nothing is written (directives,
// arguments, fields, `implements`, ...) is null when empty; one it always builds (selections,
// list and object values, locations) is an array.

extension Document {
    /// This document as one line of JSON, in graphql-core 3.3's `ast_to_dict` shape
    /// (without locations): the same text `json.dumps(ast_to_dict(...), separators=(",", ":"))`
    /// gives, so the two parsers' trees can be compared as data.
    /// - Complexity: O(nodes).
    public func astJSON() -> String {
        var writer = JSONWriter()
        writer.beginObject(kind: "document")
        writer.array("definitions", definitions) { $0.definition($1) }
        writer.endObject()
        return String(decoding: writer.utf8, as: UTF8.self)
    }
}

extension JSONWriter {
    mutating func definition(_ definition: Definition) {
        switch definition {
        case .operation(let d):
            beginObject(kind: "operation_definition")
            key("selection_set"); selectionSet(d.selectionSet)
            description(d.description)
            optional("name", d.name) { $0.name($1) }
            arrayOrNull("variable_definitions", d.variableDefinitions) { $0.variableDefinition($1) }
            directives(d.directives)
            key("operation"); string(d.operation.rawValue)
            endObject()
        case .fragment(let d):
            beginObject(kind: "fragment_definition")
            key("selection_set"); selectionSet(d.selectionSet)
            description(d.description)
            key("name"); name(d.name)
            array("variable_definitions", [VariableDefinition]()) { $0.variableDefinition($1) }
            directives(d.directives)
            key("type_condition"); namedType(d.typeCondition)
            endObject()
        case .schema(let d):
            beginObject(kind: "schema_definition")
            description(d.description)
            directives(d.directives)
            array("operation_types", d.operationTypes) { $0.operationTypeDefinition($1) }
            endObject()
        case .scalarType(let d):
            typeHeader("scalar_type_definition", d.name, d.description, d.directives)
            endObject()
        case .objectType(let d):
            typeHeader("object_type_definition", d.name, d.description, d.directives)
            arrayOrNull("interfaces", d.interfaces) { $0.namedType($1) }
            arrayOrNull("fields", d.fields) { $0.fieldDefinition($1) }
            endObject()
        case .interfaceType(let d):
            typeHeader("interface_type_definition", d.name, d.description, d.directives)
            arrayOrNull("interfaces", d.interfaces) { $0.namedType($1) }
            arrayOrNull("fields", d.fields) { $0.fieldDefinition($1) }
            endObject()
        case .unionType(let d):
            typeHeader("union_type_definition", d.name, d.description, d.directives)
            arrayOrNull("types", d.types) { $0.namedType($1) }
            endObject()
        case .enumType(let d):
            typeHeader("enum_type_definition", d.name, d.description, d.directives)
            arrayOrNull("values", d.values) { $0.enumValueDefinition($1) }
            endObject()
        case .inputObjectType(let d):
            typeHeader("input_object_type_definition", d.name, d.description, d.directives)
            arrayOrNull("fields", d.fields) { $0.inputValueDefinition($1) }
            endObject()
        case .directive(let d):
            beginObject(kind: "directive_definition")
            key("name"); name(d.name)
            array("locations", d.locations) { $0.name($1) }
            description(d.description)
            arrayOrNull("arguments", d.arguments) { $0.inputValueDefinition($1) }
            directives(d.directives)
            key("repeatable"); bool(d.repeatable)
            endObject()
        case .directiveExtension(let d):
            extensionHeader("directive_extension", d.name, d.directives)
            endObject()
        case .schemaExtension(let d):
            beginObject(kind: "schema_extension")
            directives(d.directives)
            arrayOrNull("operation_types", d.operationTypes) { $0.operationTypeDefinition($1) }
            endObject()
        case .scalarTypeExtension(let d):
            extensionHeader("scalar_type_extension", d.name, d.directives)
            endObject()
        case .objectTypeExtension(let d):
            extensionHeader("object_type_extension", d.name, d.directives)
            arrayOrNull("interfaces", d.interfaces) { $0.namedType($1) }
            arrayOrNull("fields", d.fields) { $0.fieldDefinition($1) }
            endObject()
        case .interfaceTypeExtension(let d):
            extensionHeader("interface_type_extension", d.name, d.directives)
            arrayOrNull("interfaces", d.interfaces) { $0.namedType($1) }
            arrayOrNull("fields", d.fields) { $0.fieldDefinition($1) }
            endObject()
        case .unionTypeExtension(let d):
            extensionHeader("union_type_extension", d.name, d.directives)
            arrayOrNull("types", d.types) { $0.namedType($1) }
            endObject()
        case .enumTypeExtension(let d):
            extensionHeader("enum_type_extension", d.name, d.directives)
            arrayOrNull("values", d.values) { $0.enumValueDefinition($1) }
            endObject()
        case .inputObjectTypeExtension(let d):
            extensionHeader("input_object_type_extension", d.name, d.directives)
            arrayOrNull("fields", d.fields) { $0.inputValueDefinition($1) }
            endObject()
        }
    }

    private mutating func typeHeader(_ kind: String, _ typeName: Name, _ text: StringValue?, _ list: [Directive]) {
        beginObject(kind: kind)
        key("name"); name(typeName)
        description(text)
        directives(list)
    }

    private mutating func extensionHeader(_ kind: String, _ typeName: Name, _ list: [Directive]) {
        beginObject(kind: kind)
        key("name"); name(typeName)
        directives(list)
    }

    mutating func optional<T>(_ key: String, _ value: T?, _ write: (inout JSONWriter, T) -> Void) {
        self.key(key)
        if let value { write(&self, value) } else { null() }
    }

    mutating func description(_ text: StringValue?) {
        optional("description", text) { $0.stringValue($1) }
    }

    mutating func directives(_ list: [Directive]) {
        arrayOrNull("directives", list) { writer, directive in
            writer.beginObject(kind: "directive")
            writer.key("name"); writer.name(directive.name)
            writer.arguments(directive.arguments)
            writer.endObject()
        }
    }

    mutating func name(_ name: Name) {
        leaf("name", name.value)
    }

    /// `{"kind": kind, "value": value}`: names, numbers and enum values.
    mutating func leaf(_ kind: String, _ value: String) {
        beginObject(kind: kind)
        key("value"); string(value)
        endObject()
    }

    private mutating func operationTypeDefinition(_ d: OperationTypeDefinition) {
        beginObject(kind: "operation_type_definition")
        key("operation"); string(d.operation.rawValue)
        key("type"); namedType(d.type)
        endObject()
    }

    private mutating func fieldDefinition(_ d: FieldDefinition) {
        beginObject(kind: "field_definition")
        key("name"); name(d.name)
        key("type"); typeReference(d.type)
        description(d.description)
        arrayOrNull("arguments", d.arguments) { $0.inputValueDefinition($1) }
        directives(d.directives)
        endObject()
    }

    private mutating func inputValueDefinition(_ d: InputValueDefinition) {
        beginObject(kind: "input_value_definition")
        key("name"); name(d.name)
        key("type"); typeReference(d.type)
        description(d.description)
        optional("default_value", d.defaultValue) { $0.value($1) }
        directives(d.directives)
        endObject()
    }

    private mutating func enumValueDefinition(_ d: EnumValueDefinition) {
        beginObject(kind: "enum_value_definition")
        key("name"); name(d.name)
        description(d.description)
        directives(d.directives)
        endObject()
    }
}
