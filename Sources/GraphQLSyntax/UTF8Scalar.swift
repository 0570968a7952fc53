/// Decoding one Unicode scalar from UTF-8 bytes, for the few places the lexer meets a
/// byte above 0x7F (strings, comments, the byte-order mark, error messages).
enum UTF8Scalar {
    /// The scalar starting at `index` and its length in bytes, or nil if the bytes there
    /// are not well-formed UTF-8 (overlong forms, surrogates and values past U+10FFFF
    /// included).
    /// - Complexity: O(1).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int)? {
        let b0 = UInt32(bytes[index])
        if b0 < 0x80 { return (b0, 1) }
        func continuation(_ offset: Int) -> UInt32? {
            let i = index + offset
            guard i < bytes.count, bytes[i] & 0xC0 == 0x80 else { return nil }
            return UInt32(bytes[i] & 0x3F)
        }
        switch b0 {
        case 0xC2...0xDF:
            guard let c1 = continuation(1) else { return nil }
            return ((b0 & 0x1F) << 6 | c1, 2)
        case 0xE0...0xEF:
            guard let c1 = continuation(1), let c2 = continuation(2) else { return nil }
            let value = (b0 & 0x0F) << 12 | c1 << 6 | c2
            guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return nil }
            return (value, 3)
        case 0xF0...0xF4:
            guard let c1 = continuation(1), let c2 = continuation(2), let c3 = continuation(3) else { return nil }
            let value = (b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            guard (0x10000...0x10FFFF).contains(value) else { return nil }
            return (value, 4)
        default:
            return nil
        }
    }
}
