/// A value's whole structure as text, through reflection: every stored property of every
/// object, struct and enum it reaches, sets and dictionaries in sorted order, and each object
/// numbered at its first visit so a node reached twice shows as the same node. Two compiled
/// trees with the same dump are the same tree, down to what their initializers derived.
enum StructureDump {
    static func of(_ value: Any) -> String {
        var numbers: [ObjectIdentifier: Int] = [:]
        return dump(value, numbers: &numbers)
    }

    private static func dump(_ value: Any, numbers: inout [ObjectIdentifier: Int]) -> String {
        // Identities differ between two trees; what they identify is dumped where it is stored.
        if value is ObjectIdentifier { return "identifier" }
        // A field's key path is the interned key's (dumped beside it), shared by the process.
        if value is AnyKeyPath { return "key path" }
        let mirror = Mirror(reflecting: value)
        var prefix = ""
        if mirror.displayStyle == .class {
            let identity = ObjectIdentifier(value as AnyObject)
            if let number = numbers[identity] { return "object \(number)" }
            numbers[identity] = numbers.count
            prefix = "object \(numbers.count - 1) "
        }
        guard !mirror.children.isEmpty || mirror.displayStyle == .collection || mirror.displayStyle == .set
                || mirror.displayStyle == .dictionary else {
            return prefix + String(describing: value)
        }
        var children = mirror.children.map { child in
            (child.label.map { $0 + ": " } ?? "") + dump(child.value, numbers: &numbers)
        }
        if mirror.displayStyle == .set || mirror.displayStyle == .dictionary { children.sort() }
        return prefix + "\(mirror.subjectType)(" + children.joined(separator: ", ") + ")"
    }
}
