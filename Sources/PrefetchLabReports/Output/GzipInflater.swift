import CZlib

/// Inflates gzip data handed over in pieces of any size, handing the output on in pieces of at
/// most `outputBytes`: the one gzip reader of the program. A compressed run table is streamed
/// through it in bounded memory (the window, one input and one output buffer), and
/// `Gzip.decompress` feeds it a whole file at once.
///
/// What it accepts (as `gzip -dc` reads a file): one or more members one after another, each
/// starting with `1f 8b` and checked by zlib against its trailer (CRC-32 and ISIZE), then
/// optionally zero bytes (padding some tools add) and nothing else. The two magic bytes are
/// checked by this type, whatever piece boundary falls between them: a lone `1f` after a
/// member is the start of a member cut short, `1f` followed by anything but `8b` is bytes
/// after the last member.
///
/// The output does not depend on how the input was cut; each output piece is a cut at an
/// arbitrary byte (inside a row, inside a UTF-8 character): `LineSplitter` puts lines together.
/// Not thread-safe: one owner.
final class GzipInflater {
  private let stream: UnsafeMutablePointer<z_stream>
  private var output: [UInt8]
  /// Members inflated to their end.
  private var members = 0
  /// Waiting for a member's magic bytes (before the first, or after a member ended).
  private var atMemberStart = true
  /// The member's `1f` was seen (and held back from zlib) at the end of a piece.
  private var sawMagicStart = false
  /// Zero padding after the last member was seen: only zeros may follow.
  private var padding = false
  private var sawInput = false
  /// Input bytes consumed, for messages.
  private(set) var consumed = 0

  private static let magic: [UInt8] = [0x1f, 0x8b]

  /// `outputBytes`: the largest output piece, 1 … 2^31 (256 KiB by default).
  init(outputBytes: Int = 1 << 18) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    output = [UInt8](repeating: 0, count: max(1, min(outputBytes, 1 << 31)))
    // 15 + 16: a gzip wrapper, the largest window.
    let status = inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    precondition(status == Z_OK, "zlib could not start decompressing (status \(status))")
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
  }

  /// Inflates `input`, the next bytes of the file, calling `body` with each output piece.
  ///
  /// Complexity: O(n) in the input and output.
  /// - Throws: `Gzip.Failure` for bytes that are not gzip, corrupt data (a failed CRC or ISIZE
  ///   included) or bytes other than zeros after the last member, naming the byte's offset.
  func feed(_ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(Gzip
    .Failure)
  {
    guard let base = input.baseAddress, input.count > 0 else { return }
    sawInput = true
    var offset = 0
    while offset < input.count {
      if padding {
        if let other = input[offset...].firstIndex(where: { $0 != 0 }) {
          throw afterLastMember(at: consumed + other)
        }
        break
      }
      if atMemberStart {
        let byte = input[offset]
        if !sawMagicStart {
          if byte == 0x1f {
            sawMagicStart = true
            offset += 1
            continue
          }
          if byte == 0 && members > 0 {
            padding = true
            continue
          }
          throw members == 0 ? Self.notGzip : afterLastMember(at: consumed + offset)
        }
        // The `1f` was at `consumed + offset - 1` (maybe in the piece before).
        guard byte == 0x8b else {
          throw members == 0 ? Self.notGzip : afterLastMember(at: consumed + offset - 1)
        }
        offset += 1
        sawMagicStart = false
        atMemberStart = false
        guard inflateReset(stream) == Z_OK else { throw Gzip.Failure(message: "zlib could not restart") }
        try Self.magic.withUnsafeBufferPointer { magic throws(Gzip.Failure) in
          _ = try inflateStep(magic.baseAddress!, count: 2, at: consumed + offset, body)
        }
        continue
      }
      offset += try inflateStep(base + offset, count: input.count - offset, at: consumed + offset, body)
    }
    consumed += input.count
    // Output zlib still holds (a full output buffer) comes out without more input.
    while !atMemberStart {
      let before = members
      let produced = try inflateOnce(nil, count: 0, at: consumed, body).produced
      if members != before || produced == 0 { break }
    }
  }

  /// Ends the input.
  /// - Throws: `Gzip.Failure` when the input ended inside a member (its magic bytes included).
  func finish() throws(Gzip.Failure) {
    guard sawInput, !padding, !(atMemberStart && !sawMagicStart) else { return }
    throw Gzip.Failure(message: "the file ends inside a gzip member (truncated?)")
  }

  private static let notGzip = Gzip.Failure(message: "not gzip (no 1f 8b at the start)")

  private func afterLastMember(at byte: Int) -> Gzip.Failure {
    Gzip.Failure(message: "bytes after the last gzip member at byte \(byte)")
  }

  /// Inflates from `input` until it is used up or the member ends; returns the bytes used.
  private func inflateStep(
    _ input: UnsafePointer<UInt8>, count: Int, at position: Int,
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Gzip.Failure) -> Int {
    var used = 0
    while used < count && !atMemberStart {
      let step = try inflateOnce(input + used, count: count - used, at: position + used, body)
      used += step.used
      guard step.used > 0 || step.produced > 0 || atMemberStart else {
        throw Gzip.Failure(message: "zlib made no progress at byte \(position + used)")
      }
    }
    return used
  }

  /// One call of zlib's `inflate` on at most 4 GiB of `input`, its output handed to `body`.
  private func inflateOnce(
    _ input: UnsafePointer<UInt8>?, count: Int, at position: Int,
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Gzip.Failure) -> (used: Int, produced: Int) {
    let available = min(count, Int(UInt32.max))
    stream.pointee.next_in = UnsafeMutablePointer(mutating: input)
    stream.pointee.avail_in = UInt32(available)
    let (status, produced) = output.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
      stream.pointee.next_out = buffer.baseAddress
      stream.pointee.avail_out = UInt32(buffer.count)
      let status = inflate(stream, Z_NO_FLUSH)
      return (status, buffer.count - Int(stream.pointee.avail_out))
    }
    let used = available - Int(stream.pointee.avail_in)
    if produced > 0 {
      output.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<produced])) }
    }
    switch status {
    case Z_STREAM_END:
      members += 1
      atMemberStart = true
    case Z_OK, Z_BUF_ERROR:
      break
    default:
      throw Gzip.Failure(message: Gzip.failureText(status, stream) + " at byte \(position + used)")
    }
    return (used, produced)
  }
}
