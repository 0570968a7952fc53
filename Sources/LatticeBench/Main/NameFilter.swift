#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Selects benchmarks by result name (`Executable/benchmark`): a pattern with `*`, `?` or
/// `[` is a shell glob matched against the whole name (`fnmatch`); any other pattern
/// selects names that contain it. `|` separates alternatives, any of which selects (no
/// benchmark name holds a `|`): the lab resamples several benchmarks of an executable in one
/// process.
struct NameFilter: Equatable, Sendable {
    /// The pattern as given.
    let pattern: String

    /// Whether `name` is selected.
    /// - Complexity: O(name × pattern) at worst.
    func matches(_ name: String) -> Bool {
        pattern.split(separator: "|", omittingEmptySubsequences: true).contains { alternative in
            if alternative.contains(where: { "*?[".contains($0) }) {
                return fnmatch(String(alternative), name, 0) == 0
            }
            return name.contains(alternative)
        }
    }
}
