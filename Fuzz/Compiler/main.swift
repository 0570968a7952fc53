// FuzzCompiler: a libFuzzer target for the compiler (scripts/fuzz.sh Compiler SECONDS). Any
// bytes, parsed and compiled against spec/'s schema, must compile or give diagnostics,
// never crash.
import CFuzz
import Foundation
import GraphQLSyntax
import Lattice
import LatticeTesting

/// spec/'s schema (the client directives are built in), built once.
let schema: Schema? = {
    guard let spec = try? Spec.locate(), let sdl = try? spec.schema() else { return nil }
    return try? SchemaBuilder.build(sources: [Source(text: sdl, name: "schema.graphql")])
}()

/// One input: `size` bytes at `data`.
func fuzzCompiler(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let schema else { preconditionFailure("FuzzCompiler: spec/'s schema does not build") }
    let source = Source(bytes: Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
    _ = try? Compiler.compile(sources: [source], schema: schema)
    return 0
}

var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values, fuzzCompiler))
