/// A command: its name, help and arguments, or its subcommands.
///
/// A command either takes arguments or groups subcommands (a precondition): `prefetchlab` groups
/// `run`, `report`, … and shows its help when called without one, as SAP does. A `version` set on
/// a command is accepted (`--version`) and listed in help by it and all commands below it.
/// `validate` runs after a successful parse of this command, before unknown options and extra
/// arguments are reported (SAP's order); what it throws is rendered like any usage error.
public struct CommandSpec: Sendable {
  public var name: String
  /// One sentence, shown after `OVERVIEW:` and beside the name in the parent's `SUBCOMMANDS:`.
  public var abstract: String
  /// Paragraphs shown after the abstract, separated from it by a blank line.
  public var discussion: String
  public var version: String?
  /// In declaration order, which is the order of the usage line and of the help sections.
  public var arguments: [ArgumentSpec]
  public var subcommands: [CommandSpec]
  public var validate: (@Sendable (ParsedArguments) throws(ValidationError) -> Void)?

  public init(
    name: String, abstract: String = "", discussion: String = "", version: String? = nil,
    arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [],
    validate: (@Sendable (ParsedArguments) throws(ValidationError) -> Void)? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.arguments = arguments
    self.subcommands = subcommands
    self.validate = validate
  }
}
