import LabTestSupport
import LatticeBench
@testable import LatticeLab

extension LabSamples {
    /// What the reports show of `results` judged by `limits(ships:)` shipping `ships`, the runtime
    /// shipping the same, for the test's own suite.
    static func findings(_ results: ResultsFile, ships: String) throws -> Findings {
        Findings(gate: try ReleaseGate(results: results, limits: limits(ships: ships), runtimeDefault: ships),
                 suite: FixtureSuite())
    }
}
