import Foundation

extension StorageKey {
    /// The arguments a storage key made by `make(name:arguments:)` holds, by name:
    /// `node(id:"I1")` gives `["id": "I1"]`, a key without arguments `[:]`. What a lookup
    /// (`Lookups`) reads of a field whose arguments are constants, which its node keeps only
    /// as the interned key. `nil` for text `make` does not write.
    /// - Complexity: O(length of the key): the argument list is read as one JSON object, its
    ///   names quoted.
    static func arguments(of storageKey: String) -> [String: JSONValue]? {
        guard let open = storageKey.firstIndex(of: "(") else { return [:] }
        guard storageKey.last == ")" else { return nil }
        let list = storageKey[storageKey.index(after: open)..<storageKey.index(before: storageKey.endIndex)]
        // The names are GraphQL names, written bare; the values canonical JSON. A name starts
        // the list and follows each comma outside a value's string, list or object.
        var text = "{\""
        var depth = 0
        var inString = false
        var escaped = false
        var inName = true
        for character in list {
            if inName {
                if character == ":" {
                    text += "\":"
                    inName = false
                } else {
                    guard character == "_" || character.isLetter || character.isNumber else { return nil }
                    text.append(character)
                }
                continue
            }
            text.append(character)
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case "," where depth == 0:
                text += "\""
                inName = true
            default: break
            }
        }
        guard !inName else { return nil }
        text += "}"
        guard case .object(let arguments)? = try? JSONReader.value(from: Data(text.utf8)) else { return nil }
        return arguments
    }
}
