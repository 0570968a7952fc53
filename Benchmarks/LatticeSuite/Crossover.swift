import Foundation
import LatticeBench

/// Where a cost curve crosses a bound: the size at which the median of a measured series
/// first exceeds it, interpolated between the two measured sizes around the crossing on
/// log-log axes (costs grow roughly as a power of the size).
enum Crossover: Equatable {
    /// The first measured point is already above the bound.
    case belowSmallest(size: Int)
    /// Crosses between two measured sizes, at about `size`.
    case between(lower: Int, upper: Int, size: Int)
    /// Every measured point is within the bound, up to `size`.
    case beyondLargest(size: Int)
    /// No points.
    case unmeasured

    /// The crossing of `points` (size, cost), sorted by size, over `bound`.
    /// - Complexity: O(points).
    init(points: [(size: Int, cost: Double)], bound: Double) {
        guard let first = points.first else {
            self = .unmeasured
            return
        }
        guard first.cost <= bound else {
            self = .belowSmallest(size: first.size)
            return
        }
        for (below, above) in zip(points, points.dropFirst()) where above.cost > bound {
            let fraction: Double
            if below.cost > 0, above.cost > below.cost, below.size > 0 {
                fraction = log(bound / below.cost) / log(above.cost / below.cost)
            } else {
                fraction = 0.5
            }
            let size = Double(below.size) * pow(Double(above.size) / Double(max(below.size, 1)), fraction)
            self = .between(lower: below.size, upper: above.size, size: Int(size.rounded()))
            return
        }
        self = .beyondLargest(size: points[points.count - 1].size)
    }

    /// A sentence for reports, e.g. "derived crosses 50.0 µs at about 1,530 fields (between
    /// 1,024 and 2,048)".
    func sentence(series: String, bound: String, unit: String) -> String {
        switch self {
        case .belowSmallest(let size):
            "\(series) is above \(bound) already at the smallest size measured (\(size.grouped) \(unit))"
        case .between(let lower, let upper, let size):
            "\(series) crosses \(bound) at about \(size.grouped) \(unit) (between \(lower.grouped) and \(upper.grouped))"
        case .beyondLargest(let size):
            "\(series) stays under \(bound) up to the largest size measured (\(size.grouped) \(unit))"
        case .unmeasured:
            "\(series) was not measured"
        }
    }

    /// The crossing size, or nil when it is outside the measured range.
    var size: Int? {
        switch self {
        case .between(_, _, let size): size
        case .belowSmallest, .beyondLargest, .unmeasured: nil
        }
    }
}
