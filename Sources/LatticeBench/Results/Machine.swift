#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The machine a run measured on. Fields that cannot be read are nil rather than guessed.
public struct Machine: Codable, Sendable, Hashable {
    /// CPU model name (`model name` in /proc/cpuinfo); nil where that file is absent.
    public var cpuModel: String?
    /// Logical processors available to the process.
    public var cores: Int
    /// Machine architecture from uname (e.g. `x86_64`).
    public var architecture: String?
    /// Kernel name and release from uname (e.g. `Linux 6.8.0-45-generic`).
    public var kernel: String?
    /// Load averages when `current()` was called.
    public var loadAverage: LoadAverage?
    /// Host name, only when asked for (results are often committed).
    public var hostname: String?

    /// Creates a description directly (tests, decoding).
    public init(cpuModel: String?, cores: Int, architecture: String?, kernel: String?,
                loadAverage: LoadAverage?, hostname: String? = nil) {
        self.cpuModel = cpuModel
        self.cores = cores
        self.architecture = architecture
        self.kernel = kernel
        self.loadAverage = loadAverage
        self.hostname = hostname
    }

    /// Reads the current machine: /proc/cpuinfo, uname, getloadavg. Call it when the run
    /// starts, so the load average is the load the run began under.
    /// - Parameter includingHostname: record the host name too.
    /// - Complexity: reads /proc/cpuinfo (a few kilobytes); no subprocess.
    public static func current(includingHostname: Bool = false) -> Machine {
        var names = utsname()
        let hasNames = uname(&names) == 0
        var loads = [Double](repeating: 0, count: 3)
        let loadCount = getloadavg(&loads, 3)
        return Machine(
            cpuModel: cpuModelFromProcCpuinfo(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            architecture: hasNames ? string(names.machine) : nil,
            kernel: hasNames ? "\(string(names.sysname)) \(string(names.release))" : nil,
            loadAverage: loadCount == 3
                ? LoadAverage(oneMinute: loads[0], fiveMinutes: loads[1], fifteenMinutes: loads[2])
                : nil,
            hostname: includingHostname ? ProcessInfo.processInfo.hostName : nil)
    }

    private static func cpuModelFromProcCpuinfo() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
            return nil
        }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// A NUL-terminated C character array (a uname field) as a String.
    private static func string<Field>(_ field: Field) -> String {
        withUnsafeBytes(of: field) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
