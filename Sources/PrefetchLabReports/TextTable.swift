/// A fixed-width text table for the terminal: columns padded to their widest cell, two spaces
/// apart, a dashed rule under the header row, trailing spaces trimmed. Widths count characters
/// (extended grapheme clusters), which is what a terminal shows for the names we print.
public enum TextTable {
  /// - Parameters:
  ///   - rows: the header row first; every row has the header's number of cells.
  ///   - rightAligned: columns whose cells (not the header) are right-aligned, e.g. numbers.
  ///   - indent: text put before every line.
  public static func render(_ rows: [[String]], rightAligned: Set<Int>, indent: String = "") -> String {
    guard let header = rows.first else { return "" }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var text = ""
    for (number, row) in rows.enumerated() {
      let cells = row.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) && number > 0 ? pad + cell : cell + pad
      }
      var line = indent + cells.joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      text += line + "\n"
      if number == 0 {
        text += indent + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
      }
    }
    return text
  }
}
