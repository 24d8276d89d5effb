/// A report as structured content, rendered to Markdown and to HTML by the same walk so both
/// files always hold the same numbers and words.
struct ReportDocument: Sendable {
  enum Inline: Sendable, Equatable {
    case text(String)
    case strong(String)
    case code(String)
    /// A link to a file inside the results folder (relative path) or an anchor (`#…`).
    case link(String, href: String)
  }

  enum Block: Sendable {
    /// `anchor` is an HTML id (ASCII letters, digits, `-`).
    case heading(level: Int, text: String, anchor: String?)
    case paragraph([Inline])
    case bullets([[Inline]])
    /// `numeric[i]` right-aligns column i.
    case table(header: [String], rows: [[[Inline]]], numeric: [Bool])
    case figure(PlotFigure, svg: String?)
  }

  var title: String
  var blocks: [Block] = []
}
