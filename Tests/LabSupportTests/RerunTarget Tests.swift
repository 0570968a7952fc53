import Foundation
import Testing
import LabSupport
import Lattice
import LatticeTesting

@MainActor
@Suite struct RerunTargetTests {
    @Test func anOperationWithFieldsOfItsOwnIsWrittenInItsOwnSelection() throws {
        let target = try RerunTarget(operation: "Pantry", in: Specs.small.get())
        // viewer { id handle displayName ... }: handle is non-null, displayName the first nullable String.
        #expect(target.record == DataID("Q29vazox"))
        #expect(target.field == "displayName")
        #expect(target.path == [.key("viewer"), .key("displayName")])
    }

    @Test func aSpreadsOnlyOperationIsWrittenInsideASpreadUnderThrowOnFieldError() throws {
        let target = try RerunTarget(operation: "RecipeScreen", in: Specs.small.get())
        // RecipeHeader_query (@throwOnFieldError): recipe(id: $id) { id title summary ... }.
        #expect(target.record == DataID("UmVjaXBlOjE="))
        #expect(target.field == "summary")
        #expect(target.path == [.key("recipe"), .key("summary")])
    }

    @Test func specsOperationsGetARecordAndAFieldTheirResponseHolds() throws {
        let fixtures = try Specs.main.get()
        let dashboard = try RerunTarget(operation: "Dashboard", in: fixtures)
        #expect(dashboard.record == DataID("VXNlcjox"))
        #expect(dashboard.field == "name")
        #expect(dashboard.path == [.key("viewer"), .key("name")])
    }

    @Test func linksUnderVariablesAreFollowedByTheirStorageKeysAndListsByTheirFirstItem() throws {
        // IssueHeader_query: repository(owner: $owner, name: $name) { issue(number: $number) {
        // ... (no nullable String) assignees(first: 5) { nodes { id login name } } } }.
        let issueScreen = try RerunTarget(operation: "IssueScreen", in: Specs.main.get())
        #expect(issueScreen.record == DataID("VXNlcjo3"))
        #expect(issueScreen.field == "name")
        #expect(issueScreen.path == [.key("repository"), .key("issue"), .key("assignees"), .key("nodes"), .index(0),
                                     .key("name")])
    }
}

/// A spec whose operations hold no field BodyReruns could write: refused, naming the folder.
@MainActor
@Suite final class UnwritableSpecTests {
    let root: URL

    init() throws {
        root = try Specs.temporaryFolder("lattice-unwritable-spec")
        // Only non-null fields, and a nullable Int: nothing a server may null that holds a string.
        try write("schema.graphql", "type Query { title: String!, count: Int }")
        try write("operations/Inline.graphql", "query Inline @throwOnFieldError { title count }")
        try write("operations/Spreads.graphql", "query Spreads @throwOnFieldError { ...Part_query }")
        try write("operations/Part_query.graphql", "fragment Part_query on Query @throwOnFieldError { title }")
        for operation in ["Inline", "Spreads"] {
            try write("responses/\(operation).ok.json", #"{"operation": "\#(operation)", "variables": {}, "#
                + #""response": {"data": {"title": "t", "count": 1}}}"#)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    @Test func anOperationWithoutANullableStringIsRefusedNamingTheFolderAndWhere() throws {
        let fixtures = try CompiledSpec.load(spec: Spec(root: root))
        #expect(try LabOperations(fixtures).rerunOperations == ["Inline", "Spreads"])
        #expect(throws: RerunTargetError.noField(operation: "Inline", folder: root.path, insideSpreads: false)) {
            try RerunTarget(operation: "Inline", in: fixtures)
        }
        #expect(throws: RerunTargetError.noField(operation: "Spreads", folder: root.path, insideSpreads: true)) {
            try RerunTarget(operation: "Spreads", in: fixtures)
        }
        #expect(RerunTargetError.noField(operation: "Spreads", folder: root.path, insideSpreads: true).description
            .hasPrefix("\(root.path): Spreads's ok response holds no nullable String field with a value inside its spreads"))
    }
}
