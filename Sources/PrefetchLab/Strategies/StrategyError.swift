/// Why a strategy specification or definition was refused.
public struct StrategyError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Reason: Error, Sendable, Equatable {
    case unknownStrategy(known: [String])
    case unknownParameter(valid: [String])
    case wrongType(expected: String, got: String)
    case outOfRange(range: String, got: String)
    case duplicateName
    case invalidName
    case malformedPair(String)
    /// Command line: the label form `NAME@…` with pairs joined by `,` (the `NAME:` form's
    /// separator) instead of `+`; `corrected` is the text with `+`.
    case commaInLabel(corrected: String)
    /// Command line: a value Swift reads as a number but JSON does not (`0x10`, `+5`, `inf`);
    /// `rule` is the JSON parser's reason.
    case malformedNumber(text: String, rule: String)
    case duplicateParameter
    /// Registration: the strategy reads a parameter its definition does not declare (or declares
    /// with another kind).
    case undeclaredParameter
    /// Registration: a parameter's name is not of lowercase letters, digits and `_`, or it is
    /// declared twice.
    case invalidParameterDeclaration
    /// Registration: a parameter's default is outside its own kind or range.
    case invalidDefault(requirement: String)
    /// Meeting a scenario: the parameter breaks a rule that involves the feed (its text).
    case feedRule(String)
  }

  public let strategy: String
  /// The parameter at fault; nil when the strategy name itself is.
  public let parameter: String?
  public let reason: Reason

  public init(strategy: String, parameter: String?, reason: Reason) {
    self.strategy = strategy
    self.parameter = parameter
    self.reason = reason
  }

  public var description: String {
    switch reason {
    case .unknownStrategy(let known):
      return "unknown strategy '\(strategy)'; known: \(known.joined(separator: ", "))"
        + ValueText.suggestion(for: strategy, among: known)
    case .unknownParameter(let valid):
      return
        "unknown parameter '\(parameter ?? "")' for \(strategy); valid: \(valid.isEmpty ? "none" : valid.joined(separator: ", "))"
        + ValueText.suggestion(for: parameter ?? "", among: valid)
    case .wrongType(let expected, let got):
      return "\(strategy).\(parameter ?? "") must be \(expected), got \(got)"
    case .outOfRange(let range, let got):
      return "\(strategy).\(parameter ?? "") must be \(range), got \(got)"
    case .malformedPair(let pair):
      return "\(strategy): expected key=value, got '\(pair)'"
    case .commaInLabel(let corrected):
      return
        "\(strategy)@… joins its key=value pairs with '+' (as run files and manifest.json name a strategy): "
        + "write \(corrected), or \(strategy):key=value,…"
    case .malformedNumber(let text, let rule):
      return
        "\(strategy).\(parameter ?? "") must be a number as a scenario file (JSON) writes it, got '\(text)': \(rule)"
    case .duplicateParameter:
      return "\(strategy).\(parameter ?? "") is given twice"
    case .duplicateName:
      return "a strategy named '\(strategy)' is already registered"
    case .invalidName:
      return "strategy names use lowercase letters, digits and '_', got '\(strategy)'"
    case .undeclaredParameter:
      return
        "\(strategy) reads parameter '\(parameter ?? "")', which its definition does not declare (or declares with another kind)"
    case .invalidParameterDeclaration:
      return
        "\(strategy) declares parameter '\(parameter ?? "")' twice or with a name not of lowercase letters, digits and '_'"
    case .feedRule(let rule):
      return "\(strategy).\(parameter ?? "") \(rule)"
    case .invalidDefault(let requirement):
      return "\(strategy).\(parameter ?? ""): the declared default must be \(requirement)"
    }
  }
}
