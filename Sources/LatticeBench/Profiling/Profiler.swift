import CUnwind
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Samples the calling thread's stacks with a SIGPROF timer.
///
/// The timer is a POSIX timer on the monotonic clock aimed at the calling thread
/// (`timer_create(CLOCK_MONOTONIC)`, `SIGEV_THREAD_ID`), a high-resolution timer that really
/// fires at 1 kHz. `setitimer(ITIMER_PROF)` would count CPU time instead, but fires on the
/// kernel's tick only: 230 Hz measured on the lab machine (HZ=250), four times fewer samples.
/// The benchmark thread is busy during a profile, so wall time and its CPU time agree, except
/// while it is descheduled (a signal due then is delivered when it resumes, at the same place).
///
/// The signal handler does only async-signal-safe work: it reserves a slot with one atomic
/// add, and `unw_backtrace` (libunwind, local unwinding) writes the return addresses into
/// preallocated buffers; it allocates nothing and takes no lock. When the buffers are full,
/// further samples are counted as dropped. The interrupted instruction's address, read from
/// the signal context, tells where the handler's own frames end.
///
/// Samples are kept only while it records: `pause()` and `resume()` set a flag the handler
/// reads, so the timer keeps its phase and a signal due while paused is ignored (the harness
/// pauses it outside the measured parts: `ProfilingSession`).
///
/// One profiler runs at a time (the handler's buffers are process-wide).
@MainActor
final class Profiler {
    /// Sampling period: 1 ms (1 kHz).
    static let periodNanoseconds = 1_000_000
    /// Frames kept per stack; deeper stacks lose their outermost frames and are marked.
    static let maximumDepth = 128
    /// Stacks kept per run: about 32 s of CPU at 1 kHz, 32 MiB of buffers.
    static let capacity = 32_768

    private let frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let depths: UnsafeMutablePointer<Int32>
    private let interrupted: UnsafeMutablePointer<UInt>
    private var timer: timer_t?

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
        ProfilerSignal.paused.store(false, ordering: .sequentiallyConsistent)
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
        var event = sigevent()
        event.sigev_notify = Int32(SIGEV_THREAD_ID)
        event.sigev_signo = SIGPROF
        event._sigev_un._tid = Self.currentThreadID()
        guard timer_create(CLOCK_MONOTONIC, &event, &timer) == 0 else {
            let code = errno
            ProfilerSignal.frames = nil
            throw .systemCall("timer_create", code)
        }
        guard setTimer(nanoseconds: Self.periodNanoseconds) == 0 else {
            let code = errno
            timer_delete(timer)
            timer = nil
            ProfilerSignal.frames = nil
            throw .systemCall("timer_settime", code)
        }
    }

    /// Stops keeping samples until `resume()`; the timer runs on. - Complexity: O(1).
    func pause() {
        ProfilerSignal.paused.store(true, ordering: .relaxed)
    }

    /// Keeps samples again after `pause()`. - Complexity: O(1).
    func resume() {
        ProfilerSignal.paused.store(false, ordering: .relaxed)
    }

    /// Stops sampling and returns the stacks, innermost frame first, handler frames removed.
    /// A signal still pending is ignored rather than delivered to the default action (which
    /// would end the process).
    func stop() -> RawProfile {
        _ = setTimer(nanoseconds: 0)
        timer_delete(timer)
        timer = nil
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

    private func setTimer(nanoseconds: Int) -> Int32 {
        let interval = timespec(tv_sec: 0, tv_nsec: nanoseconds)
        var specification = itimerspec(it_interval: interval, it_value: interval)
        return timer_settime(timer, 0, &specification, nil)
    }

    /// The kernel's id of the calling thread (`gettid`, which Swift's Glibc does not import;
    /// the process id, which is the main thread's, without it).
    private static func currentThreadID() -> Int32 {
        typealias GetThreadID = @convention(c) () -> Int32
        guard let function = DynamicLinker.symbol(named: "gettid") else { return getpid() }
        return unsafeBitCast(function, to: GetThreadID.self)()
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
    /// Whether samples are ignored for now (`Profiler.pause()`).
    static let paused = Atomic<Bool>(false)

    /// The handler: reserve a slot, record the interrupted address and the stack.
    static let handle: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        _, _, context in
        guard let frames, let depths, let interrupted, !paused.load(ordering: .relaxed) else { return }
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
