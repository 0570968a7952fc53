#if canImport(Glibc)
import Glibc
#endif

/// Turns mangled Swift and C++ symbol names into readable ones, with the demanglers the
/// process already has: `swift_demangle` from the Swift runtime and `__cxa_demangle` from the
/// C++ runtime (both looked up with `dlsym`). Other names are returned unchanged.
///
/// Swift names lose the optimizer's prefixes (`function signature specialization <...> of`,
/// `generic specialization <...> of`, `merged`), which say how a function was compiled, not
/// which function it is, and would fill a flamegraph's labels.
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
            return take(result).map(withoutSpecializationPrefixes) ?? symbol
        }
        if symbol.hasPrefix("_Z"), let function = DynamicLinker.symbol(named: "__cxa_demangle") {
            let cxaDemangle = unsafeBitCast(function, to: CxaDemangle.self)
            var status: Int32 = 0
            let result = symbol.withCString { cxaDemangle($0, nil, nil, &status) }
            return (status == 0 ? take(result) : nil) ?? symbol
        }
        return symbol
    }

    /// `name` without leading `... specialization <...> of ` and `merged ` prefixes.
    /// - Complexity: O(name length).
    static func withoutSpecializationPrefixes(_ name: String) -> String {
        var rest = Substring(name)
        while true {
            if rest.hasPrefix("merged ") {
                rest = rest.dropFirst("merged ".count)
                continue
            }
            guard let marker = rest.range(of: "specialization <"),
                  rest[..<marker.lowerBound].allSatisfy({ $0.isLetter || $0 == " " }) else { break }
            // Skip the balanced <...> that follows, then " of ".
            var depth = 1
            var index = marker.upperBound
            while index < rest.endIndex, depth > 0 {
                if rest[index] == "<" { depth += 1 } else if rest[index] == ">" { depth -= 1 }
                index = rest.index(after: index)
            }
            guard depth == 0, rest[index...].hasPrefix(" of ") else { break }
            rest = rest[index...].dropFirst(" of ".count)
        }
        return String(rest)
    }

    /// Copies and frees a `malloc`ed C string.
    private static func take(_ string: UnsafeMutablePointer<CChar>?) -> String? {
        guard let string else { return nil }
        defer { free(string) }
        return String(cString: string)
    }
}
