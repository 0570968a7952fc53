/// The documents of a generated module, carried as Swift values: what `lattice generate` and
/// the build plugin write as `<Name>Program` (`LatticeProgram` unless the config names it),
/// so an app makes its `Environment` from generated code alone, with no resource and no list
/// of documents by hand: `Environment(program: LatticeProgram.program, transport: ...)`.
///
/// Each generated operation type finds its artifact in its module's program
/// (`TypedOperation.artifact`), so the typed API cannot name an operation the program lacks.
public protocol GeneratedProgram: SendableMetatype {
    /// The schema's SDL as the generator read it, each file named by its last path component,
    /// built only when something reads the program's `schema`. Lattice's client directives
    /// are built in and need not be among them.
    /// - Complexity: O(size of the SDL), copied into bytes at each read.
    static var schema: [GraphQLSource] { get }
    /// The app's client schema files (client-only fields and types, `Schema.clientSources`),
    /// each named by its last path component; none unless the config names some (the
    /// default, so code generated before client fields needs no change).
    /// - Complexity: O(size of the files), copied into bytes at each read.
    static var clientSchema: [GraphQLSource] { get }
    /// Every operation's and fragment's document, each named by its last path component, in
    /// name order. - Complexity: O(size of the documents), copied into bytes at each read.
    static var documents: [GraphQLSource] { get }
    /// `Schema.digest` of the schema the documents were checked against: compare it with the
    /// digest of the schema the server runs.
    static var schemaDigest: String { get }
    /// Every definition's compiled form, by name, the derived refetch queries included: what
    /// the compiler made of the documents when they were generated, encoded (base64) by the
    /// generating Lattice for the same version to decode, so a launch parses and compiles
    /// nothing. - Complexity: O(definitions) to build the dictionary, once.
    static var compiled: [String: String] { get }
    /// The program, made once at its first read (`Program(generated:)`): each definition is
    /// decoded from `compiled` at its first use. The launch and the first query's request of
    /// spec/'s cost GenerateScaling/programLaunch (its goal is 1 ms).
    static var program: Program { get }
    /// The lookup fields lattice.json configures (`"lookups"`), as schema coordinates
    /// (`"Query.node"`), checked by `lattice generate` against the schema: `Program.lookups`.
    /// None unless generated. - Complexity: O(lookups) to build the array.
    static var lookups: [String] { get }
    /// How the store keys each type's records, as lattice.json's `"identity"` configures it
    /// (`RecordIdentity`): the program's `schema` is keyed by it, as the documents were when
    /// they compiled. The default unless generated. - Complexity: O(types named).
    static var identity: RecordIdentity { get }
}

extension GeneratedProgram {
    /// No configured identity: what a program generated without `"identity"` carries.
    public static var identity: RecordIdentity { .default }
}

extension GeneratedProgram {
    /// No lookups: what a program generated without `"lookups"` carries.
    public static var lookups: [String] { [] }
}

extension GeneratedProgram {
    /// No client schema files: what a program generated without any has.
    public static var clientSchema: [GraphQLSource] { [] }
}
