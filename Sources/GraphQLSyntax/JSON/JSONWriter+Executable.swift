// Selections, values and types in graphql-core's `ast_to_dict` shape.

extension JSONWriter {
    mutating func variableDefinition(_ d: VariableDefinition) {
        beginObject(kind: "variable_definition")
        description(d.description)
        key("variable"); variable(d.variable)
        key("type"); typeReference(d.type)
        optional("default_value", d.defaultValue) { $0.value($1) }
        directives(d.directives)
        endObject()
    }

    mutating func selectionSet(_ set: SelectionSet) {
        beginObject(kind: "selection_set")
        array("selections", set.selections) { $0.selection($1) }
        endObject()
    }

    private mutating func selection(_ selection: Selection) {
        switch selection {
        case .field(let field):
            beginObject(kind: "field")
            directives(field.directives)
            key("name"); name(field.name)
            optional("alias", field.alias) { $0.name($1) }
            arguments(field.arguments)
            optional("selection_set", field.selectionSet) { $0.selectionSet($1) }
            endObject()
        case .fragmentSpread(let spread):
            beginObject(kind: "fragment_spread")
            directives(spread.directives)
            key("name"); name(spread.name)
            // Arguments on a spread exist only with graphql-core's experimental fragment
            // arguments, which Lattice rejects as graphql-core does by default.
            key("arguments"); null()
            endObject()
        case .inlineFragment(let fragment):
            beginObject(kind: "inline_fragment")
            directives(fragment.directives)
            key("selection_set"); selectionSet(fragment.selectionSet)
            optional("type_condition", fragment.typeCondition) { $0.namedType($1) }
            endObject()
        }
    }

    mutating func arguments(_ list: [Argument]) {
        arrayOrNull("arguments", list) { writer, argument in
            writer.beginObject(kind: "argument")
            writer.key("name"); writer.name(argument.name)
            writer.key("value"); writer.value(argument.value)
            writer.endObject()
        }
    }

    private mutating func variable(_ variable: Variable) {
        beginObject(kind: "variable")
        key("name"); name(variable.name)
        endObject()
    }

    mutating func stringValue(_ value: StringValue) {
        beginObject(kind: "string_value")
        key("value"); string(value.value)
        key("block"); bool(value.block)
        endObject()
    }

    mutating func value(_ value: Value) {
        switch value {
        case .variable(let v):
            variable(v)
        case .int(let v):
            leaf("int_value", v.value)
        case .float(let v):
            leaf("float_value", v.value)
        case .string(let v):
            stringValue(v)
        case .boolean(let v):
            beginObject(kind: "boolean_value")
            key("value"); bool(v.value)
            endObject()
        case .null:
            beginObject(kind: "null_value")
            endObject()
        case .enum(let v):
            leaf("enum_value", v.value)
        case .list(let v):
            beginObject(kind: "list_value")
            array("values", v.values) { $0.value($1) }
            endObject()
        case .object(let v):
            beginObject(kind: "object_value")
            array("fields", v.fields) { writer, field in
                writer.beginObject(kind: "object_field")
                writer.key("name"); writer.name(field.name)
                writer.key("value"); writer.value(field.value)
                writer.endObject()
            }
            endObject()
        }
    }

    mutating func namedType(_ type: NamedType) {
        beginObject(kind: "named_type")
        key("name"); name(type.name)
        endObject()
    }

    mutating func typeReference(_ type: TypeReference) {
        switch type {
        case .named(let named):
            namedType(named)
        case .list(let list):
            beginObject(kind: "list_type")
            key("type"); typeReference(list.type)
            endObject()
        case .nonNull(let nonNull):
            beginObject(kind: "non_null_type")
            key("type"); typeReference(nonNull.type)
            endObject()
        }
    }
}
