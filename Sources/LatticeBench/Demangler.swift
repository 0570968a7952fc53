#if canImport(Glibc)
import Glibc
#endif

/// Turns mangled Swift and C++ symbol names into readable ones, with the demanglers the
/// process already has: `swift_demangle` from the Swift runtime and `__cxa_demangle` from the
/// C++ runtime (both looked up with `dlsym`). Other names are returned unchanged.
enum Demangler {
    private typealias SwiftDemangle = @convention(c) (
        UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
    ) -> UnsafeMutablePointer<CChar>?
    private typealias CxaDemangle = @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?,
        UnsafeMutablePointer<Int32>?
    ) -> UnsafeMutablePointer<CChar>?

    /// The readable form of `symbol`, or `symbol` itself.
    /// - Complexity: O(name length); one `dlsym` per call.
    static func demangle(_ symbol: String) -> String {
        if ["$s", "$S", "_$s", "_T0", "$e"].contains(where: symbol.hasPrefix),
           let function = DynamicLinker.symbol(named: "swift_demangle") {
            let swiftDemangle = unsafeBitCast(function, to: SwiftDemangle.self)
            let result = symbol.withCString { swiftDemangle($0, strlen($0), nil, nil, 0) }
            return take(result) ?? symbol
        }
        if symbol.hasPrefix("_Z"), let function = DynamicLinker.symbol(named: "__cxa_demangle") {
            let cxaDemangle = unsafeBitCast(function, to: CxaDemangle.self)
            var status: Int32 = 0
            let result = symbol.withCString { cxaDemangle($0, nil, nil, &status) }
            return (status == 0 ? take(result) : nil) ?? symbol
        }
        return symbol
    }

    /// Copies and frees a `malloc`ed C string.
    private static func take(_ string: UnsafeMutablePointer<CChar>?) -> String? {
        guard let string else { return nil }
        defer { free(string) }
        return String(cString: string)
    }
}
