// swift-tools-version: 6.0
import PackageDescription

/// A small issue tracker, the app README.md's "Using Lattice in an app" walks through: it reads
/// only through the types `lattice generate` writes for its documents (Sources/IssueTracker/GraphQL),
/// generated at build time by Lattice's build plugin from the target's lattice.json and
/// schema.graphql (a link to spec/schema.graphql, which declares no client directive), with no
/// resource. Its tests run it against the repository's loopback GraphQL server
/// (scripts/server.py); scripts/lab/check_app.sh builds and tests it outside the repository.
let package = Package(
    name: "IssueTracker",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "Lattice", path: "../..")],
    targets: [
        .target(name: "IssueTracker",
                dependencies: [.product(name: "Lattice", package: "Lattice")],
                plugins: [.plugin(name: "LatticeGeneratePlugin", package: "Lattice")]),
        .testTarget(name: "IssueTrackerTests",
                    dependencies: ["IssueTracker", .product(name: "Lattice", package: "Lattice"),
                                   .product(name: "LatticeTesting", package: "Lattice")]),
    ],
    swiftLanguageModes: [.v6]
)
