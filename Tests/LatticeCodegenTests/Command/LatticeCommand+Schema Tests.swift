import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Lattice
import LatticeTesting

/// `lattice schema` against the loopback server (`scripts/server.py`, whose graphql-core
/// answers introspection): the SDL it writes builds with `SchemaBuilder` into the schema the
/// server serves (spec/schema.graphql), type by type and field by field; and each way the
/// fetch can fail names the URL and writes nothing.
@Suite(.timeLimit(.minutes(10)),
       .enabled(if: LatticeBinary.isAvailable && LoopbackServer.isAvailable,
                "needs the lattice binary, built with the tests, and the loopback server's Python"))
struct LatticeCommandSchemaTests {
    let folder: URL
    let spec = CodegenFixtures.repositoryRoot.appendingPathComponent("spec")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Runs `lattice arguments`: its exit status, stdout (through a file: no pipe to fill)
    /// and stderr. The status comes from `ChildExitStatus`, not `waitUntilExit`: Foundation's
    /// news of a child's exit waits behind the loopback server's process, which runs on.
    func lattice(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LatticeBinary.path)
        process.arguments = arguments
        let stdoutFile = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        try Data().write(to: stdoutFile)
        let stdout = try FileHandle(forWritingTo: stdoutFile)
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = stdout
        try process.run()
        let printed = stderr.fileHandleForReading.readDataToEndOfFile()
        let status = ChildExitStatus.of(process)
        try stdout.close()
        return (status, try String(contentsOf: stdoutFile, encoding: .utf8), String(decoding: printed, as: UTF8.self))
    }

    /// Every named type of `schema` but the built-in scalars, one line each: its kind, and
    /// each field with its arguments and types, sorted; and its directives' names.
    static func shape(_ schema: Schema) -> [String] {
        let builtIn: Set = ["String", "Int", "Float", "Boolean", "ID"]
        var lines: [String] = []
        for type in schema.types.values where !builtIn.contains(type.name) {
            let kind: String = switch type.kind {
            case .scalar: "scalar"
            case .object: "type"
            case .interface: "interface"
            case .union(let members): "union \(members.sorted())"
            case .enumeration(let values): "enum \(values)"
            case .inputObject: "input"
            }
            let fields = type.fields.values.sorted { $0.name < $1.name }.map { field in
                let arguments = field.arguments.values.sorted { $0.name < $1.name }
                    .map { "\($0.name): \($0.type)\($0.hasDefault ? " =" : "")" }
                return "\(field.name)(\(arguments.joined(separator: ", "))): \(field.type)\(field.hasDefault ? " =" : "")"
            }
            lines.append("\(kind) \(type.name) implements \(type.interfaces.sorted()) { \(fields.joined(separator: "; ")) }")
        }
        lines.append("directives \(schema.directives.keys.sorted())")
        lines.append("roots \(schema.queryType) \(schema.mutationType ?? "-") \(schema.subscriptionType ?? "-")")
        return lines.sorted()
    }

    @Test func theSDLOfTheServedSchemaBuildsIntoTheSameSchema() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let output = folder.appendingPathComponent("schema.graphql")
        let (status, _, stderr) = try lattice(["schema", try server.url("/graphql").absoluteString,
                                               "--header", "Authorization: Bearer x", "--output", output.path])
        #expect(status == 0, "\(stderr)")
        let sdl = try String(contentsOf: output, encoding: .utf8)
        let fetched = try SchemaBuilder.build(sources: [GraphQLSource(text: sdl, name: output.path)])
        let served = try SchemaBuilder.build(sources: [
            GraphQLSource(text: try String(contentsOf: spec.appendingPathComponent("schema.graphql"), encoding: .utf8),
                          name: "spec/schema.graphql"),
        ])
        #expect(Self.shape(fetched) == Self.shape(served))
        // What the shape does not hold: descriptions, deprecations, default values, scalars.
        #expect(sdl.contains("scalar DateTime"))
        #expect(!sdl.contains("scalar String") && !sdl.contains("__Schema") && !sdl.contains("directive @skip"))
        #expect(sdl.contains("\"An instant in UTC, ISO-8601 with seconds: `2024-03-01T12:00:00Z`.\""))

        let (again, stdout, _) = try lattice(["schema", try server.url("/graphql").absoluteString])
        #expect(again == 0)
        #expect(stdout == sdl)
    }

    /// Each failure: exit status 1, stderr names the URL and what went wrong, and the output
    /// file is not written.
    func expectFailure(_ url: String, saying expected: String) throws {
        let output = folder.appendingPathComponent("failed.graphql")
        let (status, _, stderr) = try lattice(["schema", url, "--output", output.path])
        #expect(status == 1)
        #expect(stderr.hasPrefix("lattice schema: "), "\(stderr)")
        #expect(stderr.contains(url), "\(stderr)")
        #expect(stderr.contains(expected), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anUnreachableServerIsNamed() async throws {
        let server = try await LoopbackServer.start()
        let url = try server.url("/graphql").absoluteString
        server.stop()
        try expectFailure(url, saying: "transport.unreachable")
    }

    @Test func anAnswerThatIsNotJSONIsNamed() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try expectFailure(try server.url("/not-json").absoluteString, saying: "response.undecodable")
    }

    @Test func anAnswerWithErrorsIsNamed() async throws {
        let server = try await LoopbackServer.start(options: ["--persisted-only"])
        defer { server.stop() }
        try expectFailure(try server.url("/graphql").absoluteString, saying: "response.requestErrors: Send documents by id")
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let (noURL, _, missing) = try lattice(["schema"])
        #expect(noURL == 1 && missing.contains("no URL given"))
        let (notHTTP, _, scheme) = try lattice(["schema", "ftp://example.com/graphql"])
        #expect(notHTTP == 1 && scheme.contains("is not an http or https URL"))
        let (badHeader, _, header) = try lattice(["schema", "http://127.0.0.1:1/graphql", "--header", "NoColon"])
        #expect(badHeader == 1 && header.contains("is not 'Name: value'"))
    }
}
