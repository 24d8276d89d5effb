import Foundation

/// Reads a line-based text format (Mahimahi and throughput bandwidth traces, `offset_csv` and
/// `touch_csv` recordings) one line at a time, with the line number every error message names.
///
/// Lines end at LF. The blanks around a line (spaces, TABs and CRs, so a CRLF file reads like an
/// LF one) are not part of it; a CR inside a line is kept, for the format to reject. A final LF
/// does not start another line. Line numbers start at 1 and count every line, blank ones too, so
/// they match what an editor shows. Blank lines are handled as the format needs: see
/// `BlankLines`. No format has comments. A leading UTF-8 byte order mark is skipped.
///
/// The reader walks the file's bytes in place and returns byte ranges, so a pass allocates
/// nothing per line (a Mahimahi trace has 200 000 of them) and needs no memory beyond the bytes
/// the caller already holds. Size limits, if any, are the caller's. One pass is O(bytes).
///
/// ```swift
/// var reader = LineReader(bytes, blankLines: .trailingOnly)
/// while let line = reader.next() {
///   if line.isEmpty { throw InputError(file: path, location: line.location, message: "…") }
///   let fields = reader.fields(of: line)  // byte ranges of the blank-separated fields
/// }
/// ```
struct LineReader {
  /// What a blank line (nothing but blanks) means.
  enum BlankLines {
    /// Nothing: blank lines are skipped wherever they are.
    case skipped
    /// The end of the content: blank lines at the end of the file are skipped, and one followed
    /// by more content is returned as an empty `Line` so that the format rejects it in its own
    /// words (as Mahimahi's `src/frontend/link_queue.cc` rejects an empty line).
    case trailingOnly
  }

  /// One line: its number and the byte range of its content without the surrounding blanks.
  struct Line: Equatable {
    /// 1-based.
    let number: Int
    /// Indexes into the reader's `bytes`; empty for a blank line.
    let range: Range<Int>

    var isEmpty: Bool { range.isEmpty }

    /// `line N`, the `location` of an `InputError` about this line.
    var location: String { "line \(number)" }
  }

  let bytes: [UInt8]
  let blankLines: BlankLines
  /// Start of the next line.
  private var index = 0
  private var lineNumber = 0

  init(_ bytes: [UInt8], blankLines: BlankLines) {
    self.bytes = bytes
    self.blankLines = blankLines
    // A UTF-8 byte order mark (Windows editors write one) is no part of the first line, as the
    // JSON reader also skips it: the file reads like the same file without it.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  /// The next line, or nil at the end of the content.
  mutating func next() -> Line? {
    while index < bytes.count {
      lineNumber += 1
      var end = index
      while end < bytes.count && bytes[end] != Self.lineFeed { end += 1 }
      var low = index
      var high = end
      index = end + 1
      while low < high && Self.isBlank(bytes[low]) { low += 1 }
      while high > low && Self.isBlank(bytes[high - 1]) { high -= 1 }
      if low < high { return Line(number: lineNumber, range: low..<high) }
      switch blankLines {
      case .skipped:
        continue
      case .trailingOnly:
        if restIsBlank() {
          index = bytes.count
          return nil
        }
        return Line(number: lineNumber, range: low..<low)
      }
    }
    return nil
  }

  /// True when nothing but blanks and line ends follows the line last returned.
  private func restIsBlank() -> Bool {
    var position = index
    while position < bytes.count {
      if !Self.isBlank(bytes[position]) && bytes[position] != Self.lineFeed { return false }
      position += 1
    }
    return true
  }

  /// The byte ranges of the fields of `line` separated by runs of blanks (spaces, TABs, CRs), as
  /// in whitespace-separated columns; there are no empty fields.
  func fields(of line: Line) -> [Range<Int>] {
    var fields: [Range<Int>] = []
    var position = line.range.lowerBound
    let end = line.range.upperBound
    while position < end {
      while position < end && Self.isBlank(bytes[position]) { position += 1 }
      let start = position
      while position < end && !Self.isBlank(bytes[position]) { position += 1 }
      if position > start { fields.append(start..<position) }
    }
    return fields
  }

  /// The fields of `line` separated by `separator` (an ASCII byte such as `,`), as text with
  /// surrounding white space (Unicode's, newlines included) removed; empty fields are kept, so
  /// `1,,2` has three fields and a line without the separator has one.
  func fields(of line: Line, separatedBy separator: UInt8) -> [String] {
    precondition(separator < 0x80 && !Self.isBlank(separator), "the separator must be ASCII and not a blank")
    return bytes[line.range].split(separator: separator, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// The text of `range` (a line or a field), invalid UTF-8 replaced.
  func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  private static let lineFeed = UInt8(ascii: "\n")

  @inline(__always) private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}
