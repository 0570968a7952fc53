/// The cost of every function in one callgrind dump, by function name: its self cost (the
/// cost lines directly under it) and its inclusive cost (self plus the inclusive cost of the
/// calls it makes), for one event (`Ir` by default).
///
/// Format (callgrind's "callgrind format", version 1): `fn=` starts a function's block; cost
/// lines `<positions> <costs>` under it are its self cost. `calls=<count> <target position>`
/// (after `cfn=` naming the callee, and optionally `cob=`/`cfi=`) is followed by exactly one
/// cost line: the inclusive cost of those calls. Names are compressed: `(id) name` on first
/// use, `(id)` afterwards, one id space for objects (`ob=`, `cob=`), one for files (`fl=`,
/// `fi=`, `fe=`, `cfi=`, `cfl=`) and one for functions (`fn=`, `cfn=`). Positions are absolute
/// (decimal or `0x` hex), relative (`+N`, `-N`) or `*` (same); the number of position columns
/// comes from `positions:` (default `line`). Missing trailing cost columns are 0.
///
/// Recursion is counted once. Callgrind names the activations of a function that run inside
/// another activation of it `name'2` (`--separate-recs`, default 2 levels), including those
/// reached through other functions (mutual recursion). A function's self cost is the sum over
/// all its activations; its inclusive cost is that of its outermost activations (`name`, which
/// contains all deeper ones: adding those again would count a cycle twice), or, when the dump
/// holds only deeper ones, the largest of them. A call from an activation name to itself adds
/// nothing, and no inclusive cost exceeds the dump's total.
struct CallgrindFunctionCosts: Equatable, Sendable {
    /// Self and inclusive cost of one function.
    struct Cost: Equatable, Sendable {
        /// Cost of the function's own instructions.
        var selfCost: UInt64
        /// Self cost plus the inclusive cost of the calls it made.
        var inclusiveCost: UInt64
    }

    /// Costs by function name (as callgrind wrote it, without its recursion suffix).
    var functions: [String: Cost]
    /// The sum of all self costs.
    var total: UInt64

    /// Costs given directly (tests, merged dumps). - Complexity: O(1).
    init(functions: [String: Cost], total: UInt64) {
        self.functions = functions
        self.total = total
    }

    /// Parses the body of a callgrind dump; `file` names it in errors.
    /// - Throws: `CallgrindOutputError.malformedLine` for a line this format does not allow
    ///   (a cost line outside a function, a bad number, an undefined name id, `calls=` not
    ///   followed by a cost line).
    /// - Complexity: O(text length), plus O(functions · calls) to add up inclusive costs.
    init(parsing text: String, file: String, event: String = "Ir") throws(CallgrindOutputError) {
        var positionCount = 1
        var eventIndex = 0
        var functionNames: [Int: String] = [:]
        var selfCosts: [String: UInt64] = [:]
        var callCosts: [String: UInt64] = [:]
        var current: String?
        var callee: String?
        var awaitingCallCost = false
        var lineNumber = 0

        func malformed(_ line: Substring, _ reason: String) -> CallgrindOutputError {
            .malformedLine(file: file, line: lineNumber, text: String(line.prefix(120)), reason: reason)
        }
        /// Resolves `(id) name` / `(id)` / `name` in the function id space.
        func functionName(_ spec: Substring, _ line: Substring) throws(CallgrindOutputError) -> String {
            let spec = spec.drop { $0 == " " }
            guard spec.first == "(" else { return String(spec) }
            guard let close = spec.firstIndex(of: ")"), let id = Int(spec[spec.index(after: spec.startIndex)..<close])
            else { throw malformed(line, "bad name id") }
            let rest = spec[spec.index(after: close)...].drop { $0 == " " }
            if rest.isEmpty {
                guard let name = functionNames[id] else { throw malformed(line, "function id \(id) used before it is defined") }
                return name
            }
            let name = String(rest)
            functionNames[id] = name
            return name
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let first = line.utf8.first else { continue }
            let isCostLine = (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
                || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: "*")
            if isCostLine {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                let column = positionCount + eventIndex
                var cost: UInt64 = 0
                if column < fields.count {
                    guard let value = UInt64(fields[column]) else { throw malformed(line, "'\(fields[column])' is not a count") }
                    cost = value
                }
                guard let function = current else { throw malformed(line, "cost line before any fn=") }
                if awaitingCallCost {
                    awaitingCallCost = false
                    if let callee, callee != function { callCosts[function, default: 0] += cost }
                } else {
                    selfCosts[function, default: 0] += cost
                }
                continue
            }
            guard !awaitingCallCost else { throw malformed(line, "calls= is not followed by a cost line") }
            if line.hasPrefix("fn=") {
                let name = try functionName(line.dropFirst(3), line)
                current = name
                if selfCosts[name] == nil { selfCosts[name] = 0 }
            } else if line.hasPrefix("cfn=") {
                let name = try functionName(line.dropFirst(4), line)
                callee = name
                if selfCosts[name] == nil { selfCosts[name] = 0 }
            } else if line.hasPrefix("calls=") {
                guard current != nil else { throw malformed(line, "calls= before any fn=") }
                guard callee != nil else { throw malformed(line, "calls= without cfn=") }
                awaitingCallCost = true
            } else if line.hasPrefix("positions:") {
                positionCount = line.dropFirst("positions:".count).split(separator: " ").count
                guard positionCount > 0 else { throw malformed(line, "no position columns") }
            } else if line.hasPrefix("events:") {
                let events = line.dropFirst("events:".count).split(separator: " ")
                guard let index = events.firstIndex(where: { $0 == event }) else {
                    throw malformed(line, "no '\(event)' event")
                }
                eventIndex = index
            }
            // Other lines (headers, ob=/fl=/fi=/fe=/cob=/cfi=/cfl=, jump=/jcnd=, comments,
            // totals/summary) do not change which function a cost belongs to.
        }
        if awaitingCallCost { throw malformed("", "the file ends after calls=") }
        let total = selfCosts.values.reduce(0, +)
        var functions: [String: Cost] = [:]
        for (activation, selfCost) in selfCosts {
            let name = Self.withoutRecursionSuffix(activation)
            let inclusive = min(total, selfCost + (callCosts[activation] ?? 0))
            var cost = functions[name] ?? Cost(selfCost: 0, inclusiveCost: 0)
            cost.selfCost += selfCost
            if name == activation {
                cost.inclusiveCost = inclusive
            } else if selfCosts[name] == nil {
                cost.inclusiveCost = max(cost.inclusiveCost, inclusive)
            }
            functions[name] = cost
        }
        self.functions = functions
        self.total = total
    }

    /// `name` without callgrind's recursion suffix `'N`.
    private static func withoutRecursionSuffix(_ name: String) -> String {
        guard let quote = name.lastIndex(of: "'"),
              name.index(after: quote) < name.endIndex,
              name[name.index(after: quote)...].allSatisfy(\.isASCIIDigitForCallgrind) else { return String(name) }
        return String(name[..<quote])
    }
}

extension Character {
    fileprivate var isASCIIDigitForCallgrind: Bool { isASCII && isNumber }
}
