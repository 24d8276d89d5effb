import PrefetchLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A run table read in bounded memory: the file is read in pieces, inflated in pieces when it
// is gzip (`GzipInflater`), and its lines put together across the pieces (`LineSplitter`), so
// the table is never held whole: memory is the pieces, zlib's window and the longest line.
extension RunTable {
  /// What a streamed read of a table found.
  struct StreamedLines: Sendable, Equatable {
    /// Lines, the header's included.
    var lines = 0
    /// Whether the file's (decompressed) bytes end with a line feed; true for an empty file.
    var endsWithLineBreak = true
  }

  /// Calls `body` with each line of the table file at `path` (decompressed when its name ends
  /// in `.gz`), without its line break, in order.
  ///
  /// Complexity: O(n) in the decompressed size; memory O(`pieceBytes` +
  /// `LineSplitter.maxLineBytes`).
  /// - Parameter pieceBytes: bytes read (and inflated) at a time, 1 … 2^30; 256 KiB by default.
  /// - Throws: `InputError` naming `path` when it cannot be read or does not decompress (a
  ///   stream cut inside its gzip member included), or holds a line longer than
  ///   `LineSplitter.maxLineBytes`.
  static func streamLines(
    path: String, pieceBytes: Int = 1 << 18, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(InputError) -> StreamedLines {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw InputError(file: path, location: "", message: "cannot be read: \(FilePath.lastErrorText())")
    }
    defer { close(descriptor) }
    let inflater = path.hasSuffix(".gz") ? GzipInflater(outputBytes: pieceBytes) : nil
    var splitter = LineSplitter()
    var buffer = [UInt8](repeating: 0, count: max(1, min(pieceBytes, 1 << 30)))
    var readFailure: String? = nil
    do throws(Gzip.Failure) {
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR { continue }
          readFailure = FilePath.lastErrorText()
          break
        }
        if count == 0 { break }
        try buffer.withUnsafeBufferPointer { whole throws(Gzip.Failure) in
          let piece = UnsafeBufferPointer(rebasing: whole[..<count])
          if let inflater {
            try inflater.feed(piece) { splitter.feed($0, body) }
          } else {
            splitter.feed(piece, body)
          }
        }
      }
      if readFailure == nil { try inflater?.finish() }
    } catch {
      throw InputError(file: path, location: "", message: error.message)
    }
    if let readFailure {
      throw InputError(file: path, location: "", message: "cannot be read: " + readFailure)
    }
    if let line = splitter.overlongLine {
      throw InputError(
        file: path, location: "line \(line)",
        message:
          "longer than \(LineSplitter.maxLineBytes) bytes without a line feed: not a table prefetchlab wrote")
    }
    let endsWithLineBreak = splitter.endsWithLineBreak
    splitter.finish(body)
    return StreamedLines(lines: splitter.lines, endsWithLineBreak: endsWithLineBreak)
  }
}
