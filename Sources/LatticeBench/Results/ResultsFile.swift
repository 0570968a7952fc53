import Foundation

/// A run's results as written to disk: the context of the measurements and, per benchmark
/// and metric, the raw samples and their summary. Schema: docs/results-schema.md.
public struct ResultsFile: Codable, Sendable, Equatable {
    /// The schema version this code writes and reads. Bumped on any change a reader of the
    /// previous version would misread.
    public static let currentSchemaVersion = 1

    /// Always `currentSchemaVersion` for files this code creates.
    public var schemaVersion: Int
    /// When the run started (ISO 8601 in JSON).
    public var createdAt: Date
    /// Where it ran.
    public var machine: Machine
    /// What built it, if known.
    public var toolchain: Toolchain?
    /// Which commit it measured, if known.
    public var revision: SourceRevision?
    /// How the run was configured.
    public var configuration: RunConfiguration
    /// The benchmarks measured, names unique.
    public var benchmarks: [BenchmarkResult]

    /// Creates a results file of the current schema version.
    public init(createdAt: Date = Date(), machine: Machine, toolchain: Toolchain?,
                revision: SourceRevision?, configuration: RunConfiguration,
                benchmarks: [BenchmarkResult]) {
        schemaVersion = Self.currentSchemaVersion
        self.createdAt = createdAt
        self.machine = machine
        self.toolchain = toolchain
        self.revision = revision
        self.configuration = configuration
        self.benchmarks = benchmarks
    }

    /// The benchmark called `name`, if present. - Complexity: O(benchmarks).
    public func benchmark(named name: String) -> BenchmarkResult? {
        benchmarks.first { $0.name == name }
    }

    /// The JSON text of this file: pretty-printed with sorted keys, so equal results give
    /// equal bytes. - Complexity: O(total samples).
    public func encoded() throws -> Data {
        try JSONFileEncoder.data(self)
    }

    /// Writes the JSON atomically: to a temporary file beside `url`, then renamed over it,
    /// so a reader never sees half a file.
    /// - Throws: `JSONFileError.unwritable`.
    public func write(to url: URL) throws(JSONFileError) {
        do {
            try encoded().write(to: url, options: .atomic)
        } catch {
            throw .unwritable(file: url.path, reason: String(describing: error))
        }
    }

    /// Reads and checks a results file.
    /// - Throws: `JSONFileError.unreadable` if the file cannot be read,
    ///   `.unsupportedVersion` for another schema version, `.corrupt` (with the JSON path)
    ///   for invalid JSON, a missing or mistyped field, or inconsistent contents.
    /// - Complexity: O(file size + total samples).
    public static func read(from url: URL) throws(JSONFileError) -> ResultsFile {
        try JSONFileDecoder.read(ResultsFile.self, from: url)
    }

    /// Checks and decodes results already read; `file` names their source in errors.
    /// - Throws: as `read(from:)`, but never `.unreadable`.
    /// - Complexity: O(data + total samples).
    public static func read(_ data: Data, file: String) throws(JSONFileError) -> ResultsFile {
        try JSONFileDecoder.decode(ResultsFile.self, from: data, file: file)
    }
}

extension ResultsFile: VersionedJSONFile {
    /// The name of the version field.
    public static let versionKey = "schemaVersion"
    /// The only version this code reads.
    public static var supportedVersion: Int { currentSchemaVersion }
}
