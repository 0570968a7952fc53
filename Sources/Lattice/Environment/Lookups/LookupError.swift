/// What is wrong with lookups (`Lookups`) against a schema: every problem, each naming the
/// lookup as it was written, so the configuration can be fixed at once.
public struct LookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One lookup's problem.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The text is not a schema coordinate `Type.field`.
        case malformed(String)
        /// The schema has no object or interface type of that name.
        case unknownType(LookupField)
        /// The type has no field of that name.
        case unknownField(LookupField)
        /// The field's type cannot be a record's: a leaf, a list, or an object, interface or
        /// union none of whose possible types is keyed (`type`, as the schema writes it).
        case notARecord(LookupField, type: String)
        /// The field's arguments carry the key fields of none of the records it returns: it
        /// takes no argument named `argument`, a key field (of the first possible type, by
        /// name), so its arguments cannot name one.
        case missingKeyArgument(LookupField, argument: String)

        /// The problem, starting with the lookup it is about.
        public var description: String {
            switch self {
            case .malformed(let text):
                "lookup \"\(text)\": not a field's schema coordinate, Type.field"
            case .unknownType(let lookup):
                "lookup \(lookup): the schema has no object or interface type \(lookup.type)"
            case .unknownField(let lookup):
                "lookup \(lookup): \(lookup.type) has no field \(lookup.field)"
            case let .notARecord(lookup, type):
                "lookup \(lookup): its type \(type) cannot be a record's (a list, a leaf, or a type with no keyed object)"
            case let .missingKeyArgument(lookup, argument):
                "lookup \(lookup): the field takes no argument \(argument), the key of the records it returns"
            }
        }

        /// The lookup as written: its coordinate, or the malformed text.
        public var lookup: String {
            switch self {
            case .malformed(let text): text
            case .unknownType(let lookup), .unknownField(let lookup), .notARecord(let lookup, _),
                 .missingKeyArgument(let lookup, _): lookup.description
            }
        }
    }

    /// Every problem, in the order the lookups were given.
    public let problems: [Problem]

    /// An error of `problems` (at least one).
    public init(problems: [Problem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
