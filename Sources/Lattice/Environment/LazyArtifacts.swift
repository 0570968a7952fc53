import Foundation
import Synchronization

/// The artifacts of a program built from generated code (`Program(generated:)`): each
/// definition is decoded from the compiled form `lattice generate` wrote
/// (`GeneratedProgram.compiled`, `CompiledFormReader`) at its first use, with the fragments it
/// spreads; the schema is built only when something asks for it. A launch pays for the
/// definitions it runs, not for parsing or compiling any (GenerateScaling/programLaunch).
///
/// The compiled form was written by the same Lattice that compiled the documents, so a form
/// that does not read means a generated file edited by hand or written by another version of
/// Lattice: it stops with where the bytes fail, telling to regenerate (a programmer's
/// contract, as `Program[generated:]`'s).
final class LazyArtifacts: Sendable {
    private struct State {
        var artifacts: [String: Artifact] = [:]
        var documents: [String: PersistedDocument] = [:]
        var schema: Schema?
        /// The definitions being decoded, outermost first: a form naming one of them is a cycle.
        var decoding: [String] = []
    }

    private let state = Mutex(State())
    private let forms: [String: String]
    /// Builds the schema: the generated SDL, the client files, keyed as configured.
    private let buildSchema: @Sendable () throws -> Schema
    private let documentSources: @Sendable () -> [GraphQLSource]
    /// The generated program's type, for the messages.
    private let owner: @Sendable () -> String

    /// The artifacts `forms` hold (definition name to compiled form, base64), the schema
    /// `buildSchema` makes built when first asked for. - Complexity: O(1).
    init(forms: [String: String], buildSchema: @escaping @Sendable () throws -> Schema,
         documentSources: @escaping @Sendable () -> [GraphQLSource], owner: @escaping @Sendable () -> String) {
        self.forms = forms
        self.buildSchema = buildSchema
        self.documentSources = documentSources
        self.owner = owner
    }

    /// The artifact `name`, decoded now if it was not, or `nil` when the program has none.
    /// - Complexity: O(size of its form and of the fragments' forms not decoded yet), O(1) once decoded.
    func artifact(named name: String) -> Artifact? {
        state.withLock { state in decode(name, state: &state) }
    }

    /// Every artifact, those not decoded yet decoded now.
    /// - Complexity: O(size of the forms left), O(definitions) once all are decoded.
    var all: [String: Artifact] {
        state.withLock { state in
            for name in forms.keys { _ = decode(name, state: &state) }
            return state.artifacts
        }
    }

    /// The schema, built at its first read. - Complexity: O(size of the SDL) the first time, O(1) after.
    var schema: Schema {
        state.withLock { state in
            if let schema = state.schema { return schema }
            do {
                let schema = try buildSchema()
                state.schema = schema
                return schema
            } catch {
                preconditionFailure("Program(generated: \(owner())): the generated schema does not build "
                                    + "(run `lattice generate` again): \(error)")
            }
        }
    }

    /// The documents the program was generated from. - Complexity: O(their size), copied at each read.
    var sources: [GraphQLSource] { documentSources() }

    /// The document `operation` is sent as, made at its first use and kept.
    /// - Complexity: O(fragments reached + text length) the first time, O(1) after.
    func document(of operation: Artifact) -> PersistedDocument {
        state.withLock { state in
            if let document = state.documents[operation.name] { return document }
            let document = PersistedDocument(sending: operation)
            state.documents[operation.name] = document
            return document
        }
    }

    private func decode(_ name: String, state: inout State) -> Artifact? {
        if let artifact = state.artifacts[name] { return artifact }
        guard let text = forms[name] else { return nil }
        do throws(CompiledFormError) {
            guard let data = Data(base64Encoded: text) else { throw CompiledFormError(offset: 0, problem: "not base64") }
            let form = [UInt8](data)
            guard !state.decoding.contains(name) else {
                throw CompiledFormError(offset: 0, problem: "a cycle of fragments: \((state.decoding + [name]).joined(separator: " → "))")
            }
            state.decoding.append(name)
            defer { state.decoding.removeLast() }
            var fragments: [String: Artifact] = [:]
            for fragment in try CompiledFormReader.fragmentNames(in: form) {
                guard let artifact = decode(fragment, state: &state) else {
                    throw CompiledFormError(offset: 0, problem: "it spreads \(fragment), which the program does not define")
                }
                fragments[fragment] = artifact
            }
            let artifact = try CompiledFormReader.artifact(from: form, fragments: fragments)
            state.artifacts[name] = artifact
            return artifact
        } catch {
            preconditionFailure("Program(generated: \(owner())): the compiled form of \(name) does not read "
                                + "(run `lattice generate` again): \(error)")
        }
    }
}
