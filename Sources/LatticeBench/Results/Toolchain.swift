/// The Swift toolchain that built the measured binaries.
///
/// Prefer passing the version in (the script that builds the suite knows it); `reported()`
/// exists for callers that do not, and costs a `swift --version` subprocess.
public struct Toolchain: Codable, Sendable, Hashable {
    /// First line of `swift --version`, e.g. `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    public var swiftVersion: String

    /// Creates a toolchain description from a known version string.
    public init(swiftVersion: String) {
        self.swiftVersion = swiftVersion
    }

    /// Asks `swift --version` (first line of its output; some toolchains print it on
    /// standard output after a driver line, so the line mentioning "Swift version" wins).
    /// - Returns: nil when `swift` cannot be run.
    /// - Complexity: one subprocess, typically tens of milliseconds.
    public static func reported() -> Toolchain? {
        guard let output = Subprocess.output(["swift", "--version"]) else { return nil }
        let lines = output.split(separator: "\n").map(String.init)
        guard let line = lines.first(where: { $0.contains("Swift version") }) ?? lines.first else {
            return nil
        }
        return Toolchain(swiftVersion: line)
    }
}
