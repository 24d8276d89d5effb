import CZlib

/// Inflates gzip data handed over in pieces of any size, handing the output on in pieces of at
/// most `outputBytes`, so a compressed run table is read in bounded memory (the window, one
/// input and one output buffer) instead of decompressed whole (`Gzip.decompress`). Accepts what
/// `Gzip.decompress` accepts: several members one after another, trailing zero padding.
///
/// The output does not depend on how the input was cut; each output piece is a cut at an
/// arbitrary byte (inside a row, inside a UTF-8 character): `LineSplitter` puts lines together.
/// Not thread-safe: one owner.
final class GzipInflater {
  private let stream: UnsafeMutablePointer<z_stream>
  private var output: [UInt8]
  /// A member ended and no other has started yet.
  private var betweenMembers = false
  /// Zero padding after the last member was seen: only zeros may follow.
  private var padding = false
  private var sawInput = false
  /// Input bytes consumed, for messages.
  private(set) var consumed = 0

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
  /// - Throws: `Gzip.Failure` for bytes that are not gzip, corrupt data (a failed CRC included)
  ///   or bytes other than zeros after the last member.
  func feed(_ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(Gzip
    .Failure)
  {
    guard let base = input.baseAddress, input.count > 0 else { return }
    if !sawInput {
      sawInput = true
      guard input[0] == 0x1f else { throw Gzip.Failure(message: "not gzip (no 1f 8b at the start)") }
    }
    var offset = 0
    while offset < input.count {
      if padding || betweenMembers {
        if input[offset] == 0 || padding {
          guard input[offset...].allSatisfy({ $0 == 0 }) else {
            throw Gzip.Failure(message: "bytes after the last gzip member at byte \(consumed + offset)")
          }
          padding = true
          consumed += input.count
          return
        }
        guard input[offset] == 0x1f else {
          throw Gzip.Failure(message: "bytes after the last gzip member at byte \(consumed + offset)")
        }
        guard inflateReset(stream) == Z_OK else { throw Gzip.Failure(message: "zlib could not restart") }
        betweenMembers = false
      }
      let available = min(input.count - offset, Int(UInt32.max))
      stream.pointee.next_in = UnsafeMutablePointer(mutating: base + offset)
      stream.pointee.avail_in = UInt32(available)
      let (status, produced) = output.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = UInt32(buffer.count)
        let status = inflate(stream, Z_NO_FLUSH)
        return (status, buffer.count - Int(stream.pointee.avail_out))
      }
      let used = available - Int(stream.pointee.avail_in)
      offset += used
      if produced > 0 {
        output.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<produced])) }
      }
      if status == Z_STREAM_END {
        betweenMembers = true
        continue
      }
      guard status == Z_OK || status == Z_BUF_ERROR else {
        throw Gzip.Failure(message: Gzip.failureText(status, stream) + " at byte \(consumed + offset)")
      }
      guard used > 0 || produced > 0 else {
        throw Gzip.Failure(message: "zlib made no progress at byte \(consumed + offset)")
      }
    }
    consumed += input.count
    // Output zlib still holds (a full output buffer) comes out without more input.
    while !betweenMembers {
      let (status, produced) = output.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = UInt32(buffer.count)
        let status = inflate(stream, Z_NO_FLUSH)
        return (status, buffer.count - Int(stream.pointee.avail_out))
      }
      if produced > 0 {
        output.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<produced])) }
      }
      if status == Z_STREAM_END { betweenMembers = true }
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw Gzip.Failure(message: Gzip.failureText(status, stream) + " at byte \(consumed)")
      }
      if produced == 0 { break }
    }
  }

  /// Ends the input.
  /// - Throws: `Gzip.Failure` when the input ended inside a member.
  func finish() throws(Gzip.Failure) {
    guard sawInput, !betweenMembers, !padding else { return }
    throw Gzip.Failure(message: "the file ends inside a gzip member (truncated?)")
  }
}
