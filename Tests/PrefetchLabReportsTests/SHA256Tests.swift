import Testing

@testable import PrefetchLabReports

/// SHA-256 against FIPS 180-4's examples and digests from an independent implementation
/// (Python's hashlib) at every length where the padding changes shape: the tail fits in the last
/// block (≤ 55 bytes), spills into an extra block (56…63), or the input ends on a block boundary.
@Suite struct SHA256Tests {
  @Test func fipsExamples() {
    #expect(
      SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test(arguments: [
    (0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
    (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
    (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
    (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
    (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
    (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
    (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
    (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
    (1000, "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371"),
  ])
  func paddingBoundaries(length: Int, expected: String) {
    // Byte i is (7i + 3) mod 256, so that every block differs.
    let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
    #expect(SHA256.hex(bytes) == expected)
    #expect(SHA256.digest(bytes).count == 32)
  }
}
