// The `lattice` command: one table entry and one file per subcommand.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every subcommand, in the order `lattice --help` lists them. Adding a command is one
/// line here and one file defining its `Command`.
let commands: [Command] = [
    parseCommand,
    validateCommand,
    generateCommand,
    normalizeCommand,
    jsonCommand,
    requestsCommand,
    persistedDocumentsCommand,
    schemaCommand,
    inspectCommand,
    mergeCommand,
    reportCommand,
    compareCommand,
    gateCommand,
    checkCommand,
    baselineCommand,
    benchCommand,
]

exit(Command.dispatch(CommandLine.arguments, among: commands))
