/// Outlier counts by Tukey's fences; outliers are counted and reported, never dropped.
///
/// With quartiles Q1, Q3 and IQR = Q3 - Q1: a sample is a *mild* outlier when it lies
/// beyond 1.5·IQR but within 3·IQR of its quartile, and *severe* beyond 3·IQR (strictly).
/// The four counts are disjoint.
public struct Outliers: Hashable, Codable, Sendable {
    /// Samples in `[Q1 - 3·IQR, Q1 - 1.5·IQR)`.
    public var mildLow: Int
    /// Samples in `(Q3 + 1.5·IQR, Q3 + 3·IQR]`.
    public var mildHigh: Int
    /// Samples below `Q1 - 3·IQR`.
    public var severeLow: Int
    /// Samples above `Q3 + 3·IQR`.
    public var severeHigh: Int

    /// Creates counts directly (decoding, tests); `Summary` computes them from samples.
    public init(mildLow: Int, mildHigh: Int, severeLow: Int, severeHigh: Int) {
        self.mildLow = mildLow
        self.mildHigh = mildHigh
        self.severeLow = severeLow
        self.severeHigh = severeHigh
    }

    /// Counts the outliers of `samples` against fences around the quartiles `q1`, `q3`.
    /// - Complexity: O(n).
    init(samples: [Double], q1: Double, q3: Double) {
        let iqr = q3 - q1
        var counts = Outliers(mildLow: 0, mildHigh: 0, severeLow: 0, severeHigh: 0)
        for x in samples {
            if x < q1 - 3 * iqr {
                counts.severeLow += 1
            } else if x < q1 - 1.5 * iqr {
                counts.mildLow += 1
            } else if x > q3 + 3 * iqr {
                counts.severeHigh += 1
            } else if x > q3 + 1.5 * iqr {
                counts.mildHigh += 1
            }
        }
        self = counts
    }

    /// All outliers, mild and severe.
    public var total: Int { mildLow + mildHigh + severeLow + severeHigh }
}
