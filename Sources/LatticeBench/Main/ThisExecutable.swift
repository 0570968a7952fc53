import Foundation

/// The path of the running executable, for the harness's children (the callgrind child, a
/// measuring group's process) to start it again.
enum ThisExecutable {
    /// Where the running executable is: what `/proc/self/exe` links to on Linux, its first
    /// argument elsewhere (the current folder is not changed, so a relative one still resolves).
    /// - Complexity: one `readlink`.
    static var path: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }
}
