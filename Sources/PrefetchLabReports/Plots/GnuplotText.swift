import PrefetchLab

/// Text that goes into gnuplot scripts. Scenario and strategy names come from user files and may
/// hold anything; the only place they appear in a script is inside a single-quoted string made by
/// `quoted`, where gnuplot performs no substitution at all: no backquote command substitution, no
/// `@macro` expansion, no backslash escapes, and `system("…")` is just text. What could still
/// break out of such a string is handled here: a `'` is doubled (gnuplot's only escape inside
/// single quotes) and a line break, which would end the command and start a new one, becomes a
/// space. Data go into scripts as numbers only (datablocks), never as names.
public enum GnuplotText {
  /// A gnuplot single-quoted string literal that displays `text` (sanitized), inert whatever
  /// `text` holds: `quoted("it's")` → `'it''s'`, `quoted("a\n`rm -rf ~`")` → `` 'a `rm -rf ~`' ``.
  public static func quoted(_ text: String) -> String {
    "'" + sanitized(text).replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// `text` as it can appear in a plot: control characters (line breaks, tabs, DEL, C1) and
  /// Unicode line/paragraph separators become spaces, characters that XML forbids (U+FFFE,
  /// U+FFFF) become U+FFFD, and `]]>` (which gnuplot's SVG output would copy verbatim into text,
  /// making the file invalid XML) becomes `]] >`.
  public static func sanitized(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: result.unicodeScalars.append(" ")
      case 0xFFFE, 0xFFFF: result.unicodeScalars.append("\u{FFFD}")
      default: result.unicodeScalars.append(scalar)
      }
    }
    while result.contains("]]>") { result = result.replacingOccurrences(of: "]]>", with: "]] >") }
    return result
  }

  /// `text` cut into lines of at most `width` characters, at spaces (a word longer than `width`
  /// stands alone on its line): how a title line fits its plot (gnuplot does not wrap titles, and
  /// a line wider than the image is clipped at both sides). O(n).
  public static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + (line.isEmpty ? [] : [line])
  }

  /// A number for a script or datablock: fixed notation with up to 6 decimals (`DecimalFormat`,
  /// locale-independent), or `NaN` (gnuplot's undefined value) for nil and non-finite values.
  public static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "NaN" }
    let text = DecimalFormat.fixed(value, places: 6)
    return text.isEmpty ? "NaN" : text
  }

  /// A datablock `$name << EOD … EOD` holding `rows` of numbers, one row per line, fields
  /// separated by a space. `name` must be a gnuplot identifier (letters, digits, `_`); an empty
  /// `rows` gives a block with one row of `NaN`s (gnuplot refuses to plot an empty block).
  public static func datablock(_ name: String, rows: [[Double?]], columns: Int) -> String {
    precondition(
      !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") },
      "datablock names are identifiers")
    var bytes = Array("$\(name) << EOD\n".utf8)
    if rows.isEmpty {
      bytes += (Array(repeating: "NaN", count: columns).joined(separator: " ") + "\n").utf8
    }
    // Built as bytes (each number as `number` writes it): timelines hold thousands of rows.
    bytes.reserveCapacity(bytes.count + rows.count * columns * 10 + 4)
    for row in rows {
      for (index, value) in row.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: " ")) }
        let start = bytes.count
        if let value { DecimalBytes.fixed(value, places: 6, to: &bytes) }
        if bytes.count == start { bytes += "NaN".utf8 }
      }
      bytes.append(UInt8(ascii: "\n"))
    }
    bytes += "EOD\n".utf8
    return String(decoding: bytes, as: UTF8.self)
  }
}
