import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a thread with a small stack, the size of a secondary thread's on Apple
/// platforms, so a test shows that a recursive walk's depth bound fits it: past the bound a
/// walk must fail cleanly, and a walk that does not fit crashes the test process.
public enum SmallStack {
    /// 512 KiB: a secondary thread's default stack on Apple platforms; four times that
    /// under AddressSanitizer or ThreadSanitizer, whose instrumentation makes frames several
    /// times larger (the uninstrumented runs show the bound fits 512 KiB).
    public static let size = 512 * 1024 * (isSanitized ? 4 : 1)

    /// Whether a sanitizer's runtime is linked into the process.
    private static let isSanitized: Bool = {
        let process = dlopen(nil, RTLD_NOW)
        return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
    }()

    /// Runs `body` on a new thread with a `size`-byte stack and returns what it returned,
    /// waiting for it. Main-actor work runs there while the main actor waits, so the main
    /// actor's state is still touched by one thread at a time.
    /// - Complexity: one thread started per call (tens of microseconds) plus `body`.
    @MainActor
    public static func run<Value>(_ body: @MainActor () throws -> Value) throws -> Value {
        try withoutActuallyEscaping(body) { body in
            // The main actor is blocked in `wait` below while the thread runs `body`, so
            // running it off the main thread does not race (isolation is not part of a
            // function's representation, so the cast only drops the annotation).
            let job = Job(unsafeBitCast(body, to: (() throws -> Value).self))
            let thread = Thread { job.run() }
            thread.stackSize = size
            thread.start()
            job.done.wait()
            guard let result = job.result else { preconditionFailure("SmallStack.run(): the thread ended without a result") }
            return try result.get()
        }
    }

    /// The work handed to the thread and what it returned, read by the waiting caller once
    /// `done` is signalled (the semaphore orders the accesses). The work is dropped before
    /// the signal: it must not outlive the caller's call.
    private final class Job<Value>: @unchecked Sendable {
        private var work: (() throws -> Value)?
        let done = DispatchSemaphore(value: 0)
        var result: Result<Value, any Error>?

        init(_ work: @escaping () throws -> Value) {
            self.work = work
        }

        func run() {
            if let work { result = Result { try work() } }
            work = nil
            done.signal()
        }
    }
}
