// The AST as JSON in the shape of graphql-core's `ast_to_dict(parse(text, no_location=True))`:
// snake_case kinds and keys, absent optionals as null, operation types as strings.

extension Document {
    /// This document as one line of JSON, in graphql-core 3.2's `ast_to_dict` shape
    /// (without locations), so the two parsers' trees can be compared as data.
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
            optional("name", d.name) { $0.name($1) }
            directives(d.directives)
            array("variable_definitions", d.variableDefinitions) { $0.variableDefinition($1) }
            key("selection_set"); selectionSet(d.selectionSet)
            key("operation"); string(d.operation.rawValue)
            endObject()
        case .fragment(let d):
            beginObject(kind: "fragment_definition")
            key("name"); name(d.name)
            directives(d.directives)
            key("variable_definitions"); null()
            key("selection_set"); selectionSet(d.selectionSet)
            key("type_condition"); namedType(d.typeCondition)
            endObject()
        case .schema(let d):
            beginObject(kind: "schema_definition")
            description(d.description)
            directives(d.directives)
            array("operation_types", d.operationTypes) { $0.operationTypeDefinition($1) }
            endObject()
        case .scalarType(let d):
            typeHeader("scalar_type_definition", d.description, d.name, d.directives)
            endObject()
        case .objectType(let d):
            typeHeader("object_type_definition", d.description, d.name, d.directives)
            array("interfaces", d.interfaces) { $0.namedType($1) }
            array("fields", d.fields) { $0.fieldDefinition($1) }
            endObject()
        case .interfaceType(let d):
            typeHeader("interface_type_definition", d.description, d.name, d.directives)
            array("fields", d.fields) { $0.fieldDefinition($1) }
            array("interfaces", d.interfaces) { $0.namedType($1) }
            endObject()
        case .unionType(let d):
            typeHeader("union_type_definition", d.description, d.name, d.directives)
            array("types", d.types) { $0.namedType($1) }
            endObject()
        case .enumType(let d):
            typeHeader("enum_type_definition", d.description, d.name, d.directives)
            array("values", d.values) { $0.enumValueDefinition($1) }
            endObject()
        case .inputObjectType(let d):
            typeHeader("input_object_type_definition", d.description, d.name, d.directives)
            array("fields", d.fields) { $0.inputValueDefinition($1) }
            endObject()
        case .directive(let d):
            beginObject(kind: "directive_definition")
            description(d.description)
            key("name"); name(d.name)
            array("arguments", d.arguments) { $0.inputValueDefinition($1) }
            key("repeatable"); bool(d.repeatable)
            array("locations", d.locations) { $0.name($1) }
            endObject()
        case .schemaExtension(let d):
            beginObject(kind: "schema_extension")
            directives(d.directives)
            array("operation_types", d.operationTypes) { $0.operationTypeDefinition($1) }
            endObject()
        case .scalarTypeExtension(let d):
            extensionHeader("scalar_type_extension", d.name, d.directives)
            endObject()
        case .objectTypeExtension(let d):
            extensionHeader("object_type_extension", d.name, d.directives)
            array("interfaces", d.interfaces) { $0.namedType($1) }
            array("fields", d.fields) { $0.fieldDefinition($1) }
            endObject()
        case .interfaceTypeExtension(let d):
            extensionHeader("interface_type_extension", d.name, d.directives)
            array("interfaces", d.interfaces) { $0.namedType($1) }
            array("fields", d.fields) { $0.fieldDefinition($1) }
            endObject()
        case .unionTypeExtension(let d):
            extensionHeader("union_type_extension", d.name, d.directives)
            array("types", d.types) { $0.namedType($1) }
            endObject()
        case .enumTypeExtension(let d):
            extensionHeader("enum_type_extension", d.name, d.directives)
            array("values", d.values) { $0.enumValueDefinition($1) }
            endObject()
        case .inputObjectTypeExtension(let d):
            extensionHeader("input_object_type_extension", d.name, d.directives)
            array("fields", d.fields) { $0.inputValueDefinition($1) }
            endObject()
        }
    }

    private mutating func typeHeader(_ kind: String, _ text: StringValue?, _ typeName: Name, _ list: [Directive]) {
        beginObject(kind: kind)
        description(text)
        key("name"); name(typeName)
        directives(list)
    }

    private mutating func extensionHeader(_ kind: String, _ typeName: Name, _ list: [Directive]) {
        beginObject(kind: kind)
        key("name"); name(typeName)
        directives(list)
    }

    private mutating func optional<T>(_ key: String, _ value: T?, _ write: (inout JSONWriter, T) -> Void) {
        self.key(key)
        if let value { write(&self, value) } else { null() }
    }

    private mutating func description(_ text: StringValue?) {
        optional("description", text) { $0.stringValue($1) }
    }

    mutating func directives(_ list: [Directive]) {
        array("directives", list) { writer, directive in
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
        description(d.description)
        key("name"); name(d.name)
        directives(d.directives)
        array("arguments", d.arguments) { $0.inputValueDefinition($1) }
        key("type"); typeReference(d.type)
        endObject()
    }

    private mutating func inputValueDefinition(_ d: InputValueDefinition) {
        beginObject(kind: "input_value_definition")
        description(d.description)
        key("name"); name(d.name)
        directives(d.directives)
        key("type"); typeReference(d.type)
        optional("default_value", d.defaultValue) { $0.value($1) }
        endObject()
    }

    private mutating func enumValueDefinition(_ d: EnumValueDefinition) {
        beginObject(kind: "enum_value_definition")
        description(d.description)
        key("name"); name(d.name)
        directives(d.directives)
        endObject()
    }
}
