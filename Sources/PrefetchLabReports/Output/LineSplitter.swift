#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts lines together from bytes that arrive in pieces cut anywhere (inside a row, between
/// the CR and LF of a line break, inside a UTF-8 character): each line is handed over whole,
/// without its line break (LF or CRLF), as the bytes of the file. Only the unfinished line is
/// held between pieces, and at most `maxLineBytes` of it: a file with no line feeds (binary, or
/// CR-only line ends) stops the splitter instead of being held whole.
struct LineSplitter {
  /// The longest line held, bytes: 1 MiB, three orders of magnitude above the longest row a run
  /// table holds (a row's cells are numbers, four keys and a strategy's parameters).
  static let maxLineBytes = 1 << 20
  private var pending: [UInt8] = []
  /// Lines handed over.
  private(set) var lines = 0
  /// The number of the first line longer than `maxLineBytes`; nothing more is handed over then.
  private(set) var overlongLine: Int? = nil
  /// Whether the bytes so far end with a line feed (true before any byte).
  private(set) var endsWithLineBreak = true

  /// Hands `body` every line `piece` completes.
  mutating func feed(_ piece: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let base = piece.baseAddress, piece.count > 0, overlongLine == nil else { return }
    endsWithLineBreak = piece[piece.count - 1] == 10
    var start = 0
    while start < piece.count {
      let found = memchr(base + start, 10, piece.count - start)
      let end = found.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) - base } ?? piece.count
      if pending.count + (end - start) > Self.maxLineBytes {
        overlongLine = lines + 1
        pending = []
        return
      }
      guard found != nil else {
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: piece[start...]))
        return
      }
      if pending.isEmpty {
        emit(UnsafeBufferPointer(rebasing: piece[start..<end]), body)
      } else {
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: piece[start..<end]))
        pending.withUnsafeBufferPointer { emit($0, body) }
        pending.removeAll(keepingCapacity: true)
      }
      start = end + 1
    }
  }

  /// Hands `body` the last line when the bytes did not end with a line break.
  mutating func finish(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard !pending.isEmpty, overlongLine == nil else { return }
    pending.withUnsafeBufferPointer { emit($0, body) }
    pending = []
  }

  private mutating func emit(_ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
  {
    lines += 1
    if let last = line.last, last == 13 {
      body(UnsafeBufferPointer(rebasing: line[..<(line.count - 1)]))
    } else {
      body(line)
    }
  }
}
