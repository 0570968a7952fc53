// GeneratedCompile: what an app's build pays for generated code, on issue 23's union document
// (LatticeTesting.UnionDocument: each of three levels a union of three, the first member
// holding the next level), the shape of the record's system's compile benchmark:
//
//   GeneratedCompile/full   10 sections x 50 cards x 20 metas (1.2 MB of GraphQL): the schema
//                           and document parsed and compiled, the Swift generated
//                           (SwiftGenerator), written, and compiled in debug by swiftc
//   GeneratedCompile/half   the same at 5 x 50 x 20: half the document
//
// wallTime is the whole step, as a build waits for it; compilerPeakMemory is the compiler's
// peak resident memory. Their goals (spec/limits.json): at most 6 s and 0.5 GB for the full
// document, and linear in it (the full document at most 2.2 times the half). No instructions:
// the work is in the compiler's process, which callgrind does not follow.
import Foundation
import LabSupport
import Lattice
import LatticeBench
import LatticeCodegen
import LatticeSuite
import LatticeTesting

/// One document generated and compiled again on every operation, in a folder of its own.
@MainActor
final class Compilation {
    let document: UnionDocument
    let compile: DebugCompile
    /// The compiler's peak resident memory on the last operation, bytes.
    private(set) var compilerPeakMemory = 0.0

    init(_ document: UnionDocument, name: String) throws {
        self.document = document
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lattice-GeneratedCompile-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        compile = try DebugCompile(folder: folder)
    }

    /// Generates the document's Swift, writes it and compiles it.
    func run() throws {
        let schema = try SchemaBuilder.build(sources: [UnionDocument.schema])
        let output = try SwiftGenerator.generate(try Program(schema: schema, documents: [document.document]))
        for file in output.files {
            try Data(file.text.utf8).write(to: compile.folder.appendingPathComponent(file.name), options: .atomic)
        }
        compilerPeakMemory = try compile.compile(output.files.map(\.name))
    }

    func removeFolder() {
        try? FileManager.default.removeItem(at: compile.folder)
    }

    var observations: [String: Double] { [SuiteBenchmark.ObservedName.compilerPeakMemory: compilerPeakMemory] }
}

let metrics: [Metric] = [.wallTime, .observed(SuiteBenchmark.ObservedName.compilerPeakMemory, unit: .bytes)]

runSuite("GeneratedCompile") {
    [("full", UnionDocument(sections: 10, cards: 50, metas: 20)),
     ("half", UnionDocument(sections: 5, cards: 50, metas: 20))].map { size, document in
        let name = SuiteBenchmark.generatedCompile(size: size).nameInExecutable
        return Benchmark(name, metrics: metrics, setUp: { try Compilation(document, name: size) },
                         tearDown: { $0.removeFolder() }, observe: { $0.observations }) { compilation in
            try compilation.run()
        }
    }
}
