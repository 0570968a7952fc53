import Lattice
import SpecLenses
import Testing

/// `InputValue` written as literals: a literal is the value sent, `nil` is null, and leaving
/// it out is still omitted.
@Suite struct InputValueTests {
    @Test @MainActor func literalsAreSentAsTheirValuesAndNilAsNull() {
        let variables = RepositoryIssuesQuery.Variables(owner: "octo", name: "hello", first: 3, after: nil,
                                                        states: [.open, .closed])
        #expect(variables.json == [
            "owner": .string("octo"), "name": .string("hello"), "first": .int(3), "after": .null,
            "states": .array([.string("OPEN"), .string("CLOSED")]),
        ])
        let omitted = RepositoryIssuesQuery.Variables(owner: "octo", name: "hello")
        #expect(omitted.json == ["owner": .string("octo"), "name": .string("hello")])
    }

    @Test func eachLiteralKindMakesSomeOfItsValue() {
        let int: InputValue<Int> = 3
        let double: InputValue<Double> = 2.5
        let bool: InputValue<Bool> = true
        let string: InputValue<String> = "text"
        let character: InputValue<String> = "é"
        let list: InputValue<[Int]> = [1, 2]
        let null: InputValue<Int> = nil
        #expect(int == .some(3))
        #expect(double == .some(2.5))
        #expect(bool == .some(true))
        #expect(string == .some("text"))
        #expect(character == .some("é"))
        #expect(list == .some([1, 2]))
        #expect(null == .null)
        #expect(null != .omitted)
    }
}
