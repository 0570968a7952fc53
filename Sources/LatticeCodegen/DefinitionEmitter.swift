import Lattice

/// Writes the file of one operation or fragment: a fragment as its typed lens; an operation
/// as a namespace with its name, request text, `Variables` and `Data`, and a mutation's
/// `OptimisticResponse` too.
struct DefinitionEmitter {
    let types: SwiftTypes
    /// The generated program an operation finds its artifact in (`TypedOperation.artifact`).
    let programName: String

    /// The file's text, the number of accessor lines in it and their bytes, and the problems
    /// found.
    /// `file` is the document's name as the header gives it; messages use `path`, the
    /// document's path as the program compiled it.
    func emit(_ artifact: Artifact, file: String, path: String) -> (text: String, accessors: Int, accessorBytes: Int, problems: [String]) {
        guard let name = types.definitionNames[artifact.name] else { return ("", 0, 0, []) }
        var writer = SwiftWriter()
        var lenses = LensEmitter(types: types, file: path)
        writer.line(SwiftGenerator.header + " from \(file); do not edit.")
        writer.line("import Lattice")
        writer.line()
        writer.line("/// `\(artifact.kind.rawValue) \(artifact.name)` (\(file)).")
        switch artifact.kind {
        case .fragment:
            // Only a @refetchable fragment can be paged: `paginate` takes no other.
            let conformance = artifact.refetchQuery == nil ? "TypedFragment" : "TypedRefetchableFragment"
            lenses.emit(artifact.selectionSet, named: name, conformance: conformance,
                        header: ["\(types.access)static let fragmentName = \(SwiftNames.literal(artifact.name))"],
                        into: &writer)
        case .query, .mutation, .subscription:
            let conformance = "Typed" + SwiftNames.typeName(artifact.kind.rawValue)
            writer.block("\(types.access)enum \(name): \(conformance)") { writer in
                writer.line("\(types.access)static let operationName = \(SwiftNames.literal(artifact.name))")
                writer.line("\(types.access)static let requestFingerprint = \(SwiftNames.literal(artifact.requestFingerprint))")
                writer.line("\(types.access)static var artifact: Artifact { \(programName).program[generated: Self.self] }")
                if artifact.variables.isEmpty {
                    writer.line("\(types.access)typealias Variables = NoVariables")
                } else {
                    let members = InputMembers(artifact.variables.map { ($0.name, $0.type, $0.defaultValue != nil) },
                                               types: types)
                    writer.block("\(types.access)struct Variables: OperationVariables") { writer in
                        members.emit(into: &writer)
                        writer.line("\(types.access)var json: [String: JSONValue] { fields.json }")
                    }
                }
            }
            lenses.emit(artifact.selectionSet, named: "Data", in: name, enclosing: [name, "Variables"], into: &writer)
            if artifact.kind == .mutation {
                ResponseEmitter(types: types).emit(artifact.selectionSet, named: "OptimisticResponse", in: name,
                                                   enclosing: [name, "Variables", "Data"], into: &writer)
            }
        }
        return (writer.text, lenses.accessors, lenses.accessorBytes, lenses.problems)
    }
}
