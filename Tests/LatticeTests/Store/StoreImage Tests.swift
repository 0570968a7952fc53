import Foundation
import Testing
@testable import Lattice

/// The image's file: rows written a commit a transaction and read back, a new schema starting
/// it empty, a sign-out emptying it, eviction by launch keeping the last launch's rows, and a
/// file that is no database refused as corrupt.
@Suite struct StoreImageTests {
    /// A fresh folder for one test's image.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-image-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func row(_ title: String) -> [UInt8] {
        RecordEncoding.encode(["title": FieldState(value: .scalar(.string(title)))])
    }

    @Test func rowsWrittenAreReadBackAndALaterLaunchSeesThem() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        do {
            let image = try StoreImage(url: url, schemaDigest: "A")
            #expect(image.launch == 1)
            try image.write([(DataID("I1"), Self.row("one")), (DataID("I2"), Self.row("two"))])
            try image.write([(DataID("I2"), nil)])
        }
        let next = try StoreImage(url: url, schemaDigest: "A")
        #expect(next.launch == 2)
        #expect(try next.row(of: DataID("I1")) == Self.row("one"))
        #expect(try next.row(of: DataID("I2")) == nil)
    }

    @Test func anotherSchemaStartsTheImageEmptyAndASignOutEmptiesIt() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        try StoreImage(url: url, schemaDigest: "A").write([(DataID("I1"), Self.row("one"))])
        let changed = try StoreImage(url: url, schemaDigest: "B")
        #expect(try changed.row(of: DataID("I1")) == nil)
        try changed.write([(DataID("I1"), Self.row("one"))])
        try changed.removeAll()
        #expect(try changed.row(of: DataID("I1")) == nil)
        #expect(try changed.rowBytes() == 0)
    }

    @Test func overItsLimitTheImageEvictsTheOldestLaunchesAndKeepsTheLast() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        for launch in 1...3 {
            let image = try StoreImage(url: url, schemaDigest: "A")
            try image.write((0..<10).map { (DataID("L\(launch)-\($0)"), Self.row(String(repeating: "x", count: 100))) })
        }
        let image = try StoreImage(url: url, schemaDigest: "A")
        try image.write([(DataID("L4"), Self.row(String(repeating: "y", count: 2_000)))])
        let one = Self.row(String(repeating: "x", count: 100)).count
        #expect(try image.evict(toFit: 10 * one + 2_100) == [1, 2])
        #expect(try image.row(of: DataID("L1-0")) == nil)
        #expect(try image.row(of: DataID("L3-9")) != nil)
        // Never the current launch's rows, however small the limit.
        #expect(try image.evict(toFit: 0) == [3])
        #expect(try image.row(of: DataID("L4")) != nil)
    }

    @Test func aFileThatIsNoDatabaseIsRefusedAsCorrupt() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        try Data(repeating: 0x5A, count: 8_192).write(to: url)
        #expect { try StoreImage(url: url, schemaDigest: "A") } throws: { error in
            (error as? ImageDatabaseError)?.isCorrupt == true
        }
    }
}
