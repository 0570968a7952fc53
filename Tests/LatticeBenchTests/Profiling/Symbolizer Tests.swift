import Foundation
import Testing
@testable import LatticeBench

@Suite struct SymbolizerTests {
    @Test func swiftAndCxxNamesAreDemangled() {
        #expect(Demangler.demangle("$sSiD") == "Swift.Int")
        #expect(Demangler.demangle("_ZN5swift9RefCountsE") == "swift::RefCounts")
        #expect(Demangler.demangle("malloc") == "malloc")
        #expect(Demangler.demangle("$sNotAMangledName!") == "$sNotAMangledName!")
    }

    @Test func specializationPrefixesAreDropped() {
        let name = "function signature specialization <Arg[0] = [Closure Propagated : x, Argument Types : []> of "
            + "generic specialization <Swift.String> of merged Swift.Array.sorted() -> [A]"
        #expect(Demangler.withoutSpecializationPrefixes(name) == "Swift.Array.sorted() -> [A]")
        #expect(Demangler.withoutSpecializationPrefixes("Swift.Array<Int>.count") == "Swift.Array<Int>.count")
        #expect(Demangler.withoutSpecializationPrefixes("generic specialization <broken of f")
                == "generic specialization <broken of f")
    }

    @Test func exportedAndUnexportedFunctionsAreNamed() throws {
        let symbolizer = Symbolizer()
        // A function of a shared library every Swift process loads, with or without jemalloc.
        let retain: UnsafeMutableRawPointer? = DynamicLinker.symbol(named: "swift_retain")
        #expect(retain != nil)
        #expect(symbolizer.name(of: UInt(bitPattern: retain)) == "swift_retain")
        // The test executable's own symbol table names functions dladdr cannot see.
        let table = ELFSymbolTable(path: "/proc/self/exe")
        #expect(!table.symbols.isEmpty)
        #expect(table.symbols == table.symbols.sorted { $0.address < $1.address })
        let symbol = try #require(table.symbols.first { $0.end > $0.address + 1 })
        #expect(table.symbol(containing: symbol.address + 1) == symbol)
    }

    @Test func garbageIsNotAnELFFile() {
        let table = ELFSymbolTable(data: Data([0x7F, 0x45, 0x4C, 0x46, 2, 1] + Array(repeating: 0xFF, count: 100)))
        #expect(table.symbols.isEmpty)
    }
}
