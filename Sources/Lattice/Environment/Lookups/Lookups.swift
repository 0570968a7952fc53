/// The fields a program's store answers by their key arguments (`LookupField`), checked
/// against the schema: what `Program.lookups` holds, and what the data check of an attach
/// asks when a field is missing (`DataChecker`).
///
/// Configured in code, `try Lookups(["Query.node"], schema: schema)` handed to
/// `Program(schema:documents:lookups:)`, or in lattice.json (`"lookups": ["Query.node"]`),
/// which `lattice generate` checks and writes into the generated program. Every lookup's key
/// is the record identity's (`Schema.key(of:)`): the arguments named by the key fields of the
/// records the field returns (`id`; `isbn` and `edition` for a type keyed by both).
public struct Lookups: Hashable, Sendable {
    /// The lookups, each once, in coordinate order.
    public let fields: [LookupField]
    /// The names of each type's lookup fields: what a missing field is looked up in.
    private let fieldsByType: [String: Set<String>]
    /// The digest of the schema the lookups were checked against (`nil`: none, or generated
    /// code's, which `lattice generate` checked).
    let schemaDigest: String?

    /// No lookup: every field is answered by a response alone.
    public static let none = Lookups(checked: [], schemaDigest: nil)

    /// The lookups `coordinates` name (`"Query.node"`), checked against `schema` as its
    /// identity keys it (`Schema.keyed(by:)`: the schema the program is compiled against).
    /// - Throws: `LookupError` with every problem: a coordinate that is not `Type.field`, a
    ///   type or a field the schema lacks, a field whose type cannot be a record's (none of its
    ///   objects keyed), a field whose arguments do not carry any of its records' key fields.
    /// - Complexity: O(lookups × possible types of their fields' types).
    public init(_ coordinates: [String], schema: Schema) throws(LookupError) {
        var problems: [LookupError.Problem] = []
        var fields: [LookupField] = []
        for coordinate in coordinates {
            guard let lookup = LookupField(coordinate: coordinate) else {
                problems.append(.malformed(coordinate))
                continue
            }
            if let problem = Self.problem(with: lookup, in: schema) {
                problems.append(problem)
            } else {
                fields.append(lookup)
            }
        }
        guard problems.isEmpty else { throw LookupError(problems: problems) }
        self.init(checked: fields, schemaDigest: schema.digest)
    }

    /// The lookups generated code carries (`GeneratedProgram.lookups`), which `lattice
    /// generate` checked against the schema it generated from: not checked again, so a
    /// launch builds no schema for them. A coordinate that is not `Type.field` is generated
    /// code edited by hand, and stops here (regenerate it). - Complexity: O(lookups).
    public init(generated coordinates: [String]) {
        self.init(checked: coordinates.map { coordinate in
            guard let lookup = LookupField(coordinate: coordinate) else {
                preconditionFailure("Lookups(generated:): \"\(coordinate)\" is not Type.field "
                                    + "(a generated file was edited: run `lattice generate`)")
            }
            return lookup
        }, schemaDigest: nil)
    }

    private init(checked fields: [LookupField], schemaDigest: String?) {
        self.fields = Array(Set(fields)).sorted()
        var byType: [String: Set<String>] = [:]
        for lookup in fields { byType[lookup.type, default: []].insert(lookup.field) }
        fieldsByType = byType
        self.schemaDigest = schemaDigest
    }

    /// Whether there is no lookup. - Complexity: O(1).
    public var isEmpty: Bool { fields.isEmpty }

    /// Whether `field`, selected on `type`, is a lookup. - Complexity: O(1), two string hashes.
    func contains(_ field: String, on type: String) -> Bool {
        fieldsByType[type]?.contains(field) ?? false
    }

    /// What is wrong with `lookup` in `schema`, if anything: the first of its type, its
    /// field, the field's type and its key argument that is wrong.
    private static func problem(with lookup: LookupField, in schema: Schema) -> LookupError.Problem? {
        guard let owner = schema.types[lookup.type] else { return .unknownType(lookup) }
        switch owner.kind {
        case .object, .interface: break
        case .scalar, .union, .enumeration, .inputObject: return .unknownType(lookup)
        }
        guard let field = owner.fields[lookup.field] else { return .unknownField(lookup) }
        guard field.type.listDepth == 0, let returned = schema.types[field.type.namedType], returned.isComposite
        else { return .notARecord(lookup, type: field.type.description) }
        let keys = schema.possibleTypes(of: returned.name).sorted().compactMap { schema.key(of: $0) }
        guard let first = keys.first else { return .notARecord(lookup, type: field.type.description) }
        // The arguments name a record of a possible type when they carry all of its key fields.
        guard keys.contains(where: { key in key.fields.allSatisfy { field.arguments[$0] != nil } }) else {
            return .missingKeyArgument(lookup, argument: first.fields.first { field.arguments[$0] == nil } ?? "")
        }
        return nil
    }
}
