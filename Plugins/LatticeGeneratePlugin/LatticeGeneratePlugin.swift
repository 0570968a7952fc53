import Foundation
import PackagePlugin

/// The build-tool plugin: for a target with a `lattice.json` (`lattice generate`'s config:
/// `schema`, and optionally `clientSchema`, `scalars`, `access` and `program`), generates the typed lenses of
/// the target's `.graphql` documents (every `.graphql` file of the target that the config does
/// not name as schema or client schema) into the build's own folder, compiled with the target, and the program
/// that carries their text (`LatticeProgram` unless `program` names it), from which the app
/// makes its environment.
///
/// One output file a document (`NAME.graphql.swift`), `SchemaTypes.graphql.swift` and the
/// program's (`PROGRAM.graphql.swift`), so the
/// outputs are known before the tool runs and the build reruns it only when a document, a
/// schema file or the config changed. A schema or document error fails the build with the
/// GraphQL text's `FILE:LINE:COLUMN`, and no file is written.
@main
struct LatticeGeneratePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        // The target's own lattice.json: the one nearest its folder, if files of its
        // subfolders have their own.
        guard let config = module.sourceFiles.map(\.url).filter({ $0.lastPathComponent == "lattice.json" })
            .min(by: { $0.pathComponents.count < $1.pathComponents.count }) else {
            throw PluginFailure("\(target.name) uses LatticeGeneratePlugin but has no lattice.json among its files")
        }
        let (schema, program) = try Self.schemaFilesAndProgram(of: config)
        // Client schema files are schema too: neither documents nor missing from the inputs.
        let documents = module.sourceFiles(withSuffix: "graphql").map(\.url)
            .filter { document in !schema.contains { $0.standardizedFileURL == document.standardizedFileURL } }
            .sorted { $0.path() < $1.path() }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs = documents.map { output.appending(path: $0.deletingPathExtension().lastPathComponent + ".graphql.swift") }
            + [output.appending(path: "SchemaTypes.graphql.swift"), output.appending(path: program + ".graphql.swift")]
        return [.buildCommand(displayName: "Generating Lattice lenses for \(target.name)",
                              executable: try context.tool(named: "LatticeGenerateTool").url,
                              arguments: ["--config", config.path(), "--output", output.path()]
                                  + documents.map { $0.path() },
                              inputFiles: [config] + schema + documents,
                              outputFiles: outputs)]
    }

    /// The schema files `config` names (`schema`, then `clientSchema`), resolved against its
    /// folder, and the program's name (`LatticeGenerateTool` refuses one that is no type name).
    static func schemaFilesAndProgram(of config: URL) throws -> (schema: [URL], program: String) {
        guard let data = FileManager.default.contents(atPath: config.path()) else {
            throw PluginFailure("\(config.path()): cannot be read")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let schema = object["schema"] as? [String], !schema.isEmpty else {
            throw PluginFailure("\(config.path()):1:1: error: lattice.json needs \"schema\": a list of schema files")
        }
        let folder = config.deletingLastPathComponent()
        let client = object["clientSchema"] as? [String] ?? []
        return ((schema + client).map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appending(path: $0) },
                object["program"] as? String ?? "LatticeProgram")
    }
}

/// Why the plugin made no command.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
