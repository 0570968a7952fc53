// FuzzNormalizer: a libFuzzer target for JSON decoding, the normalizer and the reader
// (scripts/fuzz.sh Normalizer SECONDS). The input is a spec/responses file
// ({operation, variables, response}); whatever it holds must be decoded, normalized into a
// store and read back, or refused with a reason, never crash.
import CFuzz
import Foundation
import Lattice
import LatticeTesting

/// spec/ compiled once.
let spec = try? CompiledSpec.load()

/// One input: `size` bytes at `data`.
func fuzzNormalizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let spec else { preconditionFailure("FuzzNormalizer: spec/ does not load") }
    guard let input = try? FixtureResponse(decoding: Data(bytes: data, count: size), case: "fuzz"),
          let artifact = try? spec.artifact(input.operation) else { return 0 }
    // libFuzzer calls in on the main thread.
    MainActor.assumeIsolated {
        let bound = BoundArtifact(artifact, variables: input.variables)
        let store = Store()
        guard (try? store.commit(input.response, for: bound)) != nil, let root = store.record(.root) else { return }
        _ = StoreReader.read(bound, root: root)
        _ = DataChecker.check(bound, in: store)
    }
    return 0
}

var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values, fuzzNormalizer))
