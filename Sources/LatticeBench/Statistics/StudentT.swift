import Foundation

/// Student's t distribution's tail, for the test of a shift whose deviation
/// comes from few rounds: with ten degrees of freedom a p of 2.6e-4 needs t ≈ 5.0 where the
/// normal distribution would take 3.65.
enum StudentT {
    /// P(T > t) for `freedom` > 0 degrees of freedom: ½·I_{ν/(ν+t²)}(ν/2, ½) for t >= 0.
    /// - Complexity: O(1) (a continued fraction of at most a few hundred terms).
    static func survival(_ t: Double, freedom: Double) -> Double {
        let tail = 0.5 * regularizedIncompleteBeta(freedom / (freedom + t * t), complement: t * t / (freedom + t * t),
                                                   a: freedom / 2, b: 0.5)
        return t >= 0 ? tail : 1 - tail
    }

    /// I_x(a, b), given x and 1 - x (computed apart, so neither loses its digits near 1),
    /// from the continued fraction of the incomplete beta function on the side where it
    /// converges fast (x below (a + 1)/(a + b + 2)), by I_x(a, b) = 1 - I_{1-x}(b, a) on the other.
    private static func regularizedIncompleteBeta(_ x: Double, complement: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard complement > 0 else { return 1 }
        let logBeta: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(complement)
        let front = exp(logBeta + logPowers)
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - front * continuedFraction(complement, a: b, b: a) / b
    }

    /// The continued fraction 1/(1+ d₁/(1+ d₂/(1+ ...))) of the incomplete beta function,
    /// evaluated by the modified Lentz method.
    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (Swift.abs(d) < tiny ? tiny : d)
        var result = d
        for m in 1...500 {
            let m = Double(m)
            // Even step: d_{2m} = m(b - m)x / ((a + 2m - 1)(a + 2m)).
            var term = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 / Self.nonZero(1 + term * d, tiny)
            c = Self.nonZero(1 + term / c, tiny)
            result *= d * c
            // Odd step: d_{2m+1} = -(a + m)(a + b + m)x / ((a + 2m)(a + 2m + 1)).
            term = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 / Self.nonZero(1 + term * d, tiny)
            c = Self.nonZero(1 + term / c, tiny)
            let step = d * c
            result *= step
            if Swift.abs(step - 1) < 1e-15 { break }
        }
        return result
    }

    private static func nonZero(_ value: Double, _ tiny: Double) -> Double {
        Swift.abs(value) < tiny ? tiny : value
    }
}
