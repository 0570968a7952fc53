/// Canonical storage keys: a field's name plus its arguments, so that `issues(first: 10)` and
/// `issues(first: 20)` are different fields of the same record.
///
/// Format (Relay's): `name` without arguments, otherwise `name(a:1,b:"x")` with arguments
/// sorted by name, values printed as canonical JSON (`JSONValue.jsonText`: compact, object
/// keys sorted), and arguments whose value is `null` or absent left out, so an optional
/// argument not passed names the same field as the field without it.
public enum StorageKey {
    /// The storage key of `name` with `arguments` (already resolved: no variables).
    /// - Complexity: O(a log a + size of the values) for `a` arguments.
    public static func make(name: String, arguments: [(name: String, value: JSONValue)]) -> String {
        let present = arguments.filter { $0.value != .null }.sorted { $0.name < $1.name }
        if present.isEmpty { return name }
        var text = name + "("
        for (position, argument) in present.enumerated() {
            if position > 0 { text += "," }
            text += argument.name + ":" + argument.value.jsonText
        }
        return text + ")"
    }
}
