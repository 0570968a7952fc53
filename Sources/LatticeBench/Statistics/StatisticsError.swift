/// Why a statistic could not be computed from the given samples or parameters.
public enum StatisticsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No samples; `role` says which set ("samples", "baseline", "candidate").
    case empty(role: String)
    /// A sample is NaN or infinite; `index` is its position in the input.
    case nonFinite(role: String, index: Int, value: Double)
    /// A confidence level outside the open interval (0, 1).
    case invalidConfidence(Double)
    /// A bootstrap resample count below 1.
    case invalidResamples(Int)

    public var description: String {
        switch self {
        case .empty(let role):
            "no \(role): at least one sample is needed"
        case .nonFinite(let role, let index, let value):
            "\(role)[\(index)] is \(value); samples must be finite numbers"
        case .invalidConfidence(let confidence):
            "confidence \(confidence) is outside (0, 1)"
        case .invalidResamples(let resamples):
            "bootstrap resamples \(resamples) is below 1"
        }
    }

    /// Throws `.empty` or `.nonFinite` unless `samples` is a non-empty list of finite numbers.
    /// - Complexity: O(n).
    static func validate(_ samples: [Double], role: String) throws(StatisticsError) {
        guard !samples.isEmpty else { throw .empty(role: role) }
        if let index = samples.firstIndex(where: { !$0.isFinite }) {
            throw .nonFinite(role: role, index: index, value: samples[index])
        }
    }
}
