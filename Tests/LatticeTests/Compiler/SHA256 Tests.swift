import Testing
@testable import Lattice

/// SHA-256 against FIPS 180-4's examples and hashlib's digests of the lengths where padding
/// changes shape (55 bytes fit one block with the length, 56 need a second; 64 and 119/120
/// likewise one block further), and of a text with multi-byte UTF-8.
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("query Ünïcode { «fält» }", "97bd7629c8009979f533227659ef055c4dd53da9c1a955898defc4282df125a2"),
    ])
    func digestsOfTexts(_ text: String, _ expected: String) {
        #expect(SHA256.hex(of: text) == expected)
    }

    @Test(arguments: [
        (55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
        (56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
        (63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"),
        (64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
        (65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"),
        (119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"),
        (120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"),
        (128, "24da1b81d0b16df6428eee73c69fcb2a93c76bc6df706f0c6670fe6bfe800464"),
    ])
    func digestsAtThePaddingsBoundaries(_ length: Int, _ expected: String) {
        #expect(SHA256.hex(of: String(repeating: "x", count: length)) == expected)
    }
}
