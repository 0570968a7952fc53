#if canImport(Glibc)
import Glibc
#endif

/// `dladdr` and friends, looked up with `dlsym` because Swift's Glibc module hides them
/// (they need `_GNU_SOURCE`).
enum DynamicLinker {
    /// What `dladdr` knows about an address.
    struct AddressInfo: Equatable, Sendable {
        /// Path of the object containing the address.
        var objectPath: String
        /// Where that object is loaded.
        var objectBase: UInt
        /// The nearest exported symbol, if the address lies in one.
        var symbolName: String?
    }

    /// Glibc's `Dl_info`, declared here because Swift does not import it.
    private struct DlInfo {
        var fileName: UnsafePointer<CChar>?
        var fileBase: UnsafeMutableRawPointer?
        var symbolName: UnsafePointer<CChar>?
        var symbolAddress: UnsafeMutableRawPointer?
    }

    private typealias Dladdr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32

    /// The address of a function exported by any loaded object, or nil.
    static func symbol(named name: String) -> UnsafeMutableRawPointer? {
        let everything = dlopen(nil, RTLD_NOW)
        defer { if let everything { dlclose(everything) } }
        return dlsym(everything, name)
    }

    /// `dladdr(address)`, or nil when no loaded object contains it.
    /// - Complexity: glibc walks the loaded objects and their dynamic symbols.
    static func info(for address: UInt) -> AddressInfo? {
        guard let function = symbol(named: "dladdr"), let pointer = UnsafeRawPointer(bitPattern: address)
        else { return nil }
        let dladdr = unsafeBitCast(function, to: Dladdr.self)
        var info = DlInfo()
        guard withUnsafeMutablePointer(to: &info, { dladdr(pointer, UnsafeMutableRawPointer($0)) }) != 0,
              let fileName = info.fileName else { return nil }
        return AddressInfo(objectPath: String(cString: fileName),
                           objectBase: UInt(bitPattern: info.fileBase),
                           symbolName: info.symbolName.map { String(cString: $0) })
    }
}
