import Foundation

/// The function symbols of one ELF object file (executable or shared library), from its
/// `.symtab` (every function, the executable's internal ones included) or, when stripped,
/// its `.dynsym` (exported functions only).
///
/// Executables built by SwiftPM do not export their functions, so `dladdr` alone cannot
/// name them; reading the file's own symbol table can. Any malformed or truncated input
/// yields an empty table, never a crash.
struct ELFSymbolTable: Sendable {
    /// A function's start address (as in the file, before relocation), end and raw name.
    struct Symbol: Equatable, Sendable {
        var address: UInt64
        /// One past the last byte: `address + size`, or, for a size of 0 (unknown: Swift's
        /// `main`, assembly), the end of the symbol's section.
        var end: UInt64
        var name: String
    }

    /// Function symbols ordered by address.
    let symbols: [Symbol]
    /// Whether addresses in the file are relative to the load base (`ET_DYN`: shared
    /// libraries and position-independent executables) rather than absolute (`ET_EXEC`).
    let isRelocatable: Bool

    /// Reads the object at `path`; an unreadable or non-ELF64 file gives an empty table.
    /// - Complexity: O(symbols · log symbols); the file is memory-mapped.
    init(path: String) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            self.init(symbols: [], isRelocatable: true)
            return
        }
        self.init(data: data)
    }

    /// Parses an ELF64 little-endian image.
    init(data: Data) {
        let (symbols, isRelocatable) = data.withUnsafeBytes { bytes in
            Self.parse(ByteReader(bytes: bytes))
        }
        self.init(symbols: symbols, isRelocatable: isRelocatable)
    }

    private static func parse(_ reader: ByteReader) -> (symbols: [Symbol], isRelocatable: Bool) {
        let magic: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1]  // ELF, 64-bit, little-endian
        guard magic.indices.allSatisfy({ reader.uint8(at: $0) == magic[$0] }),
              let type = reader.uint16(at: 16), let sectionsOffset = reader.uint64(at: 40),
              let sectionSize = reader.uint16(at: 58), let sectionCount = reader.uint16(at: 60),
              sectionsOffset < UInt64(Int.max / 2)
        else { return ([], true) }
        struct Section { var type: UInt32; var address: UInt64; var offset: UInt64; var size: UInt64; var link: UInt32 }
        let sections: [Section] = (0..<Int(sectionCount)).compactMap { index in
            let base = Int(sectionsOffset) + index * Int(sectionSize)
            guard let type = reader.uint32(at: base + 4), let address = reader.uint64(at: base + 16),
                  let offset = reader.uint64(at: base + 24), let size = reader.uint64(at: base + 32),
                  let link = reader.uint32(at: base + 40)
            else { return nil }
            return Section(type: type, address: address, offset: offset, size: size, link: link)
        }
        let symtabType: UInt32 = 2
        let dynsymType: UInt32 = 11
        let table = sections.first { $0.type == symtabType } ?? sections.first { $0.type == dynsymType }
        var symbols: [Symbol] = []
        if let table, Int(table.link) < sections.count, table.size < UInt64(Int.max / 2),
           table.offset < UInt64(Int.max / 2), sections[Int(table.link)].offset < UInt64(Int.max / 2) {
            let strings = sections[Int(table.link)]
            let entrySize = 24
            for index in 0..<Int(table.size) / entrySize {
                let base = Int(table.offset) + index * entrySize
                guard let nameOffset = reader.uint32(at: base), let info = reader.uint8(at: base + 4),
                      let sectionIndex = reader.uint16(at: base + 6), let value = reader.uint64(at: base + 8),
                      let size = reader.uint64(at: base + 16)
                else { break }
                let functionType: UInt8 = 2
                guard info & 0xF == functionType, value != 0, UInt64(nameOffset) < strings.size,
                      let name = reader.cString(at: Int(strings.offset) + Int(nameOffset)) else { continue }
                var end = value &+ size
                if size == 0 {
                    let section = Int(sectionIndex) < sections.count ? sections[Int(sectionIndex)] : nil
                    end = section.map { $0.address &+ $0.size } ?? value &+ 1
                }
                symbols.append(Symbol(address: value, end: end, name: name))
            }
        }
        return (symbols.sorted { $0.address < $1.address }, type == 3)
    }

    private init(symbols: [Symbol], isRelocatable: Bool) {
        self.symbols = symbols
        self.isRelocatable = isRelocatable
    }

    /// The function containing `address` (a file address), if any: the last symbol starting
    /// at or before it, when it ends after it.
    /// - Complexity: O(log symbols).
    func symbol(containing address: UInt64) -> Symbol? {
        var low = 0
        var high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].address <= address { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = symbols[low - 1]
        return address < candidate.end ? candidate : nil
    }
}

/// Bounds-checked little-endian reads from a byte buffer.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    func uint8(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return bytes[offset]
    }

    func uint16(at offset: Int) -> UInt16? { integer(at: offset, bytes: 2).map { UInt16($0) } }
    func uint32(at offset: Int) -> UInt32? { integer(at: offset, bytes: 4).map { UInt32($0) } }
    func uint64(at offset: Int) -> UInt64? { integer(at: offset, bytes: 8) }

    private func integer(at offset: Int, bytes count: Int) -> UInt64? {
        guard offset >= 0, offset <= bytes.count - count else { return nil }
        var value: UInt64 = 0
        for index in (0..<count).reversed() {
            value = value << 8 | UInt64(bytes[offset + index])
        }
        return value
    }

    /// The NUL-terminated UTF-8 string at `offset`.
    func cString(at offset: Int) -> String? {
        guard offset >= 0, offset < bytes.count,
              let end = bytes[offset...].firstIndex(of: 0) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }
}
