// PhaseRead: what one read of `phase` costs under each strategy, on every spec/ query whose
// verdict walks its own selection (every @throwOnFieldError one, and those whose @required
// can bubble to the root), the largest first:
//
//   PhaseRead/<strategy>/<Operation>/tracked    inside a body's tracking scope (the record's limit:
//                                               under 50 µs on Dashboard, the largest)
//   PhaseRead/<strategy>/<Operation>/untracked  outside any scope (a model or a test asking)
//
// Time, allocations, and instructions with --instructions. The handle holds the operation's
// `ok` fixture, attached storeOnly; the phase is `ready` throughout.
import LabSupport
import Lattice
import LatticeBench
import LatticeTesting

@MainActor
func benchmarks() throws -> [Benchmark] {
    let fixtures = try CompiledSpec.load()
    return VerdictOperations.names(in: fixtures).flatMap { operation in
        PhaseStrategy.allCases.flatMap { strategy -> [Benchmark] in
            let load: @MainActor @Sendable () throws -> PhaseReader = {
                PhaseReader(try LoadedHandle(fixtures: fixtures, strategy: strategy, operation: operation))
            }
            return [
                Benchmark("\(strategy.rawValue)/\(operation)/tracked", setUp: load) { $0.readTracked() },
                Benchmark("\(strategy.rawValue)/\(operation)/untracked", setUp: load) { $0.readUntracked() },
            ]
        }
    }
}

runSuite("PhaseRead") { try benchmarks() }
