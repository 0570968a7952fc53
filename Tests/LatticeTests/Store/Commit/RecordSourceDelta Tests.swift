import Testing
@testable import Lattice

/// A delta keeps one write a field, the last, in first-write order, for small records (a
/// scan) and large ones (a table) alike.
@MainActor
@Suite struct RecordSourceDeltaTests {
    @Test(arguments: [3, RecordSourceDelta.RecordWrites.scannedFields - 1, RecordSourceDelta.RecordWrites.scannedFields,
                      40])
    func aSecondWriteOfAFieldReplacesTheFirstInItsPlace(fields: Int) {
        var delta = RecordSourceDelta()
        let keys = (0..<fields).map { FieldKey("field\($0)") }
        for (index, key) in keys.enumerated() {
            delta.set(FieldState(value: .scalar(.int(index))), for: key, on: DataID("R"))
        }
        for (index, key) in keys.enumerated() where index.isMultiple(of: 2) {
            delta.set(FieldState(value: .scalar(.int(-index))), for: key, on: DataID("R"))
        }
        delta.set(FieldState(value: .null), for: keys[0], on: DataID("S"))
        #expect(delta.order == [DataID("R"), DataID("S")])
        let writes = delta.writes(of: DataID("R"))
        #expect(writes.map(\.key) == keys)
        for (index, key) in keys.enumerated() {
            let expected = FieldState(value: .scalar(.int(index.isMultiple(of: 2) ? -index : index)))
            #expect(delta.state(of: key, on: DataID("R")) == expected, "\(key.storageKey)")
        }
        #expect(delta.state(of: FieldKey("absent"), on: DataID("R")) == nil)
    }
}
