/// Names the code addresses of a profile: demangled function names, or `object+0xoffset`
/// when no symbol covers an address. Runs after sampling, never in the signal handler.
///
/// Lookup: `dladdr` finds the loaded object and its base; that object's own ELF symbol table
/// (read once per object) names the function, so the executable's unexported functions get
/// names too; `dladdr`'s exported symbol is the fallback.
final class Symbolizer {
    private var tables: [String: ELFSymbolTable] = [:]
    private var names: [UInt: String] = [:]

    /// Creates a symbolizer with empty caches.
    init() {}

    /// The name of the function containing `address`.
    /// - Complexity: amortized O(log symbols) per address; the first address in an object
    ///   reads that object's symbol table.
    func name(of address: UInt) -> String {
        if let known = names[address] { return known }
        let name = lookUp(address)
        names[address] = name
        return name
    }

    /// The profile's stacks by name, root first. Return addresses (every frame but the
    /// interrupted one) are looked up one byte back, inside the call instruction, so a call
    /// at the very end of a function is attributed to that function.
    /// - Complexity: O(total frames) lookups, cached per address.
    func foldedStacks(of profile: RawProfile) -> FoldedStacks {
        var folded = FoldedStacks()
        for stack in profile.stacks {
            var frames = stack.addresses.enumerated().map { index, address in
                name(of: index == 0 ? address : address &- 1)
            }
            frames.reverse()
            if stack.truncated { frames.insert("[truncated]", at: 0) }
            folded.add(frames)
        }
        return folded
    }

    private func lookUp(_ address: UInt) -> String {
        guard let info = DynamicLinker.info(for: address) else { return "0x" + String(address, radix: 16) }
        let table = tables[info.objectPath] ?? ELFSymbolTable(path: info.objectPath)
        tables[info.objectPath] = table
        let offset = address &- info.objectBase
        let fileAddress = UInt64(table.isRelocatable ? offset : address)
        if let symbol = table.symbol(containing: fileAddress)?.name ?? info.symbolName {
            return Demangler.demangle(symbol)
        }
        let object = info.objectPath.split(separator: "/").last.map(String.init) ?? info.objectPath
        return "\(object)+0x" + String(offset, radix: 16)
    }
}
