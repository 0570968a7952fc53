import Foundation
import Lattice

/// The repository's `spec/` folder: the schema, the client directives, the operations and the
/// recorded responses that the tests and the lab share.
public struct Spec: Sendable {
    /// One GraphQL document file.
    public struct Document: Hashable, Sendable {
        /// The file name without `.graphql`.
        public var name: String
        /// Where the file is.
        public var url: URL
        /// Its text.
        public var text: String
    }

    /// The environment variable naming the spec folder to use instead of the repository's
    /// (`scripts/bench.sh --spec DIR`).
    public static let environmentVariable = "LATTICE_SPEC"

    /// The `spec/` folder.
    public let root: URL

    /// The spec at `root`, which must hold `schema.graphql`.
    public init(root: URL) {
        self.root = root
    }

    /// Finds `spec/`: the `LATTICE_SPEC` environment variable if set, else the first folder
    /// holding `spec/schema.graphql` walking up from `filePath` (the caller's source file),
    /// then from the current directory.
    /// - Throws: `FixtureLoadError.notFound` listing where it looked.
    public static func locate(filePath: String = #filePath) throws(FixtureLoadError) -> Spec {
        if let path = ProcessInfo.processInfo.environment[environmentVariable] {
            let root = URL(fileURLWithPath: path)
            guard isSpec(root) else { throw .notFound(searched: ["\(environmentVariable)=\(path)"]) }
            return Spec(root: root)
        }
        var searched: [String] = []
        let starts = [URL(fileURLWithPath: filePath).deletingLastPathComponent(),
                      URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        for start in starts {
            var folder = start.standardizedFileURL
            while true {
                let candidate = folder.appendingPathComponent("spec")
                searched.append(candidate.path)
                if isSpec(candidate) { return Spec(root: candidate) }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw .notFound(searched: searched)
    }

    /// The folder that holds `spec/`: scripts/ and the package are there.
    public var repositoryRoot: URL { root.deletingLastPathComponent() }

    /// The folder of recorded responses, `spec/responses`.
    public var responsesDirectory: URL { root.appendingPathComponent("responses") }

    /// The text of `spec/schema.graphql`.
    public func schema() throws(FixtureLoadError) -> String {
        try Self.read(root.appendingPathComponent("schema.graphql"))
    }

    /// The text of `spec/directives.graphql`, the client directives' declarations.
    public func directives() throws(FixtureLoadError) -> String {
        try Self.read(root.appendingPathComponent("directives.graphql"))
    }

    /// Every `spec/operations/*.graphql` file, sorted by name.
    public func operations() throws(FixtureLoadError) -> [Document] {
        let folder = root.appendingPathComponent("operations")
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            throw .unreadable(file: folder.path, underlying: error.localizedDescription)
        }
        var documents: [Document] = []
        for name in names.sorted() where name.hasSuffix(".graphql") {
            let url = folder.appendingPathComponent(name)
            documents.append(Document(name: String(name.dropLast(".graphql".count)), url: url,
                                      text: try Self.read(url)))
        }
        return documents
    }

    /// Every recorded response under `spec/responses`, sorted by file name.
    public func responses() throws(FixtureLoadError) -> [FixtureResponse] {
        try FixtureResponse.load(directory: responsesDirectory)
    }

    private static func isSpec(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("schema.graphql").path)
    }

    private static func read(_ url: URL) throws(FixtureLoadError) -> String {
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw .unreadable(file: url.path, underlying: error.localizedDescription)
        }
    }
}
