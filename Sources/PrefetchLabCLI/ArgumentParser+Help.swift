// Usage lines and help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS,
// OPTIONS and SUBCOMMANDS sections, descriptions in a column wrapped to the screen width.

extension ArgumentParser {
  /// `prefetchlab run <scenarios> ... [--out <out>]`; more than 12 arguments collapse to
  /// `[<options>]` plus the required ones, as in SAP.
  func usage(stack: [CommandSpec]) -> String {
    let command = stack[stack.count - 1]
    let tool = stack.map(\.name).joined(separator: " ")
    var arguments = command.arguments
    var text: String
    if arguments.isEmpty {
      text = tool
    } else if arguments.count > 12 {
      arguments = arguments.filter { $0.isPositional || $0.isRequired }
      if !arguments.isEmpty && arguments.count <= 12 {
        text = "\(tool) [<options>] " + arguments.map(\.synopsis).joined(separator: " ")
      } else {
        text = "\(tool) <options>"
      }
    } else {
      text = "\(tool) " + arguments.map(\.synopsis).joined(separator: " ")
    }
    if !command.subcommands.isEmpty {
      if !text.hasSuffix(" ") { text += " " }
      text += "<subcommand>"
    }
    return text
  }

  func helpText(stack: [CommandSpec]) -> String {
    let command = stack[stack.count - 1]
    var abstract = command.abstract
    if !command.discussion.isEmpty {
      if !abstract.isEmpty { abstract += "\n" }
      abstract += "\n\(command.discussion)"
    }
    var text = abstract.isEmpty ? "" : Self.wrap("OVERVIEW: \(abstract)", to: screenWidth) + "\n\n"
    text += "USAGE: \(usage(stack: stack))\n\n"

    func describe(_ spec: ArgumentSpec) -> (String, String) {
      let defaultText = spec.defaultValue.flatMap { $0.isEmpty ? nil : "(default: \($0))" }
      return (
        spec.helpLabel,
        [spec.help, defaultText].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
      )
    }
    let positionals = command.arguments.filter(\.isPositional).map(describe)
    var options = command.arguments.filter { !$0.isPositional }.map(describe)
    if stack.contains(where: { $0.version != nil }) { options.append(("--version", "Show the version.")) }
    options.append(("-h, --help", "Show help information."))
    let subcommands = command.subcommands.map { ($0.name, $0.abstract) }

    let sections = [("ARGUMENTS", positionals), ("OPTIONS", options), ("SUBCOMMANDS", subcommands)]
      .filter { !$0.1.isEmpty }
      .map { header, elements in "\(header):\n" + elements.map(renderElement).joined() }
    text += sections.joined(separator: "\n")
    if !subcommands.isEmpty {
      var names = stack.map(\.name)
      names.insert("help", at: 1)
      text += "\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help."
    }
    return text
  }

  /// `  --out <out>             Output folder.` with the description at column 26, wrapped to
  /// `screenWidth`; a label too long for the column puts the description on the next line.
  private func renderElement(_ label: String, _ abstract: String) -> String {
    let padded = String(repeating: " ", count: Self.helpIndent) + label
    guard !abstract.isEmpty else { return padded + "\n" }
    let wrapped = Self.wrap(abstract, to: screenWidth, indent: Self.labelColumnWidth)
    if padded.count < Self.labelColumnWidth {
      return padded + wrapped.dropFirst(padded.count) + "\n"
    }
    return padded + "\n" + wrapped + "\n"
  }

  /// SAP's word wrapping: lines of fewer than `columns - indent` characters broken at the last
  /// space (a longer word stays whole), explicit newlines kept, every non-empty line indented.
  static func wrap(_ text: String, to columns: Int, indent: Int = 0) -> String {
    let width = columns - indent
    var lines: [Substring] = []
    var start = text.startIndex
    while true {
      let chunk = text[start...].prefix(width)
      if let lineBreak = chunk.lastIndex(of: "\n") {
        lines += text[start..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false)
        start = text.index(after: lineBreak)
      } else if chunk.endIndex == text.endIndex {
        lines.append(text[start...])
        break
      } else if let space = chunk.lastIndex(of: " ") {
        lines.append(text[start..<space])
        start = text.index(after: space)
      } else if let space = text[start...].firstIndex(of: " ") {
        lines.append(text[start..<space])
        start = text.index(after: space)
      } else {
        lines.append(text[start...])
        break
      }
    }
    let margin = String(repeating: " ", count: indent)
    return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
  }
}
