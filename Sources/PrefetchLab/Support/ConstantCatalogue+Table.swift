/// The catalogue as the table of docs/constants.md and as `prefetchlab constants` prints it.
extension ConstantCatalogue {
  public static let beginMarker =
    "<!-- constants table: generated from ConstantCatalogue by scripts/update-constants-doc.sh; do not edit -->"
  public static let endMarker = "<!-- end of constants table -->"

  /// The Markdown table (header, separator, one row per entry), each line ending in a newline.
  public static func markdown() -> String {
    var lines = ["| constant | value | standing | source |", "|---|---|---|---|"]
    for entry in all {
      lines.append("| `\(entry.name)` | \(entry.value) | \(entry.standing.rawValue) | \(entry.source) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One block per entry: name, value, standing and source on their own lines.
  public static func text() -> String {
    all.map {
      "\($0.name)\n  value: \($0.value)\n  standing: \($0.standing.rawValue)\n  source: \($0.source)\n"
    }
    .joined(separator: "\n")
  }
}
