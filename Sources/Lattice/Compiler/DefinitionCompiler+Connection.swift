import GraphQLSyntax

/// `@connection(key:, filters:)`, checked as Relay's compiler checks it, so that every page
/// of the field can be merged: an object with `edges { cursor node }` and a `pageInfo` with
/// the cursor and flag of each direction the field pages in.
extension DefinitionCompiler {
    /// The connection of `field` and its key (`__<key>_connection` with the filter
    /// arguments), or `nil` with the problem diagnosed.
    mutating func compileConnection(_ directive: Directive, on field: Field, kind: FieldNode.Kind,
                                    arguments: [String: ArgumentValue]) -> (ConnectionField, FieldKeyRef)? {
        let name = field.name.value
        func refuse(_ reason: String) -> (ConnectionField, FieldKeyRef)? {
            diagnose(directive.location, .invalidConnection(field: name, reason: reason))
            return nil
        }
        guard case .linked(let set) = kind else { return refuse("the field must be a single object, not a list or a scalar") }
        guard case .string(let key)? = argumentConstant(directive, "key") else {
            return refuse("key must be a constant string")
        }
        guard key.hasSuffix("_" + name), key.count > name.count + 1 else {
            return refuse("key \"\(key)\" must end with _\(name) (as Relay's keys do: IssueList_\(name))")
        }
        let first = arguments["first"], last = arguments["last"]
        guard first != nil || last != nil else { return refuse("it needs a first or a last argument to page with") }
        var filters = Set(arguments.keys).subtracting(ConnectionField.pagingArguments)
        if let given = argumentConstant(directive, "filters") {
            guard case .array(let items) = given else { return refuse("filters must be a list of argument names") }
            var named: Set<String> = []
            for item in items {
                guard case .string(let argument) = item, arguments[argument] != nil,
                      !ConnectionField.pagingArguments.contains(argument) else {
                    return refuse("filters names \(item.jsonText), which is not an argument given to the field (first, last, after and before never are)")
                }
                named.insert(argument)
            }
            filters = named
        }
        guard let edges = Self.field("edges", in: set), case .linkedList(let edge, _) = edges.kind,
              Self.field("cursor", in: edge) != nil, Self.field("node", in: edge)?.selectionSet != nil else {
            return refuse("its selection must have edges { cursor node { … } }")
        }
        guard let pageInfo = Self.field("pageInfo", in: set)?.selectionSet else {
            return refuse("its selection must have pageInfo")
        }
        let needed = (first != nil ? ["endCursor", "hasNextPage"] : []) + (last != nil ? ["startCursor", "hasPreviousPage"] : [])
        if let missing = needed.first(where: { Self.field($0, in: pageInfo) == nil }) {
            return refuse("its pageInfo must select \(needed.joined(separator: " and ")) (\(missing) is missing)")
        }
        let connection = ConnectionField(key: key, first: first, after: arguments["after"], last: last,
                                         before: arguments["before"])
        return (connection, fieldKey(name: "__\(key)_connection", arguments: arguments.filter { filters.contains($0.key) }))
    }

    /// The field selected as `name` (unaliased) directly in `set`.
    private static func field(_ name: String, in set: ObjectSelection) -> FieldNode? {
        for case .field(let field) in set.selections where field.name == name && field.responseKey == name {
            return field
        }
        return nil
    }
}
