import PrefetchLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run table file read one line at a time in bounded memory: the file is read in pieces,
/// inflated in pieces when its name ends in `.gz` (`GzipInflater`), and its lines put together
/// across the pieces (`LineSplitter`). Only the lines one piece completes are held: memory is a
/// piece of the file, what it inflates to, zlib's window and the longest line (at most
/// `LineSplitter.maxLineBytes`). Several readers can be open at once, each pulled at its own
/// pace (`merge` interleaves its shards' tables).
///
/// Not thread-safe: one owner.
final class RunTableLineReader {
  /// The file, for messages.
  let path: String
  private let descriptor: Int32
  private let inflater: GzipInflater?
  private var splitter = LineSplitter()
  private var input: [UInt8]
  /// The lines the last piece completed, one after another, and where each is.
  private var lines: [UInt8] = []
  private var ranges: [Range<Int>] = []
  private var nextLine = 0
  private var ended = false
  private var endsWithLineBreak = true
  /// What stopped the read, thrown once the lines before it were returned.
  private var failure: InputError?
  /// The number of the line `next()` returned last (1 for the header); 0 before the first.
  private(set) var lineNumber = 0

  /// Opens `path`.
  /// - Parameter pieceBytes: bytes read (and inflated) at a time, 1 … 2^30; 256 KiB by default.
  /// - Throws: `InputError` naming `path` when it cannot be opened.
  init(path: String, pieceBytes: Int = 1 << 18) throws(InputError) {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw InputError(file: path, location: "", message: "cannot be read: \(FilePath.lastErrorText())")
    }
    self.descriptor = descriptor
    let bytes = max(1, min(pieceBytes, 1 << 30))
    inflater = path.hasSuffix(".gz") ? GzipInflater(outputBytes: bytes) : nil
    input = [UInt8](repeating: 0, count: bytes)
  }

  deinit { close(descriptor) }

  /// What the reader found, once `next()` returned nil: the lines and whether the last ended
  /// with a line break.
  var found: RunTableCompleteness.Found {
    RunTableCompleteness.Found(lines: splitter.lines, endsWithLineBreak: endsWithLineBreak)
  }

  /// The next line, without its line break (LF or CRLF); nil at the end of the file. A last
  /// line without a line break is returned too (`found` says so).
  ///
  /// Complexity: amortised O(line length).
  /// - Throws: `InputError` naming the file when it cannot be read or does not decompress (a
  ///   stream cut inside its gzip member included), or, at its line, for a line longer than
  ///   `LineSplitter.maxLineBytes`.
  func next() throws(InputError) -> ArraySlice<UInt8>? {
    while nextLine == ranges.count {
      if let failure { throw failure }
      if ended { return nil }
      refill()
    }
    let range = ranges[nextLine]
    nextLine += 1
    lineNumber += 1
    return lines[range]
  }

  /// Whether the line `next()` returned last is the file's last and ends without a line break
  /// (a table cut inside its last row).
  var returnedUnfinishedLine: Bool {
    ended && failure == nil && nextLine == ranges.count && !endsWithLineBreak && lineNumber > 0
  }

  /// Reads a piece, keeping the lines it completes; what stops the read goes to `failure`.
  private func refill() {
    lines.removeAll(keepingCapacity: true)
    ranges.removeAll(keepingCapacity: true)
    nextLine = 0
    var count = 0
    repeat {
      count = input.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    } while count < 0 && errno == EINTR
    guard count >= 0 else {
      failure = InputError(file: path, location: "", message: "cannot be read: " + FilePath.lastErrorText())
      return
    }
    do throws(Gzip.Failure) {
      if count == 0 {
        ended = true
        try inflater?.finish()
      } else {
        try input.withUnsafeBufferPointer { whole throws(Gzip.Failure) in
          let piece = UnsafeBufferPointer(rebasing: whole[..<count])
          if let inflater {
            try inflater.feed(piece) { splitter.feed($0, keep) }
          } else {
            splitter.feed(piece, keep)
          }
        }
      }
    } catch {
      failure = InputError(file: path, location: "", message: error.message)
      return
    }
    if let line = splitter.overlongLine {
      failure = InputError(
        file: path, location: "line \(line)",
        message:
          "longer than \(LineSplitter.maxLineBytes) bytes without a line feed: not a table prefetchlab wrote")
      return
    }
    if ended {
      endsWithLineBreak = splitter.endsWithLineBreak
      splitter.finish(keep)
    }
  }

  private func keep(_ line: UnsafeBufferPointer<UInt8>) {
    let start = lines.count
    lines.append(contentsOf: line)
    ranges.append(start..<lines.count)
  }
}
