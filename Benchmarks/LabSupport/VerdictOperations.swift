import Lattice
import LatticeTesting

/// The spec/ queries whose verdict walks their own selection (`@throwOnFieldError`, or a
/// `@required` that can bubble to the root), the largest first: the operations whose phase
/// read the lab measures. Those without an `ok` fixture are left out.
public enum VerdictOperations {
    /// Names, by own field count (largest first), then name.
    public static func names(in fixtures: CompiledSpec) -> [String] {
        fixtures.program.artifacts.values
            .filter { $0.kind == .query && $0.needsVerdictWalk }
            .filter { artifact in fixtures.responses.contains { $0.operation == artifact.name && $0.case == "ok" } }
            .sorted { ($0.ownFieldCount, $1.name) > ($1.ownFieldCount, $0.name) }
            .map(\.name)
    }
}
