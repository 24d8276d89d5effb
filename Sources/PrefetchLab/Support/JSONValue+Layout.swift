extension JSONValue {
  /// JSON text laid out for reading and diffing: containers nested less than `depth` levels
  /// deep and holding other containers go one member or element per line (indented two spaces
  /// a level, `": "` after keys, as `serialized(pretty: true)`); deeper ones, and those holding
  /// only numbers, strings, booleans and nulls, are written compactly on one line. The text parses
  /// back to an equal value; `depth` 0 is `serialized()`. No trailing newline.
  ///
  /// `manifest.json` writes each recorded scenario this way: a line per section, not per number.
  public func serialized(expandingDepth depth: Int) -> String {
    var output = ""
    write(into: &output, depth: depth, indent: 0)
    return output
  }

  private func write(into output: inout String, depth: Int, indent: Int) {
    let children: [(key: String?, value: JSONValue)]
    let brackets: (open: String, close: String)
    switch self {
    case .array(let elements):
      children = elements.map { (nil, $0) }
      brackets = ("[", "]")
    case .object(let members):
      children = members.map { ($0.key, $0.value) }
      brackets = ("{", "}")
    default:
      output += serialized()
      return
    }
    let holdsContainers = children.contains { child in
      switch child.value {
      case .array, .object: return true
      default: return false
      }
    }
    guard indent < depth, holdsContainers else {
      output += serialized()
      return
    }
    output += brackets.open
    for (offset, child) in children.enumerated() {
      output += (offset > 0 ? "," : "") + "\n" + String(repeating: "  ", count: indent + 1)
      if let key = child.key { output += JSONValue.string(key).serialized() + ": " }
      child.value.write(into: &output, depth: depth, indent: indent + 1)
    }
    output += "\n" + String(repeating: "  ", count: indent) + brackets.close
  }
}
