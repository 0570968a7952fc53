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
