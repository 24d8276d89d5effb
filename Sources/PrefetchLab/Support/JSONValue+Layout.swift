extension JSONValue {
  /// JSON text laid out for reading and diffing: containers nested less than `depth` levels
  /// deep and holding other containers go one member or element per line (indented two spaces
  /// a level, `": "` after keys, as `serialized(pretty: true)`); deeper ones, and those holding
  /// only numbers, strings, booleans and nulls, are written compactly on one line. The text parses
  /// back to an equal value; `depth` 0 is `serialized()`. No trailing newline.
  ///
  /// `manifest.json` writes each recorded scenario this way: a line per section, not per number.
  public func serialized(expandingDepth depth: Int) -> String {
    var output: [UInt8] = []
    write(into: &output, depth: depth, indent: 0)
    return String(decoding: output, as: UTF8.self)
  }

  /// Writes straight into `output`: compact parts through `write(into:pretty:indent:)`, with no
  /// array of children or intermediate text per container.
  private func write(into output: inout [UInt8], depth: Int, indent: Int) {
    guard indent < depth else {
      write(into: &output, pretty: false, indent: 0)
      return
    }
    switch self {
    case .array(let elements) where elements.contains(where: \.isContainer):
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        JSONValue.startLine(into: &output, first: offset == 0, indent: indent + 1)
        element.write(into: &output, depth: depth, indent: indent + 1)
      }
      JSONValue.startLine(into: &output, first: false, indent: indent, comma: false)
      output.append(UInt8(ascii: "]"))
    case .object(let members) where members.contains(where: { $0.value.isContainer }):
      output.append(UInt8(ascii: "{"))
      for (offset, member) in members.enumerated() {
        JSONValue.startLine(into: &output, first: offset == 0, indent: indent + 1)
        JSONValue.writeString(member.key, into: &output)
        output += ": ".utf8
        member.value.write(into: &output, depth: depth, indent: indent + 1)
      }
      JSONValue.startLine(into: &output, first: false, indent: indent, comma: false)
      output.append(UInt8(ascii: "}"))
    default:
      write(into: &output, pretty: false, indent: 0)
    }
  }

  /// Whether this is an array or an object.
  private var isContainer: Bool {
    switch self {
    case .array, .object: return true
    default: return false
    }
  }

  /// `,` (unless `first` or not `comma`), a line break and `indent` levels of two spaces.
  private static func startLine(into output: inout [UInt8], first: Bool, indent: Int, comma: Bool = true) {
    if comma && !first { output.append(UInt8(ascii: ",")) }
    output.append(UInt8(ascii: "\n"))
    for _ in 0..<indent { output += "  ".utf8 }
  }
}
