/// Thrown by a command's `validate` hook (or passed to `ArgumentParser.usageError`) to reject
/// values the syntax allows.
public struct ValidationError: Error, Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case message(String)
    case invalidValue(value: String, argument: String, reason: String)
  }

  let kind: Kind

  /// Rendered as `Error: <message>` followed by the usage.
  public init(_ message: String) { kind = .message(message) }

  /// Rendered as SAP renders a value rejected by a transform:
  /// `Error: The value '0' is invalid for '--jobs <jobs>': must be at least 1`, then a `Help:`
  /// line. `argument` is the argument's name in the command's `arguments`.
  public static func invalidValue(_ value: String, for argument: String, reason: String) -> ValidationError {
    ValidationError(kind: .invalidValue(value: value, argument: argument, reason: reason))
  }

  private init(kind: Kind) { self.kind = kind }
}
