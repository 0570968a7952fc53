import Foundation

/// The standard normal distribution's tail and quantile, for the asymptotic tests.
enum NormalDistribution {
    /// P(Z > z). Uses erfc, so tails far below 1e-16 keep their precision. - Complexity: O(1).
    static func survival(_ z: Double) -> Double {
        0.5 * erfc(z / 2.0.squareRoot())
    }

    /// The z with P(Z <= z) = p, p in (0, 1), by bisection to the last representable digit;
    /// called a few times per comparison, so simplicity wins over a rational approximation.
    /// - Complexity: O(1) (at most ~1100 halvings of [-40, 40], typically ~60).
    static func quantile(_ p: Double) -> Double {
        var low = -40.0
        var high = 40.0
        while true {
            let mid = (low + high) / 2
            guard mid > low, mid < high else { return mid }
            if 1 - survival(mid) < p { low = mid } else { high = mid }
        }
    }
}
