extension Definition {
    /// Where the definition is written, from its description (if any) to its last token.
    public var location: SourceLocation {
        switch self {
        case .operation(let d): d.location
        case .fragment(let d): d.location
        case .schema(let d): d.location
        case .scalarType(let d): d.location
        case .objectType(let d): d.location
        case .interfaceType(let d): d.location
        case .unionType(let d): d.location
        case .enumType(let d): d.location
        case .inputObjectType(let d): d.location
        case .directive(let d): d.location
        case .directiveExtension(let d): d.location
        case .schemaExtension(let d): d.location
        case .scalarTypeExtension(let d): d.location
        case .objectTypeExtension(let d): d.location
        case .interfaceTypeExtension(let d): d.location
        case .unionTypeExtension(let d): d.location
        case .enumTypeExtension(let d): d.location
        case .inputObjectTypeExtension(let d): d.location
        }
    }
}
