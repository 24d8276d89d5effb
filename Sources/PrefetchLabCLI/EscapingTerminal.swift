/// Passes text to a terminal with every control character other than newline, TAB and the CR of a
/// CRLF line end (CSV written to standard output keeps its RFC 4180 line ends), every line
/// or paragraph separator and every bidirectional override written as `\u{1B}`: scenario names,
/// file names, CSV cells and command-line words are untrusted, and printed raw they could move the
/// cursor, recolour or rewrite what the terminal shows. Every verb writes through it. The one
/// sequence PrefetchLab itself writes, a progress line's redraw (`\r` and erase-to-end-of-line,
/// `ProgressDisplay`) at the start of a write, passes through.
final class EscapingTerminal: TerminalOutput, Sendable {
  let base: TerminalOutput

  init(_ base: TerminalOutput) { self.base = base }

  func out(_ text: String) { base.out(Self.escaped(text)) }

  func err(_ text: String) {
    var rest = Substring(text)
    var prefix = ""
    while rest.hasPrefix(Self.redraw) {
      prefix += Self.redraw
      rest = rest.dropFirst(Self.redraw.count)
    }
    base.err(prefix + Self.escaped(String(rest)))
  }

  var errorIsTerminal: Bool { base.errorIsTerminal }

  /// Carriage return and erase to the end of the line: how a progress line is redrawn in place.
  static let redraw = "\r\u{1B}[K"

  static func escaped(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    func unsafe(_ index: Int) -> Bool {
      scalars[index] == "\r"
        ? !(index + 1 < scalars.count && scalars[index + 1] == "\n") : isUnsafe(scalars[index])
    }
    guard scalars.indices.contains(where: unsafe) else { return text }
    var output = ""
    for (index, scalar) in scalars.enumerated() {
      if unsafe(index) {
        output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: return false
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
