import Foundation

/// Maps data values onto a pixel range, linearly or by powers of ten, and picks the ticks
/// an axis labels.
public struct ChartScale {
    /// How values are spaced along the axis.
    public enum Kind: Sendable {
        /// Equal differences take equal space; ticks at 1, 2 or 5 times a power of ten.
        case linear
        /// Equal ratios take equal space (for sizes spanning decades); ticks at powers of ten.
        case logarithmic
    }

    /// The spacing.
    let kind: Kind
    /// Smallest and largest value shown (positive for `.logarithmic`).
    let domain: ClosedRange<Double>
    /// Pixel positions of the domain's ends (the first may exceed the second, as on a y axis).
    let range: (start: Double, end: Double)
    /// Smallest distance between linear ticks (1 for counts such as run numbers).
    let minimumStep: Double

    /// A scale covering `values` (and `including`, e.g. a limit line) with a little margin;
    /// non-positive values are left out of a logarithmic domain.
    /// - Complexity: O(values).
    init(kind: Kind, covering values: [Double], including: [Double] = [],
         range: (start: Double, end: Double), minimumStep: Double = 0) {
        self.kind = kind
        self.range = range
        self.minimumStep = minimumStep
        let all = (values + including).filter { $0.isFinite && (kind == .linear || $0 > 0) }
        let low = all.min() ?? (kind == .linear ? 0 : 1)
        let high = all.max() ?? low
        switch kind {
        case .linear:
            let bottom = Swift.min(0, low)
            let top = high > bottom ? high * 1.05 : bottom + 1
            // End on a tick, so the top of the axis is labelled.
            let step = Self.step(for: top - bottom, minimum: minimumStep)
            domain = bottom...((top / step).rounded(.up) * step)
        case .logarithmic:
            let bottom = pow(10, floor(log10(low)))
            let top = pow(10, ceil(log10(high)))
            domain = bottom...(top > bottom ? top : bottom * 10)
        }
    }

    /// The pixel position of `value`, clamped to the domain.
    func position(_ value: Double) -> Double {
        let clamped = Swift.min(Swift.max(value, domain.lowerBound), domain.upperBound)
        let fraction: Double
        switch kind {
        case .linear:
            fraction = (clamped - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        case .logarithmic:
            fraction = log10(clamped / domain.lowerBound) / log10(domain.upperBound / domain.lowerBound)
        }
        return range.start + fraction * (range.end - range.start)
    }

    /// Values to label: powers of ten for a logarithmic scale, about five round steps for a
    /// linear one. - Complexity: O(ticks).
    func ticks() -> [Double] {
        switch kind {
        case .logarithmic:
            let first = Int(log10(domain.lowerBound).rounded())
            let last = Int(log10(domain.upperBound).rounded())
            return (first...Swift.max(first, last)).map { pow(10, Double($0)) }
        case .linear:
            let step = Self.step(for: domain.upperBound - domain.lowerBound, minimum: minimumStep)
            var values: [Double] = []
            var value = (domain.lowerBound / step).rounded(.up) * step
            while value <= domain.upperBound + step * 1e-9 {
                values.append(value)
                value += step
            }
            return values
        }
    }

    /// A round step (1, 2 or 5 times a power of ten, at least `minimum`) giving about five
    /// ticks over `span`.
    private static func step(for span: Double, minimum: Double) -> Double {
        let rough = span / 5
        let magnitude = pow(10, floor(log10(rough)))
        return Swift.max(minimum, [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? rough)
    }
}
