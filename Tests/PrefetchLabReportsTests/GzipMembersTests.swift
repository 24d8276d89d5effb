import Foundation
import Testing

@testable import PrefetchLabReports

/// The one gzip reader (`GzipInflater`, which `Gzip.decompress` feeds whole) on files of
/// several members, padding, garbage and damage: the same bytes or the same failure whether
/// the file is decompressed at once or inflated in pieces of any size, a piece boundary
/// falling anywhere (between the two magic bytes of a member included).
@Suite struct GzipMembersTests {
  static let first = Array("scenario,strategy,params,seed\r\nfeed,paging3,\"a=1,b=2\",1\r\n".utf8)
  static let second = Array(String(repeating: "feed,flatlist,,2\r\n", count: 40).utf8)

  /// What `bytes` gives through `Gzip.decompress` and through the inflater fed `piece` bytes at
  /// a time (its output pieces of 7 bytes): both must agree, and it is returned.
  static func read(_ bytes: [UInt8]) -> Result<[UInt8], Gzip.Failure> {
    let whole = Result { () throws(Gzip.Failure) -> [UInt8] in
      try bytes.withUnsafeBufferPointer { input throws(Gzip.Failure) in try Gzip.decompress(input) }
    }
    for piece in [1, 2, 5, 64, max(1, bytes.count)] {
      let inPieces = Result { () throws(Gzip.Failure) -> [UInt8] in
        let inflater = GzipInflater(outputBytes: 7)
        var output: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: piece) {
          try Array(bytes[start..<min(bytes.count, start + piece)]).withUnsafeBufferPointer {
            input throws(Gzip.Failure) in try inflater.feed(input) { output += $0 }
          }
        }
        try inflater.finish()
        return output
      }
      #expect(inPieces == whole, "pieces of \(piece)")
    }
    return whole
  }

  static func failure(_ message: String) -> Result<[UInt8], Gzip.Failure> {
    .failure(Gzip.Failure(message: message))
  }

  @Test func membersOneAfterAnotherAreOneFile() {
    let two = Gzip.compress(Self.first) + Gzip.compress(Self.second)
    #expect(Self.read(two) == .success(Self.first + Self.second))
    // An empty member in between changes nothing.
    let three = Gzip.compress(Self.first) + Gzip.compress([]) + Gzip.compress(Self.second)
    #expect(Self.read(three) == .success(Self.first + Self.second))
    #expect(Self.read([]) == .success([]))
  }

  @Test func zeroPaddingEndsTheFileAndNothingElseMay() {
    let member = Gzip.compress(Self.first)
    #expect(Self.read(member + [0, 0, 0, 0]) == .success(Self.first))
    #expect(
      Self.read(member + Array("junk".utf8))
        == Self.failure("bytes after the last gzip member at byte \(member.count)"))
    // After padding, even a whole member is refused: padding ends the file.
    #expect(
      Self.read(member + [0, 0] + member)
        == Self.failure("bytes after the last gzip member at byte \(member.count + 2)"))
    #expect(Self.read([0, 0] + member) == Self.failure("not gzip (no 1f 8b at the start)"))
  }

  /// A lone `1f` after a member starts a member that is cut short; `1f` then anything but `8b`
  /// is garbage at the `1f`'s offset. (Before, `decompress` called a lone `1f` garbage while the
  /// inflater handed it to zlib as a member's start.)
  @Test func aLoneMagicByteIsAMemberCutShort() {
    let member = Gzip.compress(Self.first)
    #expect(Self.read(member + [0x1f]) == Self.failure("the file ends inside a gzip member (truncated?)"))
    #expect(
      Self.read(member + [0x1f, 0x00])
        == Self.failure("bytes after the last gzip member at byte \(member.count)"))
    #expect(
      Self.read(member + [0x1f, 0x8b]) == Self.failure("the file ends inside a gzip member (truncated?)"))
    #expect(Self.read([0x1f, 0x00]) == Self.failure("not gzip (no 1f 8b at the start)"))
    #expect(Self.read([0x1f]) == Self.failure("the file ends inside a gzip member (truncated?)"))
  }

  @Test func aCutTrailerIsRefused() {
    let member = Gzip.compress(Self.second)
    for cut in 1...8 {
      #expect(
        Self.read(Array(member.dropLast(cut)))
          == Self.failure("the file ends inside a gzip member (truncated?)"),
        "\(cut) bytes of the trailer cut")
    }
    // The second member's trailer cut: the first member's bytes do not make it whole.
    #expect(
      Self.read(member + Array(member.dropLast(2)))
        == Self.failure("the file ends inside a gzip member (truncated?)"))
  }

  /// zlib checks each member's trailer: the CRC-32 of its bytes, then their count (ISIZE).
  @Test func aBadChecksumOrLengthIsRefused() {
    let member = Gzip.compress(Self.second)
    var badCRC = member
    badCRC[member.count - 8] ^= 0x01
    var badLength = member
    badLength[member.count - 1] ^= 0x01
    for (damaged, check) in [(badCRC, "incorrect data check"), (badLength, "incorrect length check")] {
      guard case .failure(let failure) = Self.read(damaged) else {
        Issue.record("\(check): read")
        continue
      }
      #expect(failure.message.hasPrefix("corrupt gzip data: \(check) at byte "), "\(failure.message)")
      // In a second member, the same.
      guard case .failure(let later) = Self.read(Gzip.compress(Self.first) + damaged) else {
        Issue.record("\(check) in the second member: read")
        continue
      }
      #expect(later.message.hasPrefix("corrupt gzip data: \(check) at byte "), "\(later.message)")
    }
  }
}
