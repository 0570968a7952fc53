// swift-tools-version: 6.0
import PackageDescription

/// Lattice: a GraphQL client runtime whose normalized store is the UI's state,
/// and the benchmark lab that measures it. Layout: ../shared/DESIGN.md.
/// Sanitizer runs (`scripts/test.sh --sanitize KIND`) build without jemalloc, which would
/// otherwise be the process's allocator (the sanitizer must be): allocations go uncounted.
let sanitizing = Context.environment["LATTICE_SANITIZE"] != nil

let benchmarks = ["HarnessExample", "PhaseRead", "FieldRead", "BodyReruns", "ReadScaling", "CommitScaling", "FanOut"]

let package = Package(
    name: "Lattice",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "GraphQLSyntax", targets: ["GraphQLSyntax"]),
        .library(name: "Lattice", targets: ["Lattice"]),
        .library(name: "LatticeTesting", targets: ["LatticeTesting"]),
        .library(name: "LatticeBench", targets: ["LatticeBench"]),
        .library(name: "LatticeLab", targets: ["LatticeLab"]),
        .executable(name: "lattice", targets: ["LatticeCLI"]),
    ],
    targets: [
        .target(name: "GraphQLSyntax"),
        .target(name: "Lattice", dependencies: ["GraphQLSyntax"]),
        .target(name: "LatticeTesting", dependencies: ["Lattice"]),
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc",
                       providers: [.apt(["libjemalloc-dev"])]),
        .systemLibrary(name: "CUnwind", pkgConfig: "libunwind",
                       providers: [.apt(["libunwind-dev"])]),
        .target(name: "CCallgrind"),
        .target(name: "LatticeBench",
                dependencies: (sanitizing ? [] : ["CJemalloc"]) + ["CUnwind", "CCallgrind"],
                swiftSettings: sanitizing ? [.define("LATTICE_WITHOUT_JEMALLOC")] : []),
        .target(name: "LatticeLab", dependencies: ["LatticeBench"]),
        .executableTarget(name: "LatticeCLI",
                          dependencies: ["GraphQLSyntax", "Lattice", "LatticeBench", "LatticeLab"]),
        .testTarget(name: "GraphQLSyntaxTests", dependencies: ["GraphQLSyntax"], exclude: ["Corpus"]),
        .testTarget(name: "LatticeTests", dependencies: ["Lattice", "LatticeTesting"],
                    exclude: ["Compiler/ValidationCorpus"]),
        .testTarget(name: "LatticeBenchTests", dependencies: ["LatticeBench"]),
        .testTarget(name: "LatticeLabTests", dependencies: ["LatticeLab", "LatticeBench"]),
        // What the suite's executables share: tracking scopes, generated schemas, spec operations.
        .target(name: "LabSupport", dependencies: ["GraphQLSyntax", "Lattice", "LatticeTesting", "LatticeBench"],
                path: "Benchmarks/LabSupport"),
    ] + benchmarks.map { name in
        .executableTarget(name: name,
                          dependencies: ["Lattice", "LatticeTesting", "LatticeBench", "LabSupport"],
                          path: "Benchmarks/\(name)")
    },
    swiftLanguageModes: [.v6]
)
