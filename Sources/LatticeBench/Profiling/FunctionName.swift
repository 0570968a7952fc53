/// Readable, short function names for attribution tables: demangled (`Demangler`), then
/// stripped of what says how a function is typed rather than which function it is.
///
/// `static LatticeBench.InstructionCounter.markRegions(_: [LatticeBench.Benchmark], iterations:
/// Swift.Int, progress: LatticeBench.Progress) throws -> ()` reads
/// `static LatticeBench.InstructionCounter.markRegions(_:iterations:progress:)`: labelled
/// parameter lists become their labels, closure signatures, return types (` -> T`, and
/// ` : T` after an accessor), `throws`, `async`, `@Swift.MainActor`, `@Sendable`, the
/// `Swift.` module prefix and private discriminators (`(name in _<32 hex digits>)`) are dropped. Names that are not Swift's pass through unchanged.
enum FunctionName {
    /// The readable form of the symbol `symbol`.
    /// - Complexity: O(name length), plus one demangler call.
    static func readable(_ symbol: String) -> String {
        let demangled = Demangler.demangle(symbol)
        guard demangled != symbol else { return symbol }
        return shortened(demangled)
    }

    /// `demangled` shortened as the type describes. - Complexity: O(name length).
    static func shortened(_ demangled: String) -> String {
        var text = demangled
        for noise in ["@Swift.MainActor ", "@Sendable ", "@escaping ", "@callee_guaranteed ", "Swift."] {
            text = text.replacingOccurrences(of: noise, with: "")
        }
        // A private declaration's discriminator: `(measure in _AEB4…97E6)` reads `measure`.
        text = text.replacing(/\(([^()\s]+) in _[0-9A-F]{32}\)/) { String($0.output.1) }
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "(", let close = matching(characters, from: index) {
                let inner = String(characters[(index + 1)..<close])
                let afterClosure = output.hasSuffix(" ") && output.dropLast().split(separator: " ").last?.hasPrefix("#") == true
                if afterClosure {
                    // `closure #1 (String) -> X in f`: the closure's signature says nothing.
                    output.removeLast()
                } else {
                    output += labels(inner).map { "(\($0))" } ?? "(\(inner))"
                }
                index = close + 1
                continue
            }
            if let skipped = skipType(characters, at: index, after: output) {
                index = skipped
                continue
            }
            output.append(character)
            index += 1
        }
        return output
    }

    /// The index of the bracket closing the one at `open` (`(`, `[`, `<`), or nil.
    private static func matching(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        for index in open..<characters.count {
            switch characters[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">":
                // `->` is an arrow, not a closing bracket.
                if characters[index] == ">", index > 0, characters[index - 1] == "-" { continue }
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// `a:b:` for a parameter list `a: A, b: B`; `""` for an empty list; nil when the list has
    /// an unlabelled element (a tuple or a closure type).
    private static func labels(_ list: String) -> String? {
        guard !list.isEmpty else { return "" }
        var labels = ""
        var depth = 0
        var start = list.startIndex
        var parts: [Substring] = []
        for index in list.indices {
            switch list[index] {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where index > list.startIndex && list[list.index(before: index)] != "-": depth -= 1
            case "," where depth == 0:
                parts.append(list[start..<index])
                start = list.index(after: index)
            default: break
            }
        }
        parts.append(list[start...])
        for part in parts {
            let trimmed = part.drop { $0 == " " }
            guard let colon = trimmed.firstIndex(of: ":"),
                  trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                  !trimmed[..<colon].isEmpty else { return nil }
            labels += trimmed[..<colon] + ":"
        }
        return labels
    }

    /// Where the text at `index` that says only how something is typed ends: ` throws`,
    /// ` async`, ` -> T` and, after an accessor, ` : T` (T running to ` in ` or the end).
    private static func skipType(_ characters: [Character], at index: Int, after output: String) -> Int? {
        func hasPrefix(_ prefix: String) -> Bool {
            let prefix = Array(prefix)
            return index + prefix.count <= characters.count && Array(characters[index..<(index + prefix.count)]) == prefix
        }
        for word in [" throws", " async", " rethrows"] where hasPrefix(word) {
            let end = index + word.count
            if end == characters.count || characters[end] == " " { return end }
        }
        let accessor = ["getter", "setter", "modify", "read", "unsafeAddressor", "unsafeMutableAddressor"]
            .contains { output.hasSuffix("." + $0) }
        guard hasPrefix(" -> ") || (accessor && hasPrefix(" : ")) else { return nil }
        var depth = 0
        var end = index + (hasPrefix(" -> ") ? 4 : 3)
        while end < characters.count {
            switch characters[end] {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where characters[end - 1] != "-": depth -= 1
            default: break
            }
            if depth < 0 { return end }
            if depth == 0, characters[end] == " ", end + 3 < characters.count,
               String(characters[(end + 1)...(end + 3)]) == "in " { return end }
            end += 1
        }
        return end
    }
}
