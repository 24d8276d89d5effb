/// One key of a scenario object: its kind and rule, unit, default and meaning. The loader reads
/// each key through its definition; `ScenarioSchema` and the generated tables of
/// docs/scenario-format.md are made from the same definitions, so the three cannot disagree.
public struct KeyDefinition: Sendable {
  public var name: String
  public var kind: ValueKind
  /// `ms`, `pt`, `bytes`, …; nil for unitless values.
  public var unit: String?
  public var isRequired: Bool
  /// The default as JSON, for the schema's `default` (nil: none, or not a single value).
  public var defaultValue: JSONValue?
  /// The default as the docs give it, with its source (Markdown).
  public var defaultText: String
  /// What the key means, for the schema's `description` (plain text).
  public var summary: String
  /// What the docs' "valid" column adds to the rule generated from `kind` (Markdown).
  public var note: String

  public init(
    _ name: String, _ kind: ValueKind, unit: String? = nil, required: Bool = false,
    default defaultValue: JSONValue? = nil, defaultText: String? = nil, summary: String, note: String = ""
  ) {
    self.name = name
    self.kind = kind
    self.unit = unit
    self.isRequired = required
    self.defaultValue = defaultValue
    self.defaultText =
      defaultText ?? (required ? "**required**" : defaultValue.map { "`\($0.serialized())`" } ?? "none")
    self.summary = summary
    self.note = note
  }
}

/// The keys one JSON object of a scenario may hold.
public struct ObjectDefinition: Sendable {
  /// The object's place in the file (`feed`, `network.retry`), naming its docs table and `$defs`.
  public var name: String
  public var keys: [KeyDefinition]
  /// Groups of keys of which exactly one must be present (`script`, `trace`, `model`).
  public var exactlyOneOf: [[String]]
  /// A key that may appear only beside another (`media_fraction` needs `media_bytes`).
  public var requires: [(key: String, needs: String)]
  /// Keys that may not appear together (`trace` replaces `bandwidth_kbps`).
  public var excludes: [(String, String)]

  public init(
    _ name: String, keys: [KeyDefinition], exactlyOneOf: [[String]] = [],
    requires: [(key: String, needs: String)] = [], excludes: [(String, String)] = []
  ) {
    self.name = name
    self.keys = keys
    self.exactlyOneOf = exactlyOneOf
    self.requires = requires
    self.excludes = excludes
  }

  public var keyNames: [String] { keys.map(\.name) }

  public func key(_ name: String) -> KeyDefinition? { keys.first { $0.name == name } }

  /// `$comment` may appear in any object (a note for people, ignored), `$schema` at the top level.
  static let commentKey = "$comment"
}
