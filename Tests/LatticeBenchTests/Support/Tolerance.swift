/// Whether `actual` is within `relative` of `expected`, relative to max(1, |expected|) so
/// values near zero are compared absolutely. Both nil counts as close.
func isClose(_ actual: Double?, _ expected: Double?, relative: Double) -> Bool {
    switch (actual, expected) {
    case (nil, nil): true
    case let (actual?, expected?): abs(actual - expected) <= relative * max(1, abs(expected))
    case (nil, _?), (_?, nil): false
    }
}
