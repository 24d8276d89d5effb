import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A gzip file being written from bytes given in any runs: one gzip member whose deflate data
/// is compressed a piece of `Gzip.pieceInputBytes` of input at a time on a `CompressionPool`'s
/// threads while the caller goes on, each piece written as it and those before it are ready,
/// the CRC-32 of the whole combined from the pieces'. The file is `Gzip.compress` of the
/// concatenated input, whatever the runs of bytes, the pool's size or the threads' timing; one
/// member, so every gzip reader takes it whole (some tools read only the first member of a
/// file of several).
///
/// At most `maximumInFlight` pieces (each at most 1 MiB of input, then its compressed bytes)
/// are held between `append` and their `write`: a caller that gets that far ahead of the
/// compressing threads waits in `append`, so memory stays bounded however long the table.
///
/// `append` and `finish` are for one thread at a time (the owner's); the pool's threads only
/// deliver pieces.
final class GzipPieceFile: @unchecked Sendable {
  let path: String
  private let descriptor: Int32
  private let pool: CompressionPool
  private let maximumInFlight: Int
  /// The piece being filled (`filled` bytes of it), and how many were handed over (the owner's
  /// alone). Input buffers are reused: a fresh megabyte per piece cost more in page faults than
  /// copying the rows into it.
  private var pending: UnsafeMutableRawBufferPointer
  private var filled = 0
  private var handedOver = 0
  private var finished = false
  /// Shared with the pool's threads, under `condition`.
  private let condition = NSCondition()
  private var compressed: [Int: Gzip.Piece] = [:]
  private var nextToWrite = 0
  private var crc: UInt32 = 0
  private var length = 0
  private var inFlight = 0
  private var failure: OutputError?
  private var written = 0
  private var spareBuffers: [UnsafeMutableRawBufferPointer] = []

  /// Writes into `descriptor` (open for writing; closed by `finish`), named `path` in messages.
  init(descriptor: Int32, path: String, pool: CompressionPool) {
    self.descriptor = descriptor
    self.path = path
    self.pool = pool
    maximumInFlight = pool.threads + 2
    pending = Self.allocateBuffer()
  }

  deinit {
    pending.deallocate()
    for buffer in spareBuffers { buffer.deallocate() }
  }

  private static func allocateBuffer() -> UnsafeMutableRawBufferPointer {
    .allocate(byteCount: Gzip.pieceInputBytes, alignment: 16)
  }

  /// Adds `bytes` to the file. - Throws: the first `OutputError` a write of this file met.
  func append<Bytes: Collection>(_ bytes: Bytes) throws(OutputError) where Bytes.Element == UInt8 {
    precondition(!finished, "append after finish")
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let room = Gzip.pieceInputBytes - filled
      let end = bytes.index(index, offsetBy: room, limitedBy: bytes.endIndex) ?? bytes.endIndex
      let piece = bytes[index..<end]
      let target = UnsafeMutableRawBufferPointer(rebasing: pending[filled...])
      let copied: Bool? = piece.withContiguousStorageIfAvailable { source in
        target.copyMemory(from: UnsafeRawBufferPointer(source))
        return true
      }
      if copied == nil { target.copyBytes(from: piece) }
      filled += piece.count
      index = end
      if filled == Gzip.pieceInputBytes { try handOver(last: false) }
    }
  }

  /// Compresses the last piece (what is left, maybe nothing), waits for every piece to be
  /// written, writes the trailer and closes the file.
  /// - Returns: the compressed bytes written.
  /// - Throws: the first `OutputError` a write or the close met.
  func finish() throws(OutputError) -> Int {
    precondition(!finished, "finish twice")
    finished = true
    try? handOver(last: true)
    condition.lock()
    while inFlight > 0 { condition.wait() }
    if failure == nil {
      do throws(OutputError) {
        let trailer = Gzip.trailer(crc: crc, length: length)
        try writeAll(trailer)
        written += trailer.count
      } catch {
        failure = error
      }
    }
    let failure = self.failure
    let written = self.written
    condition.unlock()
    let closed = close(descriptor) == 0
    if let failure { throw failure }
    guard closed else { throw OutputError(path: path, reason: "cannot close: \(FilePath.lastErrorText())") }
    return written
  }

  private func handOver(last: Bool) throws(OutputError) {
    condition.lock()
    while inFlight >= maximumInFlight && failure == nil { condition.wait() }
    if let failure {
      condition.unlock()
      throw failure
    }
    inFlight += 1
    let next = spareBuffers.popLast() ?? Self.allocateBuffer()
    condition.unlock()
    let input = UnsafeRawBufferPointer(rebasing: pending[..<filled])
    let buffer = pending
    let sequence = handedOver
    handedOver += 1
    pending = next
    filled = 0
    pool.enqueue { [self] compressor in
      deliver(compressor.piece(input, last: last), sequence, spare: buffer)
    }
  }

  /// Takes piece `sequence` from a pool thread (and its input buffer, to reuse), and writes
  /// every piece that is now next (the first after the header).
  private func deliver(_ piece: Gzip.Piece, _ sequence: Int, spare: UnsafeMutableRawBufferPointer) {
    condition.lock()
    defer { condition.unlock() }
    spareBuffers.append(spare)
    compressed[sequence] = piece
    while let next = compressed.removeValue(forKey: nextToWrite) {
      nextToWrite += 1
      inFlight -= 1
      guard failure == nil else { continue }
      crc = Gzip.combine(crc, next.crc, secondLength: next.inputLength)
      length += next.inputLength
      do throws(OutputError) {
        if nextToWrite == 1 {
          try writeAll(Gzip.header)
          written += Gzip.header.count
        }
        try writeAll(next.bytes)
        written += next.bytes.count
      } catch {
        failure = error
      }
    }
    condition.broadcast()
  }

  private func writeAll(_ bytes: [UInt8]) throws(OutputError) {
    try FilePath.writeAll(bytes, to: descriptor, path: path)
  }
}
