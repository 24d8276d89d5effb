/// A command line that cannot be parsed, rendered as SAP does:
///
/// ```
/// Error: Missing value for '--out <out>'
/// Help:  --out <out>  Output folder.
/// Usage: prefetchlab run <scenarios> ... [--out <out>]
///   See 'prefetchlab run --help' for more information.
/// ```
///
/// (`Help:` only for missing and invalid values.) `text` has no final newline: print it to
/// stderr with `print` and exit 64 (EX_USAGE).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sentence after `Error: `, e.g. `Unknown option '--foo'`.
  public let message: String
  /// The full rendering.
  public let text: String

  public var description: String { text }
}
