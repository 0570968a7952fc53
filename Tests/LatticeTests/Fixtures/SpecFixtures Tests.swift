import Foundation
import Testing
import LatticeTesting

/// The parameterized fixture tests take `SpecFixtures.responses()` as arguments, which cannot
/// throw: this is where a response file that does not load fails, instead of leaving those
/// tests with no cases.
@Suite struct SpecFixturesTests {
    @Test func everyResponseFileLoads() throws {
        let spec = try Spec.locate()
        let files = try FileManager.default.contentsOfDirectory(atPath: spec.responsesDirectory.path)
            .filter { $0.hasSuffix(".json") }
        #expect(try spec.responses().count == files.count)
        #expect(SpecFixtures.responses().count == files.count)
        #expect(!files.isEmpty)
    }
}
