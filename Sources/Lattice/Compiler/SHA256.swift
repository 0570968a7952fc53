/// SHA-256 (FIPS 180-4), for persisted documents' ids: a server that knows documents by id
/// names them by the SHA-256 of their text. Foundation on Linux has no SHA-256 and no package
/// can be added, so it is here; nothing else in Lattice depends on a cryptographic hash.
enum SHA256 {
    /// The digest of `text`'s UTF-8 as 64 lowercase hex digits.
    /// - Complexity: O(text's UTF-8 bytes).
    static func hex(of text: String) -> String {
        digest(of: Array(text.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// The 32-byte digest of `message`. - Complexity: O(message.count); one allocation for
    /// the padded message, none a block (the schedule and the state live on the stack).
    static func digest(of message: [UInt8]) -> [UInt8] {
        var padded = message
        padded.append(0x80)
        padded.append(contentsOf: repeatElement(0, count: (64 + 56 - padded.count % 64) % 64))
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        var (h0, h1, h2, h3, h4, h5, h6, h7) = (initialState[0], initialState[1], initialState[2], initialState[3],
                                                initialState[4], initialState[5], initialState[6], initialState[7])
        roundConstants.withUnsafeBufferPointer { constants in
            padded.withUnsafeBufferPointer { bytes in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                    for blockStart in stride(from: 0, to: bytes.count, by: 64) {
                        for index in 0..<16 {
                            let offset = blockStart + index * 4
                            schedule[index] = UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
                                | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
                        }
                        for index in 16..<64 {
                            let early = schedule[index - 15], late = schedule[index - 2]
                            let sigma0 = early.rotatedRight(7) ^ early.rotatedRight(18) ^ (early >> 3)
                            let sigma1 = late.rotatedRight(17) ^ late.rotatedRight(19) ^ (late >> 10)
                            schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
                        }
                        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                        for index in 0..<64 {
                            let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                            let choice = (e & f) ^ (~e & g)
                            let first = h &+ sum1 &+ choice &+ constants[index] &+ schedule[index]
                            let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                            let majority = (a & b) ^ (a & c) ^ (b & c)
                            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ first, c, b, a, first &+ sum0 &+ majority)
                        }
                        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                    }
                }
            }
        }
        return [h0, h1, h2, h3, h4, h5, h6, h7].flatMap { word in
            (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) }
        }
    }

    private static let initialState: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]

    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}

private extension UInt32 {
    func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
