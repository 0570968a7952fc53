import Lattice
import Testing

/// `InputFields.merge`: how a generated optimistic response's part for a type condition joins
/// its object.
@Suite struct InputFieldsTests {
    @Test func objectsMergeFieldByFieldAndListsItemByItem() {
        var fields = InputFields()
        fields.set("id", "1")
        fields.set("owner", JSONValue.object(["login": .string("ada")]))
        fields.set("labels", JSONValue.array([.object(["id": .string("L1")]), .object(["id": .string("L2")])]))
        fields.merge(JSONValue.object([
            "owner": .object(["name": .string("Ada")]),
            "labels": .array([.object(["name": .string("bug")]), .object(["name": .string("ui")])]),
        ]))
        #expect(fields.json == [
            "id": .string("1"),
            "owner": .object(["login": .string("ada"), "name": .string("Ada")]),
            "labels": .array([.object(["id": .string("L1"), "name": .string("bug")]),
                              .object(["id": .string("L2"), "name": .string("ui")])]),
        ])
    }

    @Test func aListOfAnotherLengthOrALeafReplacesAndNilAddsNothing() {
        var fields = InputFields()
        fields.set("labels", JSONValue.array([.string("a")]))
        fields.set("title", "old")
        fields.merge(JSONValue.object(["labels": .array([.string("b"), .string("c")]), "title": .string("new")]))
        let unset: JSONValue? = nil
        fields.merge(unset)
        #expect(fields.json == ["labels": .array([.string("b"), .string("c")]), "title": .string("new")])
    }
}
