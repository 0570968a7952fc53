import Foundation

/// How a subscription reconnects after its stream drops: exponential backoff with jitter,
/// capped, and an optional limit on attempts.
///
/// The delay before attempt `n` (1-based) is `min(maxDelay, baseDelay * multiplier^(n-1))`,
/// then shortened by up to `jitter` of itself, so that clients dropped together do not
/// reconnect together. The random sample comes from the caller, which keeps this a pure
/// function and tests deterministic.
public struct ReconnectPolicy: Hashable, Sendable {
    /// The delay before the first reconnect attempt, before jitter. Defaults to 1 second.
    public var baseDelay: Duration
    /// How much each further attempt's delay grows. Defaults to 2.
    public var multiplier: Double
    /// The longest delay, before jitter. Defaults to 60 seconds.
    public var maxDelay: Duration
    /// How many reconnect attempts in a row before the subscription ends failed; `nil` never
    /// gives up. Only an event with data resets the count: a stream that opens and ends
    /// without one counts as a failed attempt. Defaults to `nil`.
    public var maxAttempts: Int?
    /// The fraction of a delay that jitter may take off, in `0...1`. Defaults to 0.5, so a
    /// delay lands in `[d/2, d]`.
    public var jitter: Double

    /// Exponential backoff from 1 s, doubling, capped at 60 s, with half jitter, unlimited.
    public static let `default` = ReconnectPolicy()

    public init(baseDelay: Duration = .seconds(1), multiplier: Double = 2,
                maxDelay: Duration = .seconds(60), maxAttempts: Int? = nil, jitter: Double = 0.5) {
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.maxAttempts = maxAttempts
        self.jitter = min(max(jitter, 0), 1)
    }

    /// The delay before reconnect attempt `attempt` (1-based), or `nil` when the policy gives
    /// up. `sample` is a uniform random number in `0..<1`. - Complexity: O(1).
    public func delay(beforeAttempt attempt: Int, sample: Double) -> Duration? {
        if let maxAttempts, attempt > maxAttempts { return nil }
        let base = baseDelay.seconds * pow(multiplier, Double(max(attempt - 1, 0)))
        let capped = min(base, maxDelay.seconds)
        return .seconds(capped * (1 - jitter * sample))
    }

    /// Whether a stream that failed this way is worth reconnecting: a lost or refused
    /// connection, a timeout, or a server error (5xx). A rejected request (4xx, request
    /// errors, a body that does not decode) fails the same way again, so it ends the stream.
    public static func isRetryable(_ failure: Failure) -> Bool {
        switch failure {
        case .transport, .timedOut: true
        case .httpStatus(let code, _): code >= 500
        case .undecodableResponse, .requestErrors, .fieldErrors, .requiredFieldMissing,
             .notInStore, .cancelled: false
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double { self / .seconds(1) }
}

