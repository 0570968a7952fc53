import Foundation
import Testing
import Lattice
import LatticeTesting

@Suite final class FixtureResponseTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lattice-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func loadsOperationVariablesCaseAndResponse() throws {
        _ = try write("Issue.field-error.json", """
            {"operation": "Issue", "variables": {"id": "I1", "first": 3},
             "response": {"data": {"issue": null},
                          "errors": [{"message": "boom", "path": ["issue"]}]}}
            """)
        _ = try write("Viewer.ok.json", #"{"operation": "Viewer", "response": {"data": {"viewer": {"id": "U1"}}}}"#)
        let responses = try FixtureResponse.load(directory: folder)
        #expect(responses.map(\.operation) == ["Issue", "Viewer"])
        #expect(responses[0].case == "field-error")
        #expect(responses[0].variables == ["id": .string("I1"), "first": .int(3)])
        #expect(responses[0].response.errors?.first?.path == [.key("issue")])
        #expect(responses[1].variables == [:])
    }

    @Test func aCorruptFileIsNamedWithWhereItBroke() throws {
        let url = try write("Issue.ok.json", #"{"operation": "Issue", "response": {"data": {}, "errors": [{"path": ["x"]}]}}"#)
        do {
            _ = try FixtureResponse.load(directory: folder)
            Issue.record("expected a failure")
        } catch {
            guard case .corrupt(let file, let reason) = error else {
                Issue.record("expected corrupt, got \(error)")
                return
            }
            #expect(file == url.path)
            #expect(reason.contains("errors.0.message"), "\(reason)")
            #expect(error.description.hasPrefix(url.path))
        }
    }

    @Test func aFileThatIsNotJSONIsCorrupt() throws {
        let url = try write("Issue.ok.json", "not json")
        do {
            _ = try FixtureResponse.load(file: url)
            Issue.record("expected a failure")
        } catch {
            guard case .corrupt(let file, _) = error else {
                Issue.record("expected corrupt, got \(error)")
                return
            }
            #expect(file == url.path)
        }
    }

    @Test func aNameThatIsNotOperationDotCaseIsRejected() throws {
        let url = try write("Issue.json", #"{"operation": "Issue", "response": {"data": {}}}"#)
        #expect(throws: FixtureLoadError.misnamed(file: url.path)) { try FixtureResponse.load(file: url) }
    }

    @Test func anOperationThatDiffersFromTheFileNameIsRejected() throws {
        let url = try write("Issue.ok.json", #"{"operation": "Viewer", "response": {"data": {}}}"#)
        #expect(throws: FixtureLoadError.corrupt(
            file: url.path, reason: "operation \"Viewer\" does not match the file name")) {
            try FixtureResponse.load(file: url)
        }
    }
}
