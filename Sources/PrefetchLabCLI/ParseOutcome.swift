/// What a successful parse asks the CLI to do.
public enum ParseOutcome: Sendable, Equatable {
  /// Run this command.
  case command(ParsedArguments)
  /// `-h`/`--help`, `help [subcommand]`, or a command group called without a subcommand: print
  /// the text to stdout with `print` (it already ends as SAP's help does) and exit 0.
  case help(String)
  /// `--version`: print the text to stdout and exit 0.
  case version(String)
}
