import Testing
@testable import Lattice

/// A record's field table keeps every field through its growth, whether it grows one doubling
/// at a time or all at once for a record written whole, and is a value: a copy's writes, in
/// place or growing, leave the original as it was.
@MainActor
@Suite struct SlotTableTests {
    static let keys = (0..<100).map { FieldKey("field\($0)") }

    func slot(_ index: Int) -> Slot { Slot(value: .scalar(.int(index)), errors: nil) }

    @Test(arguments: [0, 1, 7, 40])
    func reservingKeepsTheFieldsAlreadyThereAndTakesTheRest(before: Int) {
        var table = SlotTable()
        for index in 0..<before { table[Self.keys[index]] = slot(index) }
        table.reserveCapacity(Self.keys.count - before)
        for index in before..<Self.keys.count { table[Self.keys[index]] = slot(index) }
        #expect(table.count == Self.keys.count)
        for (index, key) in Self.keys.enumerated() {
            #expect(table[key] == slot(index), "\(key.storageKey)")
        }
        #expect(Set(table.fieldKeys) == Set(Self.keys))
    }

    @Test func replacingAFieldDoesNotCountItTwice() {
        var table = SlotTable()
        table.reserveCapacity(2)
        table[Self.keys[0]] = slot(0)
        table[Self.keys[0]] = slot(1)
        #expect(table.count == 1)
        #expect(table[Self.keys[0]] == slot(1))
    }

    @Test(arguments: [1, 3, 20])
    func aCopysWritesLeaveTheOriginalAsItWas(added: Int) {
        var original = SlotTable()
        for index in 0..<3 { original[Self.keys[index]] = slot(index) }
        var copy = original
        copy[Self.keys[0]] = slot(99)
        for index in 3..<(3 + added) { copy[Self.keys[index]] = slot(index) }
        #expect(original.count == 3)
        #expect(original[Self.keys[0]] == slot(0))
        #expect(original[Self.keys[3]] == nil)
        #expect(copy.count == 3 + added)
        #expect(copy[Self.keys[0]] == slot(99))
        #expect(copy.peek(Self.keys[0]).kind == .scalar)
        copy.removeAll()
        #expect(copy.isEmpty && copy[Self.keys[1]] == nil)
        #expect(original[Self.keys[1]] == slot(1))
    }
}
