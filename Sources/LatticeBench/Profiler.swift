import CUnwind
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Samples the process's stacks with a SIGPROF timer (`setitimer(ITIMER_PROF)`, which
/// counts CPU time, so an idle process is not sampled).
///
/// The signal handler does only async-signal-safe work: it reserves a slot with one atomic
/// add, and `unw_backtrace` (libunwind, local unwinding) writes the return addresses into
/// preallocated buffers; it allocates nothing and takes no lock. When the buffers are full,
/// further samples are counted as dropped. The interrupted instruction's address, read from
/// the signal context, tells where the handler's own frames end.
///
/// One profiler runs at a time (the handler's buffers are process-wide).
@MainActor
final class Profiler {
    /// Sampling period: 1 ms of CPU time, nominally 1 kHz (the kernel rounds it to its
    /// timer tick; `Profile.samples` and the run's CPU time give the actual rate).
    static let periodMicroseconds = 1_000
    /// Frames kept per stack; deeper stacks lose their outermost frames and are marked.
    static let maximumDepth = 128
    /// Stacks kept per run: about 32 s of CPU at 1 kHz, 32 MiB of buffers.
    static let capacity = 32_768

    private let frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let depths: UnsafeMutablePointer<Int32>
    private let interrupted: UnsafeMutablePointer<UInt>

    /// Allocates the buffers (`capacity × maximumDepth` addresses).
    init() {
        frames = .allocate(capacity: Self.capacity * Self.maximumDepth)
        depths = .allocate(capacity: Self.capacity)
        interrupted = .allocate(capacity: Self.capacity)
    }

    isolated deinit {
        frames.deallocate()
        depths.deallocate()
        interrupted.deallocate()
    }

    /// Starts sampling.
    /// - Throws: `ProfilerError` if another profiler runs or the timer cannot be set.
    func start() throws(ProfilerError) {
        guard ProfilerSignal.frames == nil else { throw .alreadyRunning }
        ProfilerSignal.frames = frames
        ProfilerSignal.depths = depths
        ProfilerSignal.interrupted = interrupted
        ProfilerSignal.capacity = Self.capacity
        ProfilerSignal.maximumDepth = Self.maximumDepth
        ProfilerSignal.next.store(0, ordering: .sequentiallyConsistent)
        ProfilerSignal.dropped.store(0, ordering: .sequentiallyConsistent)
        // Unwind once outside the handler, so libunwind's lazy set-up never runs inside it.
        var warm: [UnsafeMutableRawPointer?] = Array(repeating: nil, count: 4)
        _ = unw_backtrace(&warm, 4)

        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = ProfilerSignal.handle
        action.sa_flags = SA_SIGINFO | SA_RESTART
        sigemptyset(&action.sa_mask)
        guard sigaction(SIGPROF, &action, nil) == 0 else {
            ProfilerSignal.frames = nil
            throw .systemCall("sigaction", errno)
        }
        guard setTimer(microseconds: Self.periodMicroseconds) == 0 else {
            let code = errno
            ProfilerSignal.frames = nil
            throw .systemCall("setitimer", code)
        }
    }

    /// Stops sampling and returns the stacks, innermost frame first, handler frames removed.
    /// A signal still pending is ignored rather than delivered to the default action (which
    /// would end the process).
    func stop() -> RawProfile {
        _ = setTimer(microseconds: 0)
        signal(SIGPROF, SIG_IGN)
        let taken = min(ProfilerSignal.next.load(ordering: .sequentiallyConsistent), Self.capacity)
        let dropped = ProfilerSignal.dropped.load(ordering: .sequentiallyConsistent)
        ProfilerSignal.frames = nil
        var stacks: [RawProfile.Stack] = []
        stacks.reserveCapacity(taken)
        for slot in 0..<taken {
            let depth = Int(depths[slot])
            let start = frames + slot * Self.maximumDepth
            var addresses = (0..<depth).map { UInt(bitPattern: start[$0]) }
            // Frames up to the interrupted instruction belong to the handler and the signal
            // trampoline; without a match (no context), only the handler's frame is dropped.
            if let first = addresses.firstIndex(of: interrupted[slot]) {
                addresses.removeFirst(first)
            } else if !addresses.isEmpty {
                addresses.removeFirst()
            }
            stacks.append(RawProfile.Stack(addresses: addresses, truncated: depth >= Self.maximumDepth))
        }
        return RawProfile(stacks: stacks, dropped: dropped)
    }

    private func setTimer(microseconds: Int) -> Int32 {
        let interval = timeval(tv_sec: 0, tv_usec: microseconds)
        var timer = itimerval(it_interval: interval, it_value: interval)
        return setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
    }
}

/// The state the SIGPROF handler writes into: raw pointers and atomics only, set before the
/// timer starts and cleared after it stops.
enum ProfilerSignal {
    nonisolated(unsafe) static var frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    nonisolated(unsafe) static var depths: UnsafeMutablePointer<Int32>?
    nonisolated(unsafe) static var interrupted: UnsafeMutablePointer<UInt>?
    nonisolated(unsafe) static var capacity = 0
    nonisolated(unsafe) static var maximumDepth = 0
    static let next = Atomic<Int>(0)
    static let dropped = Atomic<Int>(0)

    /// The handler: reserve a slot, record the interrupted address and the stack.
    static let handle: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        _, _, context in
        guard let frames, let depths, let interrupted else { return }
        let savedErrno = errno
        defer { errno = savedErrno }
        let slot = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard slot < capacity else {
            dropped.wrappingAdd(1, ordering: .relaxed)
            return
        }
        interrupted[slot] = instructionPointer(context)
        depths[slot] = unw_backtrace(frames + slot * maximumDepth, Int32(maximumDepth))
    }

    private static func instructionPointer(_ context: UnsafeMutableRawPointer?) -> UInt {
        guard let context else { return 0 }
        let machine = context.assumingMemoryBound(to: ucontext_t.self)
        #if arch(x86_64)
        return UInt(bitPattern: Int(machine.pointee.uc_mcontext.gregs.16))  // REG_RIP
        #elseif arch(arm64)
        return UInt(machine.pointee.uc_mcontext.pc)
        #else
        return 0
        #endif
    }
}

/// Why profiling could not start.
enum ProfilerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another profiler is sampling.
    case alreadyRunning
    /// A system call failed with this errno.
    case systemCall(String, Int32)

    var description: String {
        switch self {
        case .alreadyRunning: "a profiler is already running"
        case .systemCall(let name, let code): "\(name) failed: \(String(cString: strerror(code)))"
        }
    }
}
