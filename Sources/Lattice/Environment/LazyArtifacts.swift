import Synchronization

/// The artifacts of a program built from generated code (`Program(generated:)`): the
/// documents are parsed when it is made, and each definition is compiled, with the fragments
/// it spreads, at its first use, so a launch pays for the schema and the parse and the first
/// query for its own documents (GenerateScaling/programLaunch), not for every document.
///
/// Generated text compiled when it was generated, so a problem here means a generated file
/// edited by hand or written by another Lattice: it stops with the diagnostics, telling to
/// regenerate (a programmer's contract, as `Program[generated:]`'s).
final class LazyArtifacts: Sendable {
    private struct State {
        var compiler: CompilerState
        var documents: [String: PersistedDocument] = [:]
    }

    private let state: Mutex<State>
    /// The generated program's type, for the messages.
    private let owner: String

    /// Parses `sources` and collects their definitions against `schema`.
    /// - Complexity: O(length of the sources).
    init(schema: Schema, sources: [GraphQLSource], owner: String) {
        var compiler = CompilerState(schema: schema)
        do {
            compiler.collect(try CompileFailure.parsing(sources))
        } catch {
            Self.stop(owner, error.diagnostics)
        }
        if !compiler.diagnostics.isEmpty { Self.stop(owner, compiler.sorted) }
        self.owner = owner
        state = Mutex(State(compiler: compiler))
    }

    /// The artifact `name`, compiled now if it was not (a name the documents do not define
    /// compiles the rest, which derives the refetch queries).
    /// - Complexity: O(size of what it compiles), O(1) once compiled.
    func artifact(named name: String) -> Artifact? {
        state.withLock { state in
            let artifact = state.compiler.artifact(named: name) ?? {
                state.compiler.compileRest()
                return state.compiler.artifacts[name]
            }()
            if !state.compiler.diagnostics.isEmpty { Self.stop(owner, state.compiler.sorted) }
            return artifact
        }
    }

    /// Every artifact, the definitions not compiled yet compiled now.
    /// - Complexity: O(size of the definitions left), O(definitions) once all are compiled.
    var all: [String: Artifact] {
        state.withLock { state in
            state.compiler.compileRest()
            if !state.compiler.diagnostics.isEmpty { Self.stop(owner, state.compiler.sorted) }
            return state.compiler.artifacts
        }
    }

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

    private static func stop(_ owner: String, _ diagnostics: [Diagnostic]) -> Never {
        preconditionFailure("Program(generated: \(owner)): the generated program does not compile "
                            + "(run `lattice generate` again): \(CompileFailure(diagnostics: diagnostics))")
    }
}
