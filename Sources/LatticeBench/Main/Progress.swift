#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of a run on standard error, so standard output carries only the results.
///
/// On a terminal, a status line is rewritten in place at most every 100 ms and finished
/// benchmarks leave one line each; when standard error is a file or pipe, only the finished
/// lines and notes are written (no carriage returns in logs).
@MainActor
final class Progress {
    /// Whether standard error is a terminal.
    let isTerminal: Bool
    private var lastUpdate: UInt64 = 0
    private var statusVisible = false
    private static let updateInterval: UInt64 = 100_000_000

    /// Progress to standard error.
    init() {
        isTerminal = isatty(STDERR_FILENO) == 1
    }

    /// Shows what `name` is doing now (terminal only, throttled).
    /// - Complexity: one clock read when throttled; a write otherwise.
    func update(_ name: String, _ status: String) {
        guard isTerminal else { return }
        let now = Clocks.wallNanoseconds()
        guard now &- lastUpdate >= Self.updateInterval else { return }
        lastUpdate = now
        emit("\r\u{1B}[2K\(name): \(status)")
        statusVisible = true
    }

    /// A permanent line (a finished benchmark, a note), replacing any status line.
    func line(_ text: String) {
        clearStatus()
        emit(text + "\n")
    }

    /// Removes the status line, before the results are printed on a shared terminal.
    func clearStatus() {
        guard statusVisible else { return }
        emit("\r\u{1B}[2K")
        statusVisible = false
        lastUpdate = 0
    }

    private func emit(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = write(STDERR_FILENO, base + offset, bytes.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
