import Foundation
import Lattice
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lattice generate` reads: the schema files, the documents, the output folder and the
/// custom scalars' Swift types. From `lattice.json` (paths relative to its folder):
///
///     {"schema": ["schema.graphql"], "documents": ["operations/*.graphql"],
///      "output": "Generated", "scalars": {"DateTime": "Timestamp"}, "access": "public",
///      "program": "AppProgram", "clientSchema": ["client.graphql"],
///      "identity": {"Book": {"key": ["isbn", "edition"]}}, "lookups": ["Query.node"]}
///
/// `clientSchema` names the app's client-only fields and types; `identity` configures how
/// the store keys each named type's records (`IdentityEntry`); `lookups`, the fields the store
/// answers by their key arguments (`checkedLookups(schema:)`).
///
/// A document entry is a file, a folder (every `.graphql` file under it), or a pattern whose
/// last component has `*`, `?` or `[` (`operations/*.graphql`; `operations/**/*.graphql` looks in
/// every folder under `operations`).
public struct GenerateConfig: Hashable, Sendable {
    /// Schema files (SDL), in order.
    public var schema: [String]
    /// Client schema files (`"clientSchema"`): the app's client-only fields and types
    /// (`SchemaBuilder.build(sources:clientSources:)`); none by default.
    public var clientSchema: [String]
    /// Document files, folders and patterns.
    public var documents: [String]
    /// The output folder.
    public var output: String
    /// Custom scalar name to the app's Swift type, which reads it (`ScalarDecodable`) and,
    /// for variables, sends it (`InputEncodable`).
    public var scalars: [String: String]
    /// Whether the types are public (`"access": "public"`), for a module other modules
    /// read; internal by default.
    public var isPublic: Bool
    /// The name of the generated `GeneratedProgram` (`"program"`), which carries the schema's
    /// and the documents' text: `defaultProgram` unless given.
    public var program: String
    /// How the store keys the records of the types it names (`"identity"`); the default
    /// (every type with `id: ID!` keyed by its global `id`) unless given.
    public var identity: RecordIdentity
    /// The configuration's file, which its errors name; `lattice.json` for one given as flags.
    public var file: String
    /// The fields the store answers by their key arguments (`"lookups"`: schema coordinates,
    /// `"Query.node"`), checked against the schema (`checkedLookups(schema:)`) and carried by
    /// the generated program (`GeneratedProgram.lookups`). None unless given.
    public var lookups: [String]
    /// Where each of `lookups` is written, `PATH:LINE:COLUMN`, for its problems; empty for a
    /// configuration given as flags.
    public var lookupLocations: [String: String] = [:]

    /// The generated program's name when the configuration gives none.
    public static let defaultProgram = "LatticeProgram"

    /// A configuration given as flags (paths relative to the working folder).
    public init(schema: [String], documents: [String], output: String, scalars: [String: String] = [:],
                isPublic: Bool = false, program: String = GenerateConfig.defaultProgram, clientSchema: [String] = [],
                identity: RecordIdentity = .default, file: String = "lattice.json", lookups: [String] = []) {
        self.schema = schema
        self.clientSchema = clientSchema
        self.identity = identity
        self.file = file
        self.documents = documents
        self.output = output
        self.scalars = scalars
        self.isPublic = isPublic
        self.program = program
        self.lookups = lookups
    }

    /// Whether `name` is an ASCII Swift type name: a letter or `_`, then letters, digits and
    /// `_`. - Complexity: O(name).
    public static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    private struct File: Decodable {
        let schema: [String]
        let documents: [String]?
        let output: String?
        let scalars: [String: String]?
        let access: String?
        let program: String?
        let clientSchema: [String]?
        let identity: [String: IdentityEntry]?
        let lookups: [String]?
    }

    /// The configuration `data`, the text of `lattice.json` at `url`, its paths made relative
    /// to the working folder. The build plugin's config may leave out `documents` and `output`
    /// (the plugin gives them): they are then empty. Reading the file is the caller's, which
    /// says in its own words why one cannot be read (`lattice` with `FileErrorReason`).
    /// - Throws: `GenerateConfigError` naming the file and what is wrong in it.
    public init(json data: Data, at url: URL) throws(GenerateConfigError) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw .invalid(path: url.path, reason: "no `\(key.stringValue)` (it needs schema; documents and output, unless the build plugin gives them)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let where_ = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw .invalid(path: url.path, reason: "`\(where_)`: \(context.debugDescription)")
        } catch {
            throw .invalid(path: url.path, reason: "not JSON: \(error.localizedDescription)")
        }
        guard !file.schema.isEmpty else { throw .invalid(path: url.path, reason: "`schema` lists no file") }
        guard [nil, "public", "internal"].contains(file.access) else {
            throw .invalid(path: url.path, reason: "`access` is \"public\" or \"internal\", not \"\(file.access ?? "")\"")
        }
        if let program = file.program, !Self.isTypeName(program) {
            throw .invalid(path: url.path, reason: "`program` is a Swift type name (letters, digits and _), not \"\(program)\"")
        }
        var identity = RecordIdentity()
        for (name, entry) in (file.identity ?? [:]).sorted(by: { $0.key < $1.key }) {
            do {
                identity.types[name] = try entry.identity(of: name)
            } catch {
                throw .invalid(path: url.path, reason: error.reason)
            }
        }
        let folder = url.deletingLastPathComponent()
        let resolve = { (path: String) in path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path }
        self.init(schema: file.schema.map(resolve), documents: (file.documents ?? []).map(resolve),
                  output: file.output.map(resolve) ?? "", scalars: file.scalars ?? [:], isPublic: file.access == "public",
                  program: file.program ?? Self.defaultProgram, clientSchema: (file.clientSchema ?? []).map(resolve),
                  identity: identity, file: url.path, lookups: file.lookups ?? [])
        let text = String(decoding: data, as: UTF8.self)
        for lookup in lookups {
            lookupLocations[lookup] = "\(url.path):" + Self.position(of: "\"" + lookup + "\"", in: text)
        }
    }

    /// The document files the entries name, each once, in path order.
    /// - Throws: `GenerateConfigError.noDocuments` for an entry that names no file.
    public func documentFiles() throws(GenerateConfigError) -> [String] {
        var files: Set<String> = []
        for entry in documents {
            let matched = DocumentPattern(entry).files()
            guard !matched.isEmpty else { throw .noDocuments(entry: entry) }
            files.formUnion(matched)
        }
        return files.sorted()
    }
}

/// What is wrong with a configuration.
public enum GenerateConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file at `path` is not a configuration: `reason` says where and why.
    case invalid(path: String, reason: String)
    /// No `.graphql` file matches the document entry `entry`.
    case noDocuments(entry: String)
    /// Lookups the schema refutes: each problem, `PATH:LINE:COLUMN: lookup …` where the
    /// configuration file writes it.
    case lookups([String])

    /// The problem, naming the file or the entry.
    public var description: String {
        switch self {
        case let .invalid(path, reason): "\(path): \(reason)"
        case let .noDocuments(entry): "no .graphql document matches \(entry)"
        case let .lookups(problems): problems.joined(separator: "\n")
        }
    }
}

/// A document entry of the configuration, matched against the file system.
struct DocumentPattern {
    let entry: String

    init(_ entry: String) {
        self.entry = entry
    }

    func files() -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: entry, isDirectory: &isFolder) {
            return isFolder.boolValue ? graphQLFiles(under: entry, recursive: true) : [entry]
        }
        let url = URL(fileURLWithPath: entry)
        let pattern = url.lastPathComponent
        var folder = url.deletingLastPathComponent().path
        var recursive = false
        if folder.hasSuffix("/**") {
            folder = String(folder.dropLast(3))
            recursive = true
        }
        return graphQLFiles(under: folder, recursive: recursive).filter {
            Self.matches(pattern, URL(fileURLWithPath: $0).lastPathComponent)
        }
    }

    private func graphQLFiles(under folder: String, recursive: Bool) -> [String] {
        let manager = FileManager.default
        let names = recursive ? (manager.subpaths(atPath: folder) ?? []) : ((try? manager.contentsOfDirectory(atPath: folder)) ?? [])
        return names.filter { $0.hasSuffix(".graphql") }.map { folder + "/" + $0 }
    }

    /// Whether `name` matches the shell pattern `pattern` (`*`, `?`, `[...]`): the C library's
    /// `fnmatch`, as the harness's name filter matches benchmark names.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
