/// Keeps a value alive so the optimizer cannot delete the computation that produced it.
///
/// Compiled without optimization and not inlinable, so a call costs one function call
/// (about a nanosecond, part of the per-iteration overhead the harness subtracts).
@_optimize(none)
public func blackHole<Value>(_ value: Value) {}
