import Foundation
import Lattice

/// The record's page (`Tests/Fixtures/RecordPage`): a page of 20 characters with their places,
/// the 51 episodes they appear in and each episode's cast, 689 KB that normalize into 900
/// records, in the shape of the page the decision record's system measured. Its response was
/// executed by graphql-core over a seeded graph (`generate.py`). The RecordPage benchmarks
/// measure it, and the stores of their collection passes (`CollectionStore`) are written with
/// its schema and documents.
///
/// Loading reads the schema, the documents and the response, compiles the documents and decodes
/// the response: a few milliseconds, once per process.
@MainActor
public struct RecordPageFixture {
    /// Where the fixture is, from the repository's root.
    public nonisolated static let path = "Tests/Fixtures/RecordPage"
    /// The page's operation.
    public static let pageOperation = "RecordPage"
    /// The fields of a character the page's body reads: every scalar field of `results`.
    public static let characterFields = ["id", "name", "status", "species", "type", "gender", "image", "created"]

    /// The schema and the documents under `operations/`.
    public let program: Program
    /// The page's response body, as the server sent it.
    public let bytes: Data
    /// The body, decoded.
    public let response: GraphQLResponse
    /// The page's operation, bound to its default variables (page 1).
    public let page: BoundArtifact

    /// The JSON values of the page's body as Lattice's reader reads it (`JSONReader`): every
    /// object, array and scalar, the root included; what `RecordPage/referenceParse`'s walk must
    /// count. - Throws: `JSONSyntaxError` (not for the fixture's bytes).
    /// - Complexity: O(bytes).
    public func valueCount() throws -> Int {
        func count(_ value: JSONValue) -> Int {
            switch value {
            case .null, .bool, .int, .double, .string: 1
            case .array(let items): items.reduce(1) { $0 + count($1) }
            case .object(let members): members.values.reduce(1) { $0 + count($1) }
            }
        }
        return count(try JSONReader.value(from: bytes))
    }

    /// The environment variable naming the fixture's folder; `runSuite` sets it before the
    /// benchmarks are built, so an instruction-counting child reads the folder through a link
    /// whose path has one length (`BenchmarkMain.run`'s `passedEnvironment`).
    public nonisolated static let environmentVariable = "LATTICE_RECORD_PAGE"

    /// Loads the fixture in the folder `LATTICE_RECORD_PAGE` names if set, else the one found by
    /// walking up from `filePath` (the caller's source file), then from the current directory,
    /// to the first folder holding `Tests/Fixtures/RecordPage`.
    /// - Throws: `RecordPageError` when it is not found, a file cannot be read or the page's
    ///   operation is missing; `CompileFailure` or `ResponseDecodingError` when a file is
    ///   not what `generate.py` writes.
    /// - Complexity: the size of the files (one read and one decode of the 689 KB body).
    public static func load(filePath: String = #filePath) throws -> RecordPageFixture {
        try RecordPageFixture(root: locate(filePath: filePath))
    }

    /// The fixture's folder, found as `load(filePath:)` says. - Throws: `RecordPageError.notFound`.
    /// - Complexity: a file check per folder walked.
    public nonisolated static func locate(filePath: String = #filePath) throws(RecordPageError) -> URL {
        if let named = ProcessInfo.processInfo.environment[environmentVariable] {
            let root = URL(fileURLWithPath: named)
            guard holdsFixture(root) else { throw .notFound(searched: ["\(environmentVariable)=\(named)"]) }
            return root
        }
        return try locate(from: [URL(fileURLWithPath: filePath).deletingLastPathComponent(),
                                 URL(fileURLWithPath: FileManager.default.currentDirectoryPath)])
    }

    /// Loads the fixture in `root`. - Throws: as `load(filePath:)`.
    public init(root: URL) throws {
        let schemaURL = root.appendingPathComponent("schema.graphql")
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: try Self.text(schemaURL), name: schemaURL.path)])
        let operations = root.appendingPathComponent("operations")
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: operations.path) } catch {
            throw RecordPageError.unreadable(operations.path, reason: error.localizedDescription)
        }
        let documents = try names.sorted().filter { $0.hasSuffix(".graphql") }.map { name in
            let url = operations.appendingPathComponent(name)
            return GraphQLSource(text: try Self.text(url), name: url.path)
        }
        let program = try Program(schema: schema, documents: documents)
        guard let artifact = program[Self.pageOperation] else { throw RecordPageError.missingOperation(Self.pageOperation) }
        let responseURL = root.appendingPathComponent("responses/\(Self.pageOperation).json")
        let bytes: Data
        do { bytes = try Data(contentsOf: responseURL) } catch {
            throw RecordPageError.unreadable(responseURL.path, reason: error.localizedDescription)
        }
        self.program = program
        self.bytes = bytes
        response = try GraphQLResponse(decoding: bytes)
        page = BoundArtifact(artifact)
    }

    /// The operation `name` of the fixture's documents, bound to `variables`.
    /// - Throws: `RecordPageError.missingOperation`. - Complexity: O(variables).
    public func operation(_ name: String, variables: [String: JSONValue] = [:]) throws(RecordPageError) -> BoundArtifact {
        guard let artifact = program[name] else { throw .missingOperation(name) }
        return BoundArtifact(artifact, variables: variables)
    }

    /// A store holding the page, committed for `page`.
    /// - Throws: `NormalizeError` when the response does not fit the page's selection.
    /// - Complexity: one normalization and one commit of the page.
    public func store() throws -> Store {
        let store = Store()
        try store.commit(response, for: page)
        return store
    }

    /// The lens on the page's first character, in `store` (one holding the page).
    /// - Throws: `RecordPageError.missingData` when the store lacks it, `ReadError` when the
    ///   data does not read.
    /// - Complexity: a handful of lens reads.
    public func firstCharacter(in store: Store) throws -> Lens {
        let missing = RecordPageError.missingData("characters.results[0] of \(Self.pageOperation)")
        guard let record = store.record(.root), let characters: Lens = try Lens(page, record: record).read("characters")
        else { throw missing }
        let results: [Lens?] = try characters.read("results")
        guard let first = results.first ?? nil else { throw missing }
        return first
    }

    private nonisolated static func holdsFixture(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("schema.graphql").path)
    }

    private nonisolated static func locate(from starts: [URL]) throws(RecordPageError) -> URL {
        var searched: [String] = []
        for start in starts {
            var folder = start.standardizedFileURL
            while true {
                let candidate = folder.appendingPathComponent(path)
                searched.append(candidate.path)
                if holdsFixture(candidate) { return candidate }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw .notFound(searched: searched)
    }

    private static func text(_ url: URL) throws(RecordPageError) -> String {
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw .unreadable(url.path, reason: error.localizedDescription)
        }
    }
}

/// Why the record's page could not be loaded or read.
public enum RecordPageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `Tests/Fixtures/RecordPage` at any of these places.
    case notFound(searched: [String])
    /// A file or folder could not be read.
    case unreadable(String, reason: String)
    /// The documents have no operation of this name.
    case missingOperation(String)
    /// A store lacks data the benchmark reads.
    case missingData(String)

    public var description: String {
        switch self {
        case .notFound(let searched): "no \(RecordPageFixture.path) found; looked in \(searched.joined(separator: ", "))"
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .missingOperation(let name): "the record's page has no operation \(name)"
        case .missingData(let what): "the store holds no \(what)"
        }
    }
}
