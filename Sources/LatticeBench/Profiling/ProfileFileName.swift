/// The file name a benchmark's profile is written under (`<name>.folded`, `<name>.svg`), one
/// rule for the harness that writes them and the lab that checks every listed benchmark wrote
/// one.
public enum ProfileFileName {
    /// `Executable/name` as a file name: `/` becomes `.`, anything but letters, digits,
    /// `-`, `_`, `+` and `.` becomes `_`.
    /// - Complexity: O(name).
    public static func of(_ resultName: String) -> String {
        String(resultName.map { character -> Character in
            if character == "/" { return "." }
            let allowed = character.isASCII && (character.isLetter || character.isNumber || "-_+.".contains(character))
            return allowed ? character : "_"
        })
    }
}
