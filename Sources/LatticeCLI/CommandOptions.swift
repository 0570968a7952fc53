/// `--name value` options and `--flag` flags of a command, parsed once: each option at most
/// once unless declared repeatable, no stray arguments.
struct CommandOptions {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// Arguments that are not options, in order (only when the command accepts them).
    private(set) var positional: [String] = []

    /// Parses `arguments`. `values` take one argument each (`--name value` or `--name=value`);
    /// names in `repeatable` may be given more than once; `flags` take none.
    /// - Throws: `CommandError.usage` for an unknown option, a missing value, a repeated
    ///   option, or a positional argument when `positionalAllowed` is false.
    static func parse(_ arguments: [String], values: Set<String>, repeatable: Set<String> = [],
                      flags: Set<String>, positionalAllowed: Bool = false) throws(CommandError) -> CommandOptions {
        var options = CommandOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                guard positionalAllowed else { throw .usage("unexpected argument '\(argument)'") }
                options.positional.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if flags.contains(name) {
                guard parts.count == 1 else { throw .usage("\(name) takes no value") }
                options.flags.insert(name)
            } else if values.contains(name) || repeatable.contains(name) {
                let value: String
                if parts.count == 2 {
                    value = parts[1]
                } else if let next = remaining.popFirst() {
                    value = next
                } else {
                    throw .usage("\(name) needs a value")
                }
                guard !value.isEmpty else { throw .usage("\(name) needs a non-empty value") }
                guard repeatable.contains(name) || options.values[name] == nil else {
                    throw .usage("\(name) given twice")
                }
                options.values[name, default: []].append(value)
            } else {
                throw .usage("unknown option \(name)")
            }
        }
        return options
    }

    /// The value of `name`, if given (the first, for a repeatable option).
    func value(_ name: String) -> String? { values[name]?.first }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `name`. - Throws: `CommandError.usage` when it was not given.
    func required(_ name: String) throws(CommandError) -> String {
        guard let value = value(name) else { throw .usage("\(name) is required") }
        return value
    }

    /// Whether the flag `name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }
}
