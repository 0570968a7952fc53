import Foundation
import Testing
import LabSupport
import LatticeTesting

@Suite struct LabOperationsTests {
    @Test func specPicksDashboardAndIssueScreenAsTheDecisionRecordNamesThem() throws {
        let operations = try LabOperations(Specs.main.get())
        #expect(operations.largestThrowing == "Dashboard")
        #expect(operations.spreadsOnly == ["IssueScreen"])
        #expect(operations.verdictWalking.first == "Dashboard")
        #expect(operations.rerunOperations == ["Dashboard", "IssueScreen"])
    }

    @Test func anotherSchemasFolderGetsItsOwnOperations() throws {
        let operations = try LabOperations(Specs.small.get())
        #expect(operations.largestThrowing == "Pantry")
        #expect(operations.spreadsOnly == ["RecipeScreen"])
        // The largest @throwOnFieldError one first, then by size: CookCard's @required bubbles
        // to the root, so its verdict walks too.
        #expect(operations.verdictWalking == ["Pantry", "CookCard", "RecipeScreen"])
    }
}

/// A copy of the small spec with some responses removed: what the lab must refuse, naming the
/// folder and what it lacks.
@Suite final class IncompleteSpecTests {
    let root: URL

    init() throws {
        root = try Specs.temporaryFolder("lattice-incomplete-spec")
        var files = ["schema.graphql"]
        for folder in ["operations", "responses"] {
            files += try FileManager.default.contentsOfDirectory(atPath: Specs.smallRoot.appendingPathComponent(folder).path)
                .map { "\(folder)/\($0)" }
        }
        for file in files {
            try FileManager.default.copyItem(at: Specs.smallRoot.appendingPathComponent(file),
                                             to: root.appendingPathComponent(file))
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func removeResponses(of operation: String) throws {
        let folder = root.appendingPathComponent("responses")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("\(operation).") {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    @Test func aFolderWithoutASpreadsOnlyOperationIsRefusedByName() throws {
        try removeResponses(of: "RecipeScreen")
        let fixtures = try CompiledSpec.load(spec: Spec(root: root))
        #expect(throws: LabOperationsError.noSpreadsOnlyOperation(folder: root.path)) { try LabOperations(fixtures) }
        #expect(LabOperationsError.noSpreadsOnlyOperation(folder: root.path).description
            .contains("\(root.path): no query whose own selection is only fragment spreads"))
    }

    @Test func aFolderWithoutAThrowingOperationIsRefusedByName() throws {
        try removeResponses(of: "Pantry")
        try removeResponses(of: "RecipeScreen")
        let fixtures = try CompiledSpec.load(spec: Spec(root: root))
        #expect(throws: LabOperationsError.noThrowingOperation(folder: root.path)) { try LabOperations(fixtures) }
        #expect(LabOperationsError.noThrowingOperation(folder: root.path).description
            .contains("\(root.path): no query with @throwOnFieldError"))
    }
}
