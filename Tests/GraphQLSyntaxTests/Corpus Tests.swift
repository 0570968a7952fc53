import Foundation
import Testing
import GraphQLSyntax

/// The corpus is parsed here too, so `swift test` alone catches a parser that rejects a
/// valid document or accepts an invalid one; scripts/conformance.py compares the trees
/// and positions with graphql-core.
@Suite struct CorpusTests {
    @Test func corpusIsLargeEnoughToMeanSomething() {
        #expect(Corpus.files("valid").count >= 40)
        #expect(Corpus.files("invalid").count >= 40)
    }

    @Test(arguments: Corpus.files("valid"))
    func validDocumentsParse(file: URL) throws {
        let document = try parse(Corpus.source(file))
        #expect(!document.definitions.isEmpty)
    }

    @Test(arguments: Corpus.files("invalid"))
    func invalidDocumentsAreRejectedWithALocation(file: URL) throws {
        let source = try Corpus.source(file)
        let error = try #require(syntaxError(source))
        #expect(error.sourceName == file.lastPathComponent)
        #expect(error.line >= 1)
        #expect(error.column >= 1)
        #expect(error.offset <= source.bytes.count)
    }
}
