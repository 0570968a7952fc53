#if os(macOS) || os(Linux)
import Foundation

/// A child process's exit status read without waiting on Foundation's news of the exit
/// (`waitUntilExit`, `terminationHandler`): that news comes late, or never while the run lasts,
/// whenever another child (a loopback server) inherited what it comes by
/// (`LoopbackServer.stop()` says the same). Where `Process` exists (macOS, Linux).
public enum ChildExitStatus {
    /// The exit status of the child `process` once it exits, read with `waitid` and
    /// `WNOWAIT`, leaving it to be reaped; when Foundation reaped it already, Foundation's.
    /// Blocks the calling thread until the child exits: call it off the main actor and off
    /// the cooperative pool's few threads where others may wait on it.
    public static func of(_ process: Process) -> Int32 {
        var info = siginfo_t()
        while true {
            if waitid(P_PID, id_t(process.processIdentifier), &info, WEXITED | WNOWAIT) == 0 {
                #if os(Linux)
                return info._sifields._sigchld.si_status
                #else
                return info.si_status
                #endif
            }
            if errno != EINTR { break }
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
#endif
