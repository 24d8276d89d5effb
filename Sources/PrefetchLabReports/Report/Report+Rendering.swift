import Foundation
import PrefetchLab

extension Report {
  // MARK: - Markdown

  /// `report.md`: GitHub-flavoured Markdown, images as `plots/*.png`.
  static func markdown(_ document: ReportDocument) -> String {
    var text = "# \(MarkdownText.escape(document.title))\n"
    for block in document.blocks {
      text += "\n"
      switch block {
      case .heading(let level, let title, let anchor):
        if let anchor { text += "<a id=\"\(anchor)\"></a>\n\n" }
        text += String(repeating: "#", count: level) + " " + MarkdownText.escape(title) + "\n"
      case .paragraph(let inlines):
        text += Self.markdown(inlines, inTable: false) + "\n"
      case .bullets(let items):
        for item in items { text += "- " + Self.markdown(item, inTable: false) + "\n" }
      case .table(let header, let rows, let numeric):
        text += "| " + header.map { MarkdownText.escape($0) }.joined(separator: " | ") + " |\n"
        text += "|" + numeric.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
        for row in rows {
          text += "| " + row.map { Self.markdown($0, inTable: true) }.joined(separator: " | ") + " |\n"
        }
      case .figure(let figure, let svg):
        let caption = MarkdownText.escape(figure.caption)
        if svg != nil {
          text += "![\(caption)](\(figure.pngPath))\n\n"
          text += "*\(caption)* " + (figure.drawsSVG ? "[SVG](\(figure.svgPath)) · " : "")
          text += "[gnuplot script](\(figure.scriptPath))\n"
        } else {
          text +=
            "*\(caption)* Not drawn (see the warnings of the run); [gnuplot script](\(figure.scriptPath))\n"
        }
      }
    }
    return text
  }

  static func markdown(_ inlines: [ReportDocument.Inline], inTable: Bool) -> String {
    inlines.map { inline in
      switch inline {
      case .text(let text): return MarkdownText.escape(text)
      case .strong(let text): return "**" + MarkdownText.escape(text) + "**"
      case .code(let text): return codeSpan(text, inTable: inTable)
      case .link(let text, let href): return "[\(MarkdownText.escape(text))](\(href))"
      }
    }.joined()
  }

  /// A code span that shows `text` literally: fenced by more backticks than it contains in a
  /// row, padded when it starts or ends with one; `|` escaped inside tables (GitHub's rule).
  static func codeSpan(_ text: String, inTable: Bool) -> String {
    var content = GnuplotText.sanitized(text)
    if inTable { content = content.replacingOccurrences(of: "|", with: "\\|") }
    var longest = 0
    var run = 0
    for character in content {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let pad = content.hasPrefix("`") || content.hasSuffix("`") ? " " : ""
    return fence + pad + content + pad + fence
  }

  // MARK: - HTML

  /// `report.html`: one page; the trade-off and time-to-content plots inline as SVG (the page
  /// answers "which strategy?" even as a lone e-mail attachment), the other plots as lazily
  /// loaded `<img>` of the files in `plots/` (SVG for the metric bars and scroll trace, PNG for
  /// timelines), so the page stays small however many scenarios it covers. No scripts, no
  /// network access: a Content-Security-Policy allows images from the folder itself only.
  static func html(_ document: ReportDocument) -> String {
    var text = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self' file: data:">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(HTMLText.escape(document.title))</title>
      <style>
      body { font-family: -apple-system, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif; color: #222; background: #fff; margin: 0; }
      main { max-width: 1180px; margin: 0 auto; padding: 1.5em 2em 4em; }
      h1 { font-size: 1.8em; margin-bottom: 0.3em; }
      h2 { margin-top: 2.2em; border-bottom: 2px solid #0072B2; padding-bottom: 0.2em; }
      .table-box { overflow-x: auto; max-width: 100%; margin: 1em 0; }
      table { border-collapse: collapse; font-size: 0.86em; }
      th, td { border: 1px solid #ccc; padding: 0.25em 0.55em; vertical-align: top; }
      th { background: #eef3f8; text-align: left; }
      td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
      tbody tr:nth-child(even) { background: #f7f7f7; }
      code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.95em; }
      figure { margin: 1.5em 0; }
      figure svg, figure img { max-width: 100%; height: auto; display: block; border: 1px solid #e5e5e5; }
      @media (max-width: 700px) { main { padding: 1em 0.8em 3em; } }
      figcaption { font-size: 0.9em; color: #444; margin-top: 0.3em; }
      .missing { color: #a33; }
      </style>
      </head>
      <body>
      <main>
      <h1>\(HTMLText.escape(document.title))</h1>

      """
    var figureNumber = 0
    for block in document.blocks {
      switch block {
      case .heading(let level, let title, let anchor):
        let id = anchor.map { " id=\"\($0)\"" } ?? ""
        text += "<h\(level)\(id)>\(HTMLText.escape(title))</h\(level)>\n"
      case .paragraph(let inlines):
        text += "<p>" + Self.html(inlines) + "</p>\n"
      case .bullets(let items):
        text += "<ul>\n" + items.map { "<li>" + Self.html($0) + "</li>\n" }.joined() + "</ul>\n"
      case .table(let header, let rows, let numeric):
        text +=
          "<div class=\"table-box\">\n<table>\n<thead><tr>"
          + header.map { "<th>\(HTMLText.escape($0))</th>" }.joined()
        text += "</tr></thead>\n<tbody>\n"
        for row in rows {
          text += "<tr>"
          for (index, cell) in row.enumerated() {
            text += (numeric[index] ? "<td class=\"num\">" : "<td>") + Self.html(cell) + "</td>"
          }
          text += "</tr>\n"
        }
        text += "</tbody>\n</table>\n</div>\n"
      case .figure(let figure, let svg):
        figureNumber += 1
        let caption = HTMLText.escape(figure.caption)
        text += "<figure>\n"
        if let svg, figure.drawsSVG, Report.inlinedKinds.contains(figure.kind) {
          text += SVGInline.prepare(svg, idPrefix: "f\(figureNumber)-", label: figure.caption) + "\n"
          text += "<figcaption>\(caption) <a href=\"\(figure.pngPath)\">PNG</a> · "
          text +=
            "<a href=\"\(figure.svgPath)\">SVG</a> · <a href=\"\(figure.scriptPath)\">gnuplot script</a></figcaption>\n"
        } else if svg != nil {
          text +=
            "<img src=\"\(HTMLText.escape(figure.drawsSVG ? figure.svgPath : figure.pngPath))\" alt=\"\(caption)\" loading=\"lazy\" "
            + "width=\"\(figure.widthPx)\" height=\"\(figure.heightPx)\">\n"
          text += "<figcaption>\(caption) <a href=\"\(figure.pngPath)\">PNG</a> · "
          text += "<a href=\"\(figure.scriptPath)\">gnuplot script</a></figcaption>\n"
        } else {
          text += "<figcaption class=\"missing\">\(caption) Not drawn (see the warnings of the run); "
          text += "<a href=\"\(figure.scriptPath)\">gnuplot script</a></figcaption>\n"
        }
        text += "</figure>\n"
      }
    }
    text += "</main>\n</body>\n</html>\n"
    return text
  }

  static func html(_ inlines: [ReportDocument.Inline]) -> String {
    inlines.map { inline in
      switch inline {
      case .text(let text): return HTMLText.escape(text)
      case .strong(let text): return "<strong>" + HTMLText.escape(text) + "</strong>"
      case .code(let text): return "<code>" + HTMLText.escape(text) + "</code>"
      case .link(let text, let href):
        return "<a href=\"\(HTMLText.escape(href))\">\(HTMLText.escape(text))</a>"
      }
    }.joined()
  }
}

/// Makes a gnuplot SVG document fit for inlining in HTML: drops the XML declaration and
/// doctype, gives every `id` (and every reference to one) a per-figure prefix so several plots
/// on one page do not share ids, and labels the root element for screen readers.
enum SVGInline {
  static func prepare(_ svg: String, idPrefix: String, label: String) -> String {
    var text = Substring(svg)
    // Drop everything before the root element (declaration, doctype, comments).
    if let start = text.range(of: "<svg") { text = text[start.lowerBound...] }
    var result = ""
    result.reserveCapacity(text.utf8.count + 1024)
    var isRoot = true
    var rest = text
    while let open = rest.firstIndex(of: "<") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: ">") else {
        rest = rest[open...]
        break
      }
      var tag = String(rest[open...close])
      if !tag.hasPrefix("<!") && !tag.hasPrefix("<?") {
        tag = prefixIDs(in: tag, prefix: idPrefix)
        if isRoot {
          tag = tag.replacingOccurrences(
            of: "<svg", with: "<svg role=\"img\" aria-label=\"\(HTMLText.escape(label))\"",
            options: [.anchored])
          isRoot = false
        }
      }
      result += tag
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    while result.hasSuffix("\n") { result.removeLast() }
    return result
  }

  /// Rewrites `id='x'`, `href='#x'` (with or without `xlink:`) and `url(#x)` in one tag.
  static func prefixIDs(in tag: String, prefix: String) -> String {
    // Most tags of a plot (paths, text) reference nothing: a byte scan for `d=`, `f=` or `(#`
    // spares them the Foundation replacements, which dominate the time to write report.html.
    var previous: UInt8 = 0
    var mayReference = false
    for byte in tag.utf8 {
      if (byte == UInt8(ascii: "=") && (previous == UInt8(ascii: "d") || previous == UInt8(ascii: "f")))
        || (byte == UInt8(ascii: "#") && previous == UInt8(ascii: "("))
      {
        mayReference = true
        break
      }
      previous = byte
    }
    guard mayReference else { return tag }
    var tag = tag
    for quote in ["'", "\""] {
      tag = tag.replacingOccurrences(of: " id=\(quote)", with: " id=\(quote)\(prefix)")
      tag = tag.replacingOccurrences(of: "href=\(quote)#", with: "href=\(quote)#\(prefix)")
    }
    return tag.replacingOccurrences(of: "url(#", with: "url(#\(prefix)")
  }
}
