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
/// held between pieces, so memory is bounded by the longest line.
struct LineSplitter {
  private var pending: [UInt8] = []
  /// Lines handed over.
  private(set) var lines = 0
  /// Whether the bytes so far end with a line feed (true before any byte).
  private(set) var endsWithLineBreak = true

  /// Hands `body` every line `piece` completes.
  mutating func feed(_ piece: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let base = piece.baseAddress, piece.count > 0 else { return }
    endsWithLineBreak = piece[piece.count - 1] == 10
    var start = 0
    while start < piece.count {
      guard let found = memchr(base + start, 10, piece.count - start) else {
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: piece[start...]))
        return
      }
      let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
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
    guard !pending.isEmpty else { return }
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
