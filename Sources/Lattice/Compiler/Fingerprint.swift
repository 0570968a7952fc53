/// A short, stable digest of a text: 16 hex digits of FNV-1a (64 bits). Not cryptographic: it
/// tells apart the texts one program or one schema could have, for a generated type's check of
/// its operation's request text and for the image's schema.
enum Fingerprint {
    /// The digest of `text`. - Complexity: O(text's UTF-8 bytes).
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
