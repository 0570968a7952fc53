// FuzzParser: a libFuzzer target for the parser (scripts/fuzz.sh Parser SECONDS). Any bytes
// must parse or fail with a located error, never crash; a document that parses must print
// and print as AST JSON, and its printed form must parse again.
import CFuzz
import Foundation
import GraphQLSyntax

/// One input: `size` bytes at `data`.
func fuzzParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let source = Source(bytes: Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
    guard let document = try? parse(source) else { return 0 }
    let printed = document.printed()
    _ = document.astJSON()
    // A trap is how a libFuzzer target reports a finding.
    guard (try? parse(Source(text: printed, name: "printed"))) != nil else {
        preconditionFailure("FuzzParser: the printed document does not parse:\n\(printed)")
    }
    return 0
}

var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values, fuzzParser))
