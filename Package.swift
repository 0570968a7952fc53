// swift-tools-version: 6.0
import PackageDescription

/// Lattice: a GraphQL client runtime whose normalized store is the UI's state,
/// and the benchmark lab that measures it. Layout: docs/architecture.md (the modules, what
/// each imports, and the arrows that must never exist).
/// Sanitizer runs (`scripts/test.sh --sanitize KIND`) build without jemalloc, which would
/// otherwise be the process's allocator (the sanitizer must be): allocations go uncounted.
let sanitizing = Context.environment["LATTICE_SANITIZE"] != nil

/// libFuzzer targets (`scripts/fuzz.sh TARGET SECONDS`), declared only when LATTICE_FUZZ is
/// set: they link with `-sanitize=fuzzer`, which not every toolchain has (Xcode's does not).
let fuzzing = Context.environment["LATTICE_FUZZ"] != nil
let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("Parser", ["CFuzz", "GraphQLSyntax"]),
    ("Compiler", ["CFuzz", "GraphQLSyntax", "Lattice", "LatticeTesting"]),
    ("Normalizer", ["CFuzz", "Lattice", "LatticeTesting"]),
    ("JSONReader", ["CFuzz", "Lattice"]),
]

/// The benchmark executables (the suite `lattice bench --executables` names, declared in
/// Benchmarks/LatticeSuite, and HarnessExample, the harness's example). Each is a product too, so
/// that `swift package bench` can build them in a package that depends on Lattice. Adding a
/// benchmark touches its folder, this list, the suite's declaration and spec/limits.json
/// (docs/architecture.md, "Adding a benchmark").
let benchmarks = ["HarnessExample", "PhaseRead", "FieldRead", "BodyReruns", "ReadScaling", "CommitScaling", "FanOut",
                  "ResponsePath", "RecordPage", "Optimistic", "Pagination", "Lifetime",
                  "GeneratedCompile", "Incremental", "GenerateScaling"]
/// The benchmarks that generate Swift, and so import the code generator.
let generatingBenchmarks: Set = ["GeneratedCompile", "GenerateScaling"]
/// The benchmarks that build spec/'s generated program (SpecLenses' `SpecProgram`, Tests/Generated).
let generatedProgramBenchmarks: Set = ["GenerateScaling"]

let package = Package(
    name: "Lattice",
    // macOS 15 and its peers: the runtime and its tests use Synchronization's Mutex.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "GraphQLSyntax", targets: ["GraphQLSyntax"]),
        .library(name: "Lattice", targets: ["Lattice"]),
        .library(name: "LatticeTesting", targets: ["LatticeTesting"]),
        .library(name: "LatticeCodegen", targets: ["LatticeCodegen"]),
        .library(name: "LatticeBench", targets: ["LatticeBench"]),
        .library(name: "LatticeLab", targets: ["LatticeLab"]),
        .executable(name: "lattice", targets: ["LatticeCLI"]),
        .plugin(name: "LatticeBenchPlugin", targets: ["LatticeBenchPlugin"]),
        .plugin(name: "LatticeGeneratePlugin", targets: ["LatticeGeneratePlugin"]),
    ] + benchmarks.map { name in .executable(name: name, targets: [name]) },
    targets: [
        .target(name: "GraphQLSyntax"),
        // The store's image: the system's SQLite (Debian's libsqlite3-dev, the SDK's on Apple
        // platforms), not a package.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "Lattice", dependencies: ["GraphQLSyntax", "CSQLite"]),
        .target(name: "LatticeTesting", dependencies: ["GraphQLSyntax", "Lattice"]),
        // `lattice generate`: typed Swift lenses from the compiled documents.
        .target(name: "LatticeCodegen", dependencies: ["Lattice"]),
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc",
                       providers: [.apt(["libjemalloc-dev"])]),
        .systemLibrary(name: "CUnwind", pkgConfig: "libunwind",
                       providers: [.apt(["libunwind-dev"])]),
        .target(name: "CCallgrind"),
        .target(name: "CMachinePace"),
        // The floor of the record's ingest: simdjson's parse and a walk of every value, C++ behind
        // a C header, linked by the RecordPage executable and LabSupportTests only, never by a
        // product's library. Linux builds it with Debian's libsimdjson-dev (scripts/lib/setup.sh
        // installs it); other platforms, where simdjson may be missing, build a stub that says so.
        .target(name: "CReferenceParse",
                linkerSettings: [.linkedLibrary("simdjson", .when(platforms: [.linux]))]),
        .target(name: "LatticeBench",
                dependencies: (sanitizing ? [] : ["CJemalloc"]) + ["CUnwind", "CCallgrind", "CMachinePace"],
                swiftSettings: sanitizing ? [.define("LATTICE_WITHOUT_JEMALLOC")] : []),
        // The generic lab: runs the suite it is given, judges, writes the report.
        .target(name: "LatticeLab", dependencies: ["LatticeBench"]),
        // Lattice's suite declared once, beside its executables: their names (`SuiteBenchmark`),
        // the executables `lattice bench` runs, its sections of BENCHMARKS.md and the dashboard.
        // It sees the harness only, as the executables do.
        .target(name: "LatticeSuite", dependencies: ["LatticeBench"], path: "Benchmarks/LatticeSuite"),
        // The build plugin's generator, and the plugin: typed lenses for a target's .graphql
        // files with its lattice.json (docs/generated-code.md). A tool of its own, not
        // LatticeCLI, for the reason LatticeBenchPlugin gives below.
        .executableTarget(name: "LatticeGenerateTool", dependencies: ["Lattice", "LatticeCodegen"]),
        .plugin(name: "LatticeGeneratePlugin", capability: .buildTool(), dependencies: ["LatticeGenerateTool"]),
        .executableTarget(name: "LatticeCLI",
                          dependencies: ["GraphQLSyntax", "Lattice", "LatticeCodegen", "LatticeBench", "LatticeLab",
                                         "LatticeSuite"]),
        // `swift package bench`: `lattice bench` on the package it is run in, the suite built
        // in release from this checkout (Plugins/LatticeBenchPlugin says how). It declares no
        // dependency on LatticeCLI: it builds `lattice` in release itself, and the dependency
        // would only add a debug build of the CLI before every run, and in this package, whose
        // product names LatticeCLI `lattice`, fail it ("error: no product named 'LatticeCLI'",
        // swiftlang/swift-package-manager#8831).
        .plugin(name: "LatticeBenchPlugin",
                capability: .command(
                    intent: .custom(verb: "bench",
                                    description: "Build Lattice's suite in release and run `lattice bench` here"),
                    permissions: [.writeToPackageDirectory(
                        reason: "lattice bench writes its report under .build/lab/ (on spec/, also "
                            + "BENCHMARKS.md, dashboards/, results/ and spec/limits.json)")])),
        .testTarget(name: "GraphQLSyntaxTests", dependencies: ["GraphQLSyntax"], exclude: ["Corpus"]),
        .testTarget(name: "LatticeTests", dependencies: ["GraphQLSyntax", "Lattice", "LatticeTesting", "SpecLenses"],
                    exclude: ["Compiler/ValidationCorpus"]),
        // What `lattice generate` writes for spec/, Tests/Fixtures/SmallSpec, HostileNames, TypedAPI,
        // SemanticNullability, ClientFields and KeyedSchema, checked
        // in and compiled here; LatticeCodegenTests regenerates them and requires the same bytes.
        .target(name: "SpecLenses", dependencies: ["Lattice"], path: "Tests/Generated/SpecLenses"),
        .target(name: "SmallSpecLenses", dependencies: ["Lattice"], path: "Tests/Generated/SmallSpecLenses"),
        .target(name: "HostileLenses", dependencies: ["Lattice"], path: "Tests/Generated/HostileLenses"),
        .target(name: "TypedAPILenses", dependencies: ["Lattice"], path: "Tests/Generated/TypedAPILenses"),
        .target(name: "SemanticLenses", dependencies: ["Lattice"], path: "Tests/Generated/SemanticLenses"),
        .target(name: "ClientFieldLenses", dependencies: ["Lattice"], path: "Tests/Generated/ClientFieldLenses"),
        .target(name: "KeyedLenses", dependencies: ["Lattice"], path: "Tests/Generated/KeyedLenses"),
        .testTarget(name: "LatticeCodegenTests",
                    dependencies: ["Lattice", "LatticeCodegen", "LatticeTesting", "SpecLenses", "SmallSpecLenses",
                                   "HostileLenses", "TypedAPILenses", "SemanticLenses", "ClientFieldLenses",
                                   "KeyedLenses"]),
        .testTarget(name: "LatticeBenchTests", dependencies: ["LatticeBench"]),
        // Results and limits built in code, for the lab's tests and the suite's.
        .target(name: "LabTestSupport", dependencies: ["LatticeBench", "LatticeLab"], path: "Tests/LabTestSupport"),
        // The generic lab against a suite declared in its tests; Lattice's suite through the lab.
        .testTarget(name: "LatticeLabTests", dependencies: ["LatticeLab", "LatticeBench", "LabTestSupport"]),
        .testTarget(name: "LatticeSuiteTests", dependencies: ["LatticeSuite", "LatticeLab", "LatticeBench", "LabTestSupport"]),
        .testTarget(name: "LabSupportTests",
                    dependencies: ["LabSupport", "Lattice", "LatticeBench", "LatticeCodegen", "LatticeTesting",
                                   "CReferenceParse"]),
        // What the suite's executables share: tracking scopes, generated schemas, spec operations,
        // and the generated lens of the `Item` query (Generated/, checked by LabSupportTests).
        .target(name: "LabSupport", dependencies: ["GraphQLSyntax", "Lattice", "LatticeTesting", "LatticeBench"],
                path: "Benchmarks/LabSupport"),
    ] + benchmarks.map { name in
        .executableTarget(name: name,
                          dependencies: (generatingBenchmarks.contains(name)
                              ? ["Lattice", "LatticeCodegen", "LatticeTesting", "LatticeBench", "LatticeSuite", "LabSupport"]
                              : ["GraphQLSyntax", "Lattice", "LatticeTesting", "LatticeBench", "LatticeSuite", "LabSupport"])
                              + (generatedProgramBenchmarks.contains(name) ? ["SpecLenses"] : [])
                              + (name == "RecordPage" ? ["CReferenceParse"] : []),
                          path: "Benchmarks/\(name)")
    } + (fuzzing ? [.target(name: "CFuzz", path: "Fuzz/CFuzz")] : []) + (fuzzing ? fuzzTargets : []).map { target in
        .executableTarget(name: "Fuzz\(target.name)", dependencies: target.dependencies, path: "Fuzz/\(target.name)")
    },
    swiftLanguageModes: [.v6]
)
