import LabTestSupport
import LatticeBench
@testable import LatticeLab
import LatticeSuite

extension LabSamples {
    /// What the reports show of `results` judged by `limits(ships:)` shipping `ships`, the runtime
    /// shipping the same, for Lattice's suite.
    static func findings(_ results: ResultsFile, ships: String) throws -> Findings {
        Findings(gate: try ReleaseGate(results: results, limits: limits(ships: ships), runtimeDefault: ships),
                 suite: LatticeSuite())
    }
}
