import CZlib

/// gzip (RFC 1952) through the system's zlib: the compressed run tables (`timeline.csv.gz`, …)
/// are written with `Gzip.Encoder` and read back with `Gzip.decompress`.
///
/// The bytes written depend only on the bytes given and the level, never on how they were
/// split into `append` calls: the encoder hands zlib fixed-size pieces. The gzip header carries
/// no file name and a modification time of 0 (what `gzip -n` writes), so a table is the same
/// bytes for any `--jobs`, any shard split, and any day. zlib's own version can change the
/// compressed bytes (not what they decompress to); results compared by `check` are the
/// decompressed rows.
public enum Gzip {
  /// The level the run tables are written with: zlib's fastest (1). Measured on the bundled
  /// scenarios' tables (docs/ci.md, "Outputs"), level 6 (gzip's default) makes them 14 %
  /// smaller (9.4 MB against 10.9) at three times the CPU time, which writing cannot afford.
  public static let tableLevel: Int32 = 1

  /// Whether `bytes` starts as a gzip member does (`1f 8b`).
  public static func isCompressed<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
    var iterator = bytes.makeIterator()
    return iterator.next() == 0x1f && iterator.next() == 0x8b
  }

  /// `bytes` compressed as one gzip member at `level` (1 fastest … 9 smallest).
  public static func compress(_ bytes: [UInt8], level: Int32 = tableLevel) -> [UInt8] {
    let encoder = Encoder(level: level)
    encoder.append(bytes)
    return encoder.finish()
  }

  /// A failure to decompress: what zlib said, and how far into the input it got.
  public struct Failure: Error, Sendable, Equatable {
    public var message: String
  }

  /// The decompressed bytes of every gzip member of `bytes`, one after another (as `gzip -dc`
  /// gives them: a file of concatenated members is one file).
  ///
  /// Complexity: O(n) in the decompressed size, which is held in memory at once.
  /// - Throws: `Failure` for bytes that are not gzip, a corrupt member (a failed CRC included)
  ///   or a file that ends inside a member.
  public static func decompress(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [UInt8] {
    var output = [UInt8]()
    output.reserveCapacity(bytes.count * 4)
    guard bytes.count > 0 else { return output }
    guard isCompressed(bytes) else { throw Failure(message: "not gzip (no 1f 8b at the start)") }
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    defer { stream.deallocate() }
    stream.initialize(to: z_stream())
    // 15 + 16: a gzip wrapper, the largest window.
    guard inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw Failure(message: "zlib could not start decompressing")
    }
    defer { inflateEnd(stream) }
    var consumed = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    while true {
      let available = min(bytes.count - consumed, Int(UInt32.max))
      stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress! + consumed)
      stream.pointee.avail_in = UInt32(available)
      let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = UInt32(buffer.count)
        return inflate(stream, Z_NO_FLUSH)
      }
      let produced = chunk.count - Int(stream.pointee.avail_out)
      output += chunk[..<produced]
      consumed += available - Int(stream.pointee.avail_in)
      switch status {
      case Z_STREAM_END:
        if consumed == bytes.count { return output }
        // Another member may follow; trailing zeros (padding some tools add) end the file.
        if !isCompressed(bytes[consumed...]) {
          if bytes[consumed...].allSatisfy({ $0 == 0 }) { return output }
          throw Failure(message: "bytes after the last gzip member at byte \(consumed)")
        }
        guard inflateReset(stream) == Z_OK else { throw Failure(message: "zlib could not restart") }
      case Z_OK:
        continue
      case Z_BUF_ERROR where produced > 0 || consumed < bytes.count:
        continue
      case Z_BUF_ERROR:
        throw Failure(message: "the file ends inside a gzip member (truncated?)")
      default:
        throw Failure(message: failureText(status, stream) + " at byte \(consumed)")
      }
    }
  }

  static func failureText(_ status: Int32, _ stream: UnsafeMutablePointer<z_stream>) -> String {
    if let message = stream.pointee.msg { return "corrupt gzip data: " + String(cString: message) }
    switch status {
    case Z_BUF_ERROR: return "the file ends inside a gzip member (truncated?)"
    case Z_MEM_ERROR: return "out of memory"
    default: return "corrupt gzip data (zlib status \(status))"
    }
  }

  /// Compresses bytes given in any pieces into one gzip member, whose bytes depend on the
  /// concatenated input only. Not thread-safe: one owner at a time.
  public final class Encoder {
    /// Input is handed to zlib in pieces of this size (the last one shorter).
    static let pieceBytes = 1 << 16
    private let stream: UnsafeMutablePointer<z_stream>
    private var pending: [UInt8] = []
    /// Compressed bytes not yet taken.
    private var output: [UInt8] = []
    private var finished = false
    /// Uncompressed bytes given so far.
    public private(set) var inputBytes = 0

    /// `level`: 1 (fastest) … 9 (smallest); zlib's default 6 for anything else.
    public init(level: Int32 = Gzip.tableLevel) {
      stream = .allocate(capacity: 1)
      stream.initialize(to: z_stream())
      let chosen = (1...9).contains(level) ? level : 6
      // 15 + 16: a gzip wrapper with zlib's own header (no name, time 0); memory level 8.
      let status = deflateInit2_(
        stream, chosen, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size))
      precondition(status == Z_OK, "zlib could not start compressing (status \(status))")
      pending.reserveCapacity(Self.pieceBytes)
    }

    deinit {
      deflateEnd(stream)
      stream.deallocate()
    }

    /// Adds `bytes` to the member.
    public func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
      precondition(!finished, "append after finish")
      inputBytes += bytes.count
      var index = bytes.startIndex
      while index != bytes.endIndex {
        let room = Self.pieceBytes - pending.count
        let end = bytes.index(index, offsetBy: room, limitedBy: bytes.endIndex) ?? bytes.endIndex
        pending += bytes[index..<end]
        index = end
        if pending.count == Self.pieceBytes {
          deflatePending(finish: false)
        }
      }
    }

    /// The compressed bytes produced since the last call (zlib holds some back until it has
    /// more input or `finish`).
    public func takeOutput() -> [UInt8] {
      defer { output.removeAll(keepingCapacity: true) }
      return output
    }

    /// How many compressed bytes `takeOutput` would return.
    public var outputCount: Int { output.count }

    /// Ends the member and returns the compressed bytes not yet taken.
    public func finish() -> [UInt8] {
      precondition(!finished, "finish twice")
      deflatePending(finish: true)
      finished = true
      return takeOutput()
    }

    private func deflatePending(finish: Bool) {
      pending.withUnsafeMutableBufferPointer { input in
        stream.pointee.next_in = input.baseAddress
        stream.pointee.avail_in = UInt32(input.count)
        while true {
          let start = output.count
          // Incompressible input grows by at most 5 bytes per 16 KiB block (zlib's bound).
          let room = max(input.count / 2, 1 << 15)
          output += repeatElement(0, count: room)
          let status = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
            stream.pointee.next_out = buffer.baseAddress! + start
            stream.pointee.avail_out = UInt32(room)
            return deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
          }
          output.removeLast(Int(stream.pointee.avail_out))
          precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "zlib: \(status)")
          if finish ? status == Z_STREAM_END : stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 {
            break
          }
        }
      }
      pending.removeAll(keepingCapacity: true)
    }
  }
}
