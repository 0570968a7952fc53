import GraphQLSyntax

/// `lattice parse FILE... [--ast-json]`: parses each file and prints a summary per file,
/// or the AST as JSON.
let parseCommand = Command(
    name: "parse",
    summary: "parse GraphQL files; print a summary or the AST as JSON",
    help: """
    usage: lattice parse FILE... [--ast-json]

    Parses each FILE (executable documents and SDL alike).

    Without --ast-json, prints one line per file to stdout:
      FILE: D definitions, T tokens, parsed in M ms
    With --ast-json, prints one JSON document per line (JSON Lines), one per file in
    argument order: the AST without locations, in the shape of graphql-core 3.3's
    ast_to_dict(parse(text, no_location=True)).

    A syntax error prints FILE:LINE:COLUMN: message, the offending line and a caret
    under the column to stderr, and nothing to stdout for that file; the other files
    are still parsed. Exit status: 0 when every file parsed, 1 otherwise.

    """,
    run: runParse
)

private func runParse(_ arguments: [String]) throws(CommandError) -> Int32 {
    var astJSON = false
    var paths: [String] = []
    for argument in arguments {
        if argument == "--ast-json" {
            astJSON = true
        } else if argument.hasPrefix("-") {
            throw .usage("unknown option \(argument)")
        } else {
            paths.append(argument)
        }
    }
    guard !paths.isEmpty else { throw .usage("no files given") }
    var failed = false
    for path in paths {
        let source = try readSource(path)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let (document, tokenCount) = try parseCounting(source)
            let elapsed = clock.now - start
            if astJSON {
                print(document.astJSON())
            } else {
                let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
                print("\(path): \(document.definitions.count) definitions, \(tokenCount) tokens, "
                      + "parsed in \(format(milliseconds)) ms")
            }
        } catch {
            report(error)
            failed = true
        }
    }
    return failed ? 1 : 0
}

/// Three decimals, without Foundation's formatter.
private func format(_ milliseconds: Double) -> String {
    let thousandths = Int((milliseconds * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
