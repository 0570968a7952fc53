@testable import LatticeCodegen
import Testing

/// The names a scope of generated code has taken (issue 36: `lattice generate` was quadratic
/// in the document because every nested scope copied every top-level name, and every
/// top-level name claimed lower-cased all those taken before it). A nested scope shares the
/// top-level names and holds only its own; a case-blind scope keeps its lower-cased names as
/// it goes. No timing is judged here: the figures are in the change's report.
@Suite struct TakenNamesTests {
    @Test func aClaimAppendsUnderscoresUntilTheNameIsFree() {
        var scope = TakenNames(["lens", "init"])
        #expect(scope.claim("title") == "title")
        #expect(scope.claim("title") == "title_")
        #expect(scope.claim("lens") == "lens_")
        #expect(scope.claim("Title") == "Title")
        #expect(scope.own == ["lens", "init", "title", "title_", "lens_", "Title"])
    }

    @Test func aCaseBlindScopeKeepsNamesThatDifferOnlyByCaseApart() {
        var files = TakenNames(["String"], caseBlind: true)
        #expect(files.claim("string") == "string_")
        #expect(files.claim("Item") == "Item")
        #expect(files.claim("ITEM") == "ITEM_")
        #expect(files.claim("item_") == "item__")
        #expect(files.contains("item"))
        #expect(!files.contains("other"))
    }

    @Test func aNestedScopeAvoidsTheEnclosingNamesCaseSensitivelyAndHoldsOnlyItsOwn() {
        let top = TakenNames(["Lens", "IssueRow_issue", "DashboardQuery"], caseBlind: true)
        var nested = TakenNames(inside: top, ["Data"])
        #expect(nested.claim("IssueRow_issue") == "IssueRow_issue_")
        #expect(nested.claim("Data") == "Data_")
        // Within a file, names that differ by case are distinct types.
        #expect(nested.claim("lens") == "lens")
        #expect(nested.own == ["Data", "IssueRow_issue_", "Data_", "lens"])
        #expect(nested.outer == top.own)
    }

    /// The structure that keeps generation linear: the top-level names are one scope, built
    /// once for a generation, and a nested scope made inside it copies none of them (before,
    /// each nested scope was `reserved.union(enclosing)`, a copy of them all).
    @Test func theGenerationsTopLevelNamesAreSharedByEveryNestedScope() throws {
        let spec = try CodegenFixtures.spec.get()
        let artifacts = Array(spec.program.artifacts.values)
        let types = SwiftTypes(schema: spec.program.schema, artifacts: artifacts, scalars: [:], isPublic: false)
        #expect(types.reserved.own.isSuperset(of: types.definitionNames.values))
        #expect(types.reserved.own.isSuperset(of: SwiftNames.reservedTypes))
        let nested = TakenNames(inside: types.reserved, ["Data", "DashboardQuery"])
        #expect(nested.own.count == 2)
        #expect(nested.outer.count == types.reserved.own.count)
        for name in types.definitionNames.values { #expect(nested.contains(name)) }
    }
}
