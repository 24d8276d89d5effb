import PrefetchLab

/// The key tables of docs/scenario-format.md, generated from `ScenarioDefinitions` (the
/// definitions the loader reads with), so the docs state every key's type, unit, default and
/// range exactly as the loader checks them. Each table sits between
/// `<!-- keys: NAME: generated … -->` and `<!-- end of keys -->` markers;
/// `scripts/update-scenario-doc.sh` refreshes them and a test fails while they differ.
public enum ScenarioKeyTables {
  /// The table of one object, without markers.
  public static func markdown(_ object: ObjectDefinition) -> String {
    var lines = ["| key | type | unit | default | valid |", "|---|---|---|---|---|"]
    for key in object.keys {
      let cells = ["`\(key.name)`", typeText(key.kind), key.unit ?? "", key.defaultText, validText(key)]
      lines.append(
        "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func beginMarker(_ name: String) -> String {
    "<!-- keys: \(name): generated from ScenarioDefinitions by scripts/update-scenario-doc.sh; do not edit -->"
  }
  static let endMarker = "<!-- end of keys -->"

  /// `document` with every marked table replaced by the current one; unknown names are left.
  public static func updating(_ document: String) -> String {
    var output: [Substring] = []
    var skipping = false
    for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
      if skipping {
        if line == endMarker {
          skipping = false
          output.append(line)
        }
        continue
      }
      output.append(line)
      if let object = ScenarioDefinitions.documentedObjects.first(where: { beginMarker($0.name) == line }) {
        output += markdown(object).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        skipping = true
      }
    }
    return output.joined(separator: "\n")
  }

  /// Every table, each between its markers: what `scripts/update-scenario-doc.sh` splices in.
  public static func allMarked() -> String {
    ScenarioDefinitions.documentedObjects.map {
      beginMarker($0.name) + "\n" + markdown($0) + endMarker + "\n"
    }
    .joined(separator: "\n")
  }

  /// The objects that have a marked table in `document`.
  public static func documented(in document: String) -> [String] {
    ScenarioDefinitions.documentedObjects.map(\.name).filter { document.contains(beginMarker($0)) }
  }

  static func typeText(_ kind: ValueKind) -> String {
    switch kind {
    case .number: return "number"
    case .integer: return "integer"
    case .text: return "string"
    case .boolean: return "boolean"
    case .choice: return "string"
    case .distribution: return "distribution"
    case .object: return "object"
    case .array(let element, _): return "array of " + typeText(element) + "s"
    case .alternatives(let kinds): return kinds.map(typeText).joined(separator: " or ")
    case .script: return "array of gestures"
    case .strategies: return "array"
    }
  }

  static func validText(_ key: KeyDefinition) -> String {
    let rule: String
    switch key.kind {
    case .number(let number), .integer(let number): rule = number.text
    case .text(.name(let maximumLength)):
      rule = "1…\(maximumLength) characters, not blank, no control characters"
    case .text(.freeText): rule = "any text without control characters other than TAB and newline"
    case .text(.path): rule = ""
    case .choice(let names):
      rule = key.note.isEmpty ? names.map { "`\"\($0)\"`" }.joined(separator: ", ") : ""
    case .distribution(let draw):
      let support = draw.support == .nonNegative ? ">= 0" : "> 0"
      var maximum = DecimalFormat.shortest(draw.maximum)
      if maximum.hasSuffix(".0") { maximum.removeLast(2) }
      rule = "draws \(support) and <= \(maximum) (tails capped there)"
    case .boolean, .object, .array, .alternatives, .script, .strategies: rule = ""
    }
    // A note part that restates the rule (`1…1000` beside the range generated from the kind)
    // would print the range twice.
    let note = key.note.components(separatedBy: "; ").filter { $0 != rule }
    return ([rule] + note).filter { !$0.isEmpty }.joined(separator: "; ")
  }
}
