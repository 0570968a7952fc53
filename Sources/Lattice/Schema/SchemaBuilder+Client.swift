import GraphQLSyntax

/// A client schema file: the app's own fields and types, which the server never hears of.
///
/// It may hold `extend type T { field: Type }` (client-only fields on a server object type)
/// and `type ClientThing { … }` or `enum ClientKind { … }` (client-only types the client fields
/// lead to). Everything in it is marked client-only (`SchemaField.isClientOnly`,
/// `SchemaType.isClientOnly`): the compiler leaves its fields out of the text it sends, the
/// normalizer never expects them in a response, and local updates write them
/// (`Environment.commitLocalUpdate`). Refused, each at its place: an extension of a type the
/// server schema lacks, a field the type already has (the server's, or a client one twice),
/// a client field that takes arguments, an extension adding interfaces, and any other kind of
/// definition.
extension SchemaBuilderState {
    /// Collects a client schema file, after the server's SDL. - Complexity: O(size of the file).
    mutating func collectClient(_ document: Document, file: String) {
        for definition in document.definitions {
            switch definition {
            case .objectTypeExtension(let object):
                extendClient(object, file: file)
            case .objectType(let object):
                if let interface = object.interfaces.first {
                    diagnostics.append(Diagnostic(file, interface.location, .invalidClientSchema(
                        "client type \(object.name.value) implements an interface; client types implement none")))
                }
                refuseArguments(object.fields, of: object.name.value, file: file)
                collect(definition, file: file)
                markClientOnly(object.name.value)
            case .enumType(let enumeration):
                collect(definition, file: file)
                markClientOnly(enumeration.name.value)
            case .schema, .scalarType, .interfaceType, .unionType, .inputObjectType, .directive,
                 .directiveExtension, .schemaExtension, .scalarTypeExtension, .interfaceTypeExtension,
                 .unionTypeExtension, .enumTypeExtension, .inputObjectTypeExtension, .operation, .fragment:
                diagnostics.append(Diagnostic(file, definition.location, .invalidClientSchema(
                    "a client schema file holds `extend type`, `type` and `enum` definitions only")))
            }
        }
    }

    /// `extend type T { … }` of a client file: T must be an object type already declared, and
    /// each field new to it.
    private mutating func extendClient(_ object: ObjectTypeExtension, file: String) {
        let name = object.name.value
        guard let pending = types[name] else {
            diagnostics.append(Diagnostic(file, object.name.location, .invalidClientSchema(
                "extends type \(name), which the schema does not have")))
            return
        }
        guard case .object = pending.kind else {
            diagnostics.append(Diagnostic(file, object.name.location, .invalidClientSchema(
                "extends \(name), which is not an object type; client fields go on object types")))
            return
        }
        if let interface = object.interfaces.first {
            diagnostics.append(Diagnostic(file, interface.location, .invalidClientSchema(
                "an extension of \(name) adds an interface; a client file adds fields only")))
        }
        refuseArguments(object.fields, of: name, file: file)
        var added: Set<String> = []
        for field in object.fields {
            let fieldName = field.name.value
            if let existing = pending.fields[fieldName] {
                let owner = existing.isClientOnly ? "an earlier client field" : "a field of the server's schema"
                diagnostics.append(Diagnostic(file, field.name.location, .invalidClientSchema(
                    "client field \(name).\(fieldName) collides with \(owner)")))
            } else if !added.insert(fieldName).inserted {
                diagnostics.append(Diagnostic(file, field.name.location, .invalidClientSchema(
                    "client field \(name).\(fieldName) is declared twice")))
            }
        }
        let fields = fields(object.fields, file: file).mapValues(\.clientOnly)
        types[name]?.fields.merge(fields) { old, _ in old }
    }

    /// A client field takes no arguments: its storage key is its name, which a local update
    /// names.
    private mutating func refuseArguments(_ fields: [FieldDefinition], of type: String, file: String) {
        for field in fields {
            if let argument = field.arguments.first {
                diagnostics.append(Diagnostic(file, argument.name.location, .invalidClientSchema(
                    "client field \(type).\(field.name.value) takes arguments; client fields take none")))
            }
        }
    }

    /// Marks the type `name`, declared by a client file, and its fields client-only (a
    /// duplicate of a server type was diagnosed by `define`, and the build fails).
    private mutating func markClientOnly(_ name: String) {
        guard var pending = types[name] else { return }
        pending.isClientOnly = true
        pending.fields = pending.fields.mapValues(\.clientOnly)
        types[name] = pending
    }
}
