// FuzzJSONReader: a libFuzzer target for the runtime's JSON reader (scripts/fuzz.sh
// JSONReader SECONDS). Any input must be read or refused with a located error, never crash;
// what is read must print (`jsonText`) as text that reads back as the same value, so a
// value's kind and digits survive the trip. scripts/lab/check_json_reader.py then compares
// every seed and every input the fuzzer kept with Python's json module.
import CFuzz
import Foundation
import Lattice

/// One input: `size` bytes at `data`.
func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let value = try? JSONReader.value(from: UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let text = value.jsonText
    guard let again = try? JSONReader.value(from: Data(text.utf8)), again == value else {
        preconditionFailure("FuzzJSONReader: \(text) does not read back as the value it printed")
    }
    return 0
}

var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values, fuzzJSONReader))
