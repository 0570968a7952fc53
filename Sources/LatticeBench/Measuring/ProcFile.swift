#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of the kernel's `/proc` read whole with plain system calls, and its `Name: value`
/// fields. Reading it is itself a read the kernel counts (`rchar`), so the bytes it returned
/// are kept: `ThreadIO` takes them out of what it measures.
struct ProcFile {
    /// The file's bytes.
    let bytes: [UInt8]

    /// Reads `path`; nil when it cannot be opened or read (not Linux, a kernel without it).
    /// - Complexity: O(file size), a few system calls.
    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else { return nil }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        self.bytes = bytes
    }

    /// The first number after `name:` on the line that starts with it (`rchar: 12`,
    /// `VmHWM:    1936 kB` reads 1936); nil when no line has it.
    /// - Complexity: O(file size).
    func value(of name: String) -> UInt64? {
        let key = Array(name.utf8) + [UInt8(ascii: ":")]
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            guard lineEnd - lineStart > key.count, Array(bytes[lineStart..<lineStart + key.count]) == key else { continue }
            var index = lineStart + key.count
            while index < lineEnd, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            var value: UInt64 = 0
            var digits = 0
            while index < lineEnd, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), digits < 19 {
                value = value * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        return nil
    }
}
