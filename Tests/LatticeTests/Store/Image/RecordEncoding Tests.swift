import Testing
@testable import Lattice

/// The image's row of a record: every kind of value and its errors read back as written, and a
/// row that does not make sense refused at the byte where it stops, never half read.
@MainActor @Suite struct RecordEncodingTests {
    static let error = GraphQLError(message: "Could not resolve", path: [.key("viewer"), .key("items"), .index(2)],
                                    locations: [GraphQLError.Location(line: 3, column: 7)],
                                    extensions: ["code": .string("UPSTREAM")])

    static let fields: [String: FieldState] = [
        "id": FieldState(value: .scalar(.string("VXNlcjox"))),
        "count": FieldState(value: .scalar(.int(-1_234_567_890_123))),
        "ratio": FieldState(value: .scalar(.double(0.1))),
        "flags": FieldState(value: .scalar(.array([.bool(true), .bool(false), .null, .int(Int.max), .int(Int.min)]))),
        "meta": FieldState(value: .scalar(.object(["é": .string("ü"), "n": .object([:])]))),
        "owner": FieldState(value: .link(DataID("User:1"))),
        "items": FieldState(value: .links([DataID("Item:1"), nil, DataID("client:root:x(a:\"b\")")])),
        "gone": FieldState(value: .null, errors: [error, GraphQLError(message: "bare")]),
        "empty": FieldState(value: .links([])),
    ]

    @Test func everyKindOfValueAndItsErrorsReadBackAsWritten() throws {
        let row = RecordEncoding.encode(Self.fields)
        #expect(try RecordEncoding.decode(row) == RecordEncoding.Decoded(fields: Self.fields, isDeleted: false))
        let deleted = RecordEncoding.encode([:], isDeleted: true)
        #expect(try RecordEncoding.decode(deleted) == RecordEncoding.Decoded(fields: [:], isDeleted: true))
        // The same record gives the same row, whatever the dictionaries' order.
        #expect(RecordEncoding.encode(Self.fields) == row)
    }

    @Test func aLiveRecordsRowHoldsItsSlotsWithLinksAsIds() throws {
        let store = Store()
        store.commit { delta in
            for (key, state) in Self.fields { delta.set(state, for: FieldKey(key), on: DataID("R")) }
        }
        let record = try #require(store.record(DataID("R")))
        #expect(try RecordEncoding.decode(RecordEncoding.encode(record)).fields == Self.fields)
        // Byte for byte the row of its fields: a merge compares rows' bytes before reading them.
        #expect(RecordEncoding.encode(record) == RecordEncoding.encode(Self.fields))
    }

    @Test func aRowIsAboutTheSizeOfItsValues() {
        let row = RecordEncoding.encode(["name": FieldState(value: .scalar(.string("Rick Sanchez")))])
        // Version, flags, count, key (1 + 4), tag, JSON tag, string (1 + 12).
        #expect(row.count == 3 + 5 + 2 + 13)
    }

    @Test(arguments: [
        ([UInt8](), 0, "the row ends early"),
        ([4, 0, 0], 0, "version 4, expected 1 to 3"),
        ([1, 7, 0], 1, "flags 7"),
        ([1, 0, 1, 1, 0x61, 5], 5, "field tag 5"),
        ([1, 0, 200, 1], 4, "a count of 200 past the row's end"),
        ([1, 0, 0, 0], 3, "1 bytes after the record"),
        ([1, 0, 1, 1, 0x61, 1, 5, 2, 0xC3, 0x28], 8, "a string that is not UTF-8"),
        ([1, 0, 1, 1, 0x61, 1, 4, 0, 0], 7, "the row ends inside a number"),
        ([1, 0, 2, 1, 0x61, 0, 1, 0x61, 0], 9, "field a twice"),
        // A name or the row's own id is a value of version 3 only.
        ([2, 0, 1, 1, 0x61, 1, 8, 0], 6, "JSON tag 8"),
        ([2, 0, 1, 1, 0x61, 1, 9], 6, "JSON tag 9"),
        // A list of two links: "ab", then one sharing three bytes of it.
        ([2, 0, 1, 1, 0x61, 3, 2, 1, 2, 0x61, 0x62, 4, 1, 0x63], 11, "a link sharing 3 bytes of an id of 2"),
    ] as [([UInt8], Int, String)])
    func aRowThatMakesNoSenseIsRefusedAtItsByte(_ row: [UInt8], _ offset: Int, _ reason: String) {
        #expect(throws: RecordEncoding.CorruptRow(offset: offset, reason: reason)) { try RecordEncoding.decode(row) }
    }

    /// A list's ids are written after the bytes they share with the one before; a row of
    /// version 1, each id whole, reads back as written.
    @Test func linksShareTheirStartAndAVersionOneRowReadsAsWritten() throws {
        let ids: [DataID?] = [DataID("Q2hhcmFjdGVyOjE="), DataID("Q2hhcmFjdGVyOjI="), nil, DataID("Q2"), DataID("RXBpc29kZTox"),
                              DataID("Q2hhcmFjdGVyOjE=")]
        let row = RecordEncoding.encode(["a": FieldState(value: .links(ids))])
        #expect(try RecordEncoding.decode(row).fields["a"]?.value == .links(ids))
        var whole: [UInt8] = [1, 0, 1, 1, 0x61, 3, UInt8(ids.count)]
        for id in ids {
            guard let id else {
                whole.append(0)
                continue
            }
            whole += [1, UInt8(id.rawValue.utf8.count)] + Array(id.rawValue.utf8)
        }
        // The second id is written as 14 bytes shared and `I=`, "Q2" as 2 shared and nothing.
        #expect(row.count == whole.count - 16)
        #expect(try RecordEncoding.decode(whole) == RecordEncoding.decode(row))
    }

    /// The image stores a row naming its keys and its type name by number, one table of names
    /// for all its rows, and its own id by reference: the page's rows share a few keys.
    @Test func rowsNameTheirKeysFromOneTableTheyShare() throws {
        let names = ImageNames()
        let typename = FieldState(value: .scalar(.string("Character")))
        var rows: [(DataID, [String: FieldState])] = []
        for number in 1...3 {
            let id = DataID("Q2hhcmFjdGVyOj\(number)")
            rows.append((id, ["__typename": typename, "id": FieldState(value: .scalar(.string(id.rawValue))),
                              "name": FieldState(value: .scalar(.string("Rick \(number)")))]))
        }
        rows.append((DataID("R"), Self.fields))
        for (id, fields) in rows {
            let spelled = RecordEncoding.encode(fields)
            let named = try RecordEncoding.named(spelled, id: id, names: names)
            let decoded = try named.withUnsafeBytes { try RecordEncoding.decode($0, names: names.texts, id: id) }
            #expect(decoded == RecordEncoding.Decoded(fields: fields, isDeleted: false))
            #expect(named.count < spelled.count)
            #expect(named.first == RecordEncoding.namedVersion)
        }
        // The three characters' keys and type name, then the other row's keys not among them.
        #expect(names.texts.count == 4 + Self.fields.keys.filter { $0 != "id" }.count)
        // A character's row: version, flags, count, then `__typename` as names 0 and 1, `id` as
        // name 2 and the row's id, `name` as name 3 and its string.
        let character = try RecordEncoding.named(RecordEncoding.encode(rows[0].1), id: rows[0].0, names: names)
        #expect(character == [3, 0, 3, 0, 1, 8, 1, 2, 1, 9, 3, 1, 5, 6] + Array("Rick 1".utf8))
    }

    /// The writer's test before it writes a row again: the image's row holds the same as the
    /// row `encode` made when it names the same keys, type name and id and holds the same
    /// values, and not when a value, a key, the id, a name or the row's format differs, or when
    /// the row does not read back.
    @Test func aStoredRowHoldsTheSameOnlyAsTheRowItWasMadeOf() throws {
        let names = ImageNames()
        let id = DataID("Q2hhcmFjdGVyOjE=")
        let fields: [String: FieldState] = [
            "__typename": FieldState(value: .scalar(.string("Character"))),
            "id": FieldState(value: .scalar(.string(id.rawValue))),
        ].merging(Self.fields.filter { $0.key != "id" }) { one, _ in one }
        let spelled = RecordEncoding.encode(fields)
        let stored = try RecordEncoding.named(spelled, id: id, names: names)
        func holds(_ row: [UInt8], for id: DataID = id, in names: ImageNames = names, stored: [UInt8] = stored) -> Bool {
            var text = id.rawValue
            return text.withUTF8 { id in
                stored.withUnsafeBytes { stored in
                    row.withUnsafeBytes {
                        RecordEncoding.holdsTheSame(stored, as: $0, names: names, id: UnsafeRawBufferPointer(id))
                    }
                }
            }
        }
        #expect(holds(spelled))
        var changed = fields
        changed["count"] = FieldState(value: .scalar(.int(1)))
        #expect(!holds(RecordEncoding.encode(changed)))
        changed = fields
        changed["__typename"] = FieldState(value: .scalar(.string("Episode")))
        #expect(!holds(RecordEncoding.encode(changed)))
        changed = fields
        changed["counts"] = changed.removeValue(forKey: "count")
        #expect(!holds(RecordEncoding.encode(changed)))
        #expect(!holds(spelled, for: DataID("Q2hhcmFjdGVyOjI=")))
        // Another table, its numbers naming other names.
        let others = ImageNames()
        _ = try RecordEncoding.named(RecordEncoding.encode(["zz": FieldState(value: .null)]), id: id, names: others)
        _ = try RecordEncoding.named(spelled, id: id, names: others)
        #expect(!holds(spelled, in: others))
        // A row of version 2 (spelled keys) in the image, or a stored row cut short.
        #expect(!holds(spelled, stored: spelled))
        #expect(!holds(spelled, stored: Array(stored.dropLast())))
        #expect(!holds(Array(spelled.dropLast())))
    }

    /// A row of version 3 naming a number the image's names lack, or a name left out of the
    /// table, is refused at the byte of that number, never read as another name.
    @Test(arguments: [
        ([3, 0, 1, 5, 0], 3, "name 5, which the image's names do not hold (2)"),
        ([3, 0, 1, 1, 0], 3, "name 1, which the image's names do not hold (2)"),
        ([3, 0, 1, 0, 1, 8, 0x80, 0x01], 6, "name 128, which the image's names do not hold (2)"),
    ] as [([UInt8], Int, String)])
    func aRowNamingANameTheImageLacksIsRefusedAtItsByte(_ row: [UInt8], _ offset: Int, _ reason: String) {
        #expect(throws: RecordEncoding.CorruptRow(offset: offset, reason: reason)) {
            try row.withUnsafeBytes { try RecordEncoding.decode($0, names: ["a", nil], id: DataID("R")) }
        }
    }

    @Test func jsonNestedPastTheLimitIsRefusedNotRecursedInto() {
        var deep = JSONValue.null
        for _ in 0..<(RecordEncoding.maximumDepth + 1) { deep = .array([deep]) }
        let row = RecordEncoding.encode(["deep": FieldState(value: .scalar(deep))])
        #expect(throws: RecordEncoding.CorruptRow.self) { try RecordEncoding.decode(row) }
    }

    @Test func everyPrefixAndEveryByteChangedOfARowIsReadOrRefusedNeverCrashes() {
        let row = RecordEncoding.encode(Self.fields)
        for length in 0..<row.count {
            #expect(throws: RecordEncoding.CorruptRow.self) { try RecordEncoding.decode(Array(row.prefix(length))) }
        }
        var generator = SeededRandom(state: 25)
        for _ in 0..<2_000 {
            var changed = row
            changed[Int(generator.next() % UInt64(row.count))] = UInt8(truncatingIfNeeded: generator.next())
            // Either outcome is fine; what is checked is that the reader returns.
            _ = try? RecordEncoding.decode(changed)
        }
    }
}
