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
///
/// Functions are reported under the name `readable` gives their symbol (e.g.
/// `FunctionName.readable`, which gives all specializations of a generic function one name);
/// code without a symbol (callgrind names it by address) as `(no symbol) in <object file>`.
/// Symbols given one name add up: self costs are summed, inclusive costs too, less the calls
/// from one such symbol to another (a specialization calling another is nested in it).
struct CallgrindFunctionCosts: Equatable, Sendable {
    /// Self and inclusive cost of one function.
    struct Cost: Equatable, Sendable {
        /// Cost of the function's own instructions.
        var selfCost: UInt64
        /// Self cost plus the inclusive cost of the calls it made.
        var inclusiveCost: UInt64
    }

    /// Costs by function name (`readable` of callgrind's symbol, without its recursion suffix).
    var functions: [String: Cost]
    /// The sum of all self costs.
    var total: UInt64
    /// How many calls each function received from each other function, by callee, then caller
    /// (names as in `functions`); a function's calls to itself are left out. Callgrind's call
    /// counts are exact: what `ReferenceCounting` and `AllocationSites` read.
    var calls: [String: [String: UInt64]]

    /// Costs given directly (tests, merged dumps). - Complexity: O(1).
    init(functions: [String: Cost], total: UInt64, calls: [String: [String: UInt64]] = [:]) {
        self.functions = functions
        self.total = total
        self.calls = calls
    }

    /// Parses the body of a callgrind dump; `file` names it in errors.
    /// - Throws: `CallgrindOutputError.malformedLine` for a line this format does not allow
    ///   (a cost line outside a function, a bad number, an undefined name id, `calls=` not
    ///   followed by a cost line).
    /// - Complexity: O(text length), one pass over its UTF-8 bytes; names are copied once each.
    init(parsing text: String, file: String, event: String = "Ir",
         readable: (String) -> String = { $0 }) throws(CallgrindOutputError) {
        var text = text
        let parsed = text.withUTF8 { bytes in
            Result { () throws(CallgrindOutputError) in try Self.parse(bytes, file: file, event: event, readable: readable) }
        }
        self = try parsed.get()
    }

    /// The parser over the dump's UTF-8 bytes. Functions are numbered in order of first
    /// appearance; costs are kept by number and named at the end.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, event: String,
                              readable: (String) -> String) throws(CallgrindOutputError) -> CallgrindFunctionCosts {
        var positionCount = 1
        var eventIndex = 0
        var functionIDs: [Int: String] = [:]
        var byName: [String: Int] = [:]
        var names: [String] = []
        var selfCosts: [UInt64] = []
        var callCosts: [UInt64] = []
        /// Calls between two different symbols, by caller and callee number.
        var crossCalls: [Int: [Int: UInt64]] = [:]
        /// Calls made, by caller and callee number (the `calls=` lines' counts).
        var callCounts: [Int: [Int: UInt64]] = [:]
        var current: Int?
        /// The object of each function number (`ob=` or `cob=` where it was first named).
        var objects: [String?] = []
        var objectNames: [Int: String] = [:]
        var currentObject: String?
        var calleeObject: String?
        var callee: Int?
        var awaitingCallCost = false
        var lineNumber = 0
        var lineStart = 0

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func malformed(_ line: Range<Int>, _ reason: String) -> CallgrindOutputError {
            .malformedLine(file: file, line: lineNumber, text: String(text(line).prefix(120)), reason: reason)
        }
        func hasPrefix(_ prefix: StaticString, _ line: Range<Int>) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard line.count >= count else { return false }
            let start = prefix.utf8Start
            for offset in 0..<count where bytes[line.lowerBound + offset] != start[offset] { return false }
            return true
        }
        func number(_ name: String, in object: String?) -> Int {
            if let known = byName[name] { return known }
            byName[name] = names.count
            names.append(name)
            objects.append(object)
            selfCosts.append(0)
            callCosts.append(0)
            return names.count - 1
        }
        /// Resolves `(id) name` (defining `id` in `space`), `(id)` or `name` to the name.
        func resolve(_ spec: Range<Int>, _ line: Range<Int>, in space: inout [Int: String],
                     kind: String) throws(CallgrindOutputError) -> String {
            var index = spec.lowerBound
            while index < spec.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
            guard index < spec.upperBound, bytes[index] == UInt8(ascii: "(") else {
                return text(index..<spec.upperBound)
            }
            index += 1
            var id = 0
            var digits = 0
            while index < spec.upperBound, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"),
                  digits < 18 {
                id = id * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            guard digits > 0, index < spec.upperBound, bytes[index] == UInt8(ascii: ")") else {
                throw malformed(line, "bad name id")
            }
            index += 1
            while index < spec.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
            guard index < spec.upperBound else {
                guard let known = space[id] else { throw malformed(line, "\(kind) id \(id) used before it is defined") }
                return known
            }
            let name = text(index..<spec.upperBound)
            space[id] = name
            return name
        }
        /// The `column`-th space-separated field of a cost line as a count; 0 when missing.
        func cost(_ line: Range<Int>, column: Int) throws(CallgrindOutputError) -> UInt64 {
            var index = line.lowerBound
            var field = 0
            while index < line.upperBound {
                while index < line.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
                guard index < line.upperBound else { break }
                let start = index
                while index < line.upperBound, bytes[index] != UInt8(ascii: " ") { index += 1 }
                if field == column {
                    var value: UInt64 = 0
                    for position in start..<index {
                        let digit = bytes[position] &- UInt8(ascii: "0")
                        guard digit < 10 else { throw malformed(line, "'\(text(start..<index))' is not a count") }
                        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                        let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit))
                        guard !overflow, !overflow2 else { throw malformed(line, "'\(text(start..<index))' is too large") }
                        value = sum
                    }
                    return value
                }
                field += 1
            }
            return 0
        }

        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            lineNumber += 1
            let line = lineStart..<lineEnd
            guard !line.isEmpty else { continue }
            let first = bytes[lineStart]
            if (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: "+")
                || first == UInt8(ascii: "-") || first == UInt8(ascii: "*") {
                let value = try cost(line, column: positionCount + eventIndex)
                guard let function = current else { throw malformed(line, "cost line before any fn=") }
                if awaitingCallCost {
                    awaitingCallCost = false
                    if let callee, callee != function {
                        callCosts[function] += value
                        crossCalls[function, default: [:]][callee, default: 0] += value
                    }
                } else {
                    selfCosts[function] += value
                }
                continue
            }
            guard !awaitingCallCost else { throw malformed(line, "calls= is not followed by a cost line") }
            if hasPrefix("fn=", line) {
                current = number(try resolve(line.lowerBound + 3..<line.upperBound, line, in: &functionIDs,
                                             kind: "function"), in: currentObject)
            } else if hasPrefix("cfn=", line) {
                callee = number(try resolve(line.lowerBound + 4..<line.upperBound, line, in: &functionIDs,
                                            kind: "function"), in: calleeObject ?? currentObject)
                calleeObject = nil
            } else if hasPrefix("ob=", line) {
                currentObject = try resolve(line.lowerBound + 3..<line.upperBound, line, in: &objectNames, kind: "object")
            } else if hasPrefix("cob=", line) {
                calleeObject = try resolve(line.lowerBound + 4..<line.upperBound, line, in: &objectNames, kind: "object")
            } else if hasPrefix("calls=", line) {
                guard let current else { throw malformed(line, "calls= before any fn=") }
                guard let callee else { throw malformed(line, "calls= without cfn=") }
                callCounts[current, default: [:]][callee, default: 0] += try cost(line.lowerBound + 6..<line.upperBound,
                                                                                column: 0)
                awaitingCallCost = true
            } else if hasPrefix("positions:", line) {
                positionCount = text(line).dropFirst("positions:".count).split(separator: " ").count
                guard positionCount > 0 else { throw malformed(line, "no position columns") }
            } else if hasPrefix("events:", line) {
                let events = text(line).dropFirst("events:".count).split(separator: " ")
                guard let index = events.firstIndex(where: { $0 == event }) else {
                    throw malformed(line, "no '\(event)' event")
                }
                eventIndex = index
            }
            // Other lines (headers, ob=/fl=/fi=/fe=/cob=/cfi=/cfl=, jump=/jcnd=, comments,
            // totals/summary) do not change which function a cost belongs to.
        }
        if awaitingCallCost { throw malformed(bytes.count..<bytes.count, "the file ends after calls=") }

        let total = selfCosts.reduce(0, +)
        let bases = names.map(withoutRecursionSuffix)
        var readableNames: [String: String] = [:]
        for (activation, base) in bases.enumerated() where readableNames[base] == nil {
            // Code without a symbol is named by address, which moves from build to build:
            // all of an object's is one function.
            readableNames[base] = base.hasPrefix("0x")
                ? "(no symbol) in " + (objects[activation]?.split(separator: "/").last.map(String.init) ?? "?")
                : readable(base)
        }
        let groups = bases.map { readableNames[$0] ?? $0 }
        /// Whether an activation's inclusive cost is its symbol's: the outermost one, or the
        /// deeper ones when the dump has no outermost one.
        func counted(_ activation: Int) -> Bool {
            names[activation] == bases[activation] || byName[bases[activation]] == nil
        }
        var selfByName: [String: UInt64] = [:]
        var inclusiveBySymbol: [String: UInt64] = [:]
        for activation in names.indices {
            selfByName[groups[activation], default: 0] += selfCosts[activation]
            guard counted(activation) else { continue }
            let inclusive = min(total, selfCosts[activation] + callCosts[activation])
            inclusiveBySymbol[bases[activation]] = max(inclusiveBySymbol[bases[activation]] ?? 0, inclusive)
        }
        var inclusiveByName: [String: UInt64] = [:]
        for (base, inclusive) in inclusiveBySymbol {
            inclusiveByName[readableNames[base] ?? base, default: 0] += inclusive
        }
        // A symbol calling another of the same name: the callee's cost is inside the caller's.
        for (caller, callees) in crossCalls where counted(caller) {
            for (callee, cost) in callees
            where counted(callee) && bases[callee] != bases[caller] && groups[callee] == groups[caller] {
                inclusiveByName[groups[caller]] = (inclusiveByName[groups[caller]] ?? 0) - min(cost, inclusiveByName[groups[caller]] ?? 0)
            }
        }
        var functions: [String: Cost] = [:]
        for (name, selfCost) in selfByName {
            functions[name] = Cost(selfCost: selfCost, inclusiveCost: min(total, max(selfCost, inclusiveByName[name] ?? 0)))
        }
        var calls: [String: [String: UInt64]] = [:]
        for (caller, callees) in callCounts {
            for (callee, count) in callees where groups[callee] != groups[caller] {
                calls[groups[callee], default: [:]][groups[caller], default: 0] += count
            }
        }
        return CallgrindFunctionCosts(functions: functions, total: total, calls: calls)
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
