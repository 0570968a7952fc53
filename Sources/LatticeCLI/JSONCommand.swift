import Foundation
import Lattice

/// `lattice json FILE...`: reads each file as the runtime reads a response body, and prints
/// the value or the refusal, one line per file.
let jsonCommand = Command(
    name: "json",
    summary: "read JSON files as the runtime reads responses; print each value or its error",
    help: """
    usage: lattice json FILE...

    Reads each FILE with the runtime's JSON reader (JSONReader: strict RFC 8259 on UTF-8,
    numbers kept as written, nesting bounded) and prints one line per file, in argument
    order, to stdout:
      FILE<TAB>VALUE            the value as compact JSON: keys sorted, an integer as
                                digits, a double always with a fraction or an exponent
      FILE<TAB>error: MESSAGE   why the reader refused it, with the line and column
    scripts/lab/check_json_reader.py compares these with Python's json module.
    Exit status: 0 when every file was read, 1 otherwise.

    """,
    run: runJSON
)

private func runJSON(_ arguments: [String]) throws(CommandError) -> Int32 {
    if let option = arguments.first(where: { $0.hasPrefix("-") }) { throw .usage("unknown option \(option)") }
    guard !arguments.isEmpty else { throw .usage("no files given") }
    var refused = false
    for path in arguments {
        let data = try readFile(path)
        do {
            print("\(path)\t\(try JSONReader.value(from: data).jsonText)")
        } catch {
            refused = true
            print("\(path)\terror: \(error)")
        }
    }
    return refused ? 1 : 0
}
