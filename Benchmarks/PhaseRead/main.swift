// PhaseRead: what one read of `phase` costs under each strategy, on every query of the spec
// folder whose verdict walks its own selection (every @throwOnFieldError one, and those whose
// @required can bubble to the root), the largest @throwOnFieldError one first, then by size
// (LabOperations.verdictWalking; scripts/bench.sh profiles the first it lists):
//
//   PhaseRead/<strategy>/<Operation>/tracked    inside a body's tracking scope (the record's limit:
//                                               under 50 µs on the largest, spec/'s Dashboard)
//   PhaseRead/<strategy>/<Operation>/untracked  outside any scope (a model or a test asking)
//
// Time, allocations, and instructions with --instructions. The handle holds the operation's
// `ok` fixture, attached storeOnly; the phase is `ready` throughout.
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting

@MainActor
func benchmarks() throws -> [Benchmark] {
    let fixtures = try CompiledSpec.load()
    return try LabOperations(fixtures).verdictWalking.flatMap { operation in
        PhaseStrategy.allCases.flatMap { strategy -> [Benchmark] in
            let load: @MainActor @Sendable () throws -> PhaseReadSubject = {
                PhaseReadSubject(try LoadedHandle(fixtures: fixtures, strategy: strategy, operation: operation))
            }
            return [
                Benchmark(SuiteBenchmark.phaseRead(strategy: strategy.rawValue, operation: operation, tracked: true).nameInExecutable,
                          setUp: load) { $0.readTracked() },
                Benchmark(SuiteBenchmark.phaseRead(strategy: strategy.rawValue, operation: operation, tracked: false).nameInExecutable,
                          setUp: load) { $0.readUntracked() },
            ]
        }
    }
}

runSuite("PhaseRead") { try benchmarks() }
