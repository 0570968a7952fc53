// ReadScaling: what a tracked phase read costs against the number of fields the verdict
// walks, per strategy, on generated `@throwOnFieldError` operations of one row of n fields
// (LabSupport.GeneratedSchema):
//
//   ReadScaling/<strategy>/<n>   one read of `phase` inside a body's tracking scope
//
// BENCHMARKS.md reports the field count at which `derived` crosses the read limit.
import LabSupport
import Lattice
import LatticeTesting
import LatticeBench
import LatticeSuite

/// From a few fields to a few thousand, doubling twice per step.
let sizes = [4, 16, 64, 256, 1_024, 4_096]

@MainActor
func benchmarks() throws -> [Benchmark] {
    let program = try GeneratedSchema.program(rowSizes: sizes, throwOnFieldError: true)
    return sizes.flatMap { size in
        PhaseStrategy.allCases.map { strategy in
            Benchmark(SuiteBenchmark.readScaling(strategy: strategy.rawValue, fields: size).nameInExecutable, setUp: {
                let name = GeneratedSchema.rowName(size)
                let response = GeneratedSchema.rowResponse(fields: size)
                let transport = FixtureTransport(responses: [
                    FixtureResponse(operation: name, variables: [:], case: "ok", response: response),
                ])
                return PhaseReadSubject(try LoadedHandle(program: program, transport: transport, strategy: strategy,
                                                     operation: name, response: response))
            }) { $0.readTracked() }
        }
    }
}

runSuite("ReadScaling") { try benchmarks() }
