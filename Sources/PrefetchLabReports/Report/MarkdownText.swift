/// Escaping for Markdown (CommonMark with GitHub tables): names are user text and may hold
/// anything, so every character with a meaning is backslash-escaped and line breaks become
/// spaces; inside tables a `|` is escaped as GitHub requires.
enum MarkdownText {
  /// Characters that start or end inline syntax anywhere in a line: code, emphasis, links (an
  /// escaped `[` also defuses `![` and `](`), raw HTML and entities, strikethrough, table cells.
  private static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "&", "~"]

  /// `text` as literal Markdown inline content: special characters backslash-escaped, line
  /// breaks turned into spaces, and a start that would make a block (`#`, `+`, `-`, `=`, `1. `)
  /// escaped too.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in GnuplotText.sanitized(text) {
      if special.contains(character) { result.append("\\") }
      result.append(character)
    }
    if let first = result.first, "#+-=".contains(first) {
      result.insert("\\", at: result.startIndex)
    } else if let marker = result.firstIndex(where: { !$0.isASCII || !$0.isNumber }),
      marker != result.startIndex, result[marker] == "." || result[marker] == ")",
      result.index(after: marker) == result.endIndex || result[result.index(after: marker)] == " "
    {
      result.insert("\\", at: marker)
    }
    return result
  }
}

/// Escaping for HTML text and attribute values.
enum HTMLText {
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in GnuplotText.sanitized(text).unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
