/// What a scenario key's value must be: the type and the rule the loader checks, from which the
/// JSON Schema (`ScenarioSchema`) and the key tables of docs/scenario-format.md are generated.
public indirect enum ValueKind: Sendable {
  /// A JSON number within the rule.
  case number(NumberRule)
  /// A JSON number with an integral value (`20`, `20.0`, `2e1`) within the rule.
  case integer(NumberRule)
  case text(TextRule)
  case boolean
  /// One of these strings.
  case choice([String])
  /// A number or a distribution object whose every draw obeys the rule.
  case distribution(DrawRule)
  case object(ObjectDefinition)
  /// An array of elements of one kind, at least `minimumCount` of them.
  case array(ValueKind, minimumCount: Int)
  /// Any of these forms (`"nuke"` or `{requests_per_s, burst}`).
  case alternatives([ValueKind])
  /// A list of gestures (`scroll.script`, `repeat.script`): recursive, so named rather than
  /// spelt out.
  case script
  /// Strategy entries, whose names and parameters come from the strategy registry.
  case strategies
}

/// What a string must be.
public enum TextRule: Sendable, Equatable {
  /// A name used in file names, CSV rows and terminal output: 1…`maximumLength` characters, not
  /// blank, no control characters (C0, DEL, C1), no line or paragraph separators and no
  /// bidirectional overrides, which would let a name rewrite what a terminal shows.
  case name(maximumLength: Int)
  /// Free text: any characters but controls other than TAB and LF.
  case freeText
  /// A file path, relative to the scenario file's folder; no NUL.
  case path

  /// Why `text` breaks the rule, or nil.
  func violation(by text: String) -> String? {
    switch self {
    case .name(let maximumLength):
      guard text.contains(where: { !$0.isWhitespace }) else { return "must not be empty or blank" }
      if text.count > maximumLength { return "must be at most \(maximumLength) characters" }
      if let bad = text.unicodeScalars.first(where: Self.isUnsafeInName) {
        return "must not contain control characters (found \(Self.codePoint(bad)))"
      }
      return nil
    case .freeText:
      if let bad = text.unicodeScalars.first(where: { Self.isUnsafeInName($0) && $0 != "\t" && $0 != "\n" }) {
        return "must not contain control characters other than TAB and newline (found \(Self.codePoint(bad)))"
      }
      return nil
    case .path:
      if text.isEmpty { return "must be a file path" }
      // A NUL would cut the path short in the C calls that check it, so a different file could pass.
      if text.unicodeScalars.contains("\u{0}") { return "must not contain NUL characters" }
      return nil
    }
  }

  /// Control characters, line and paragraph separators, bidirectional embeddings, overrides and
  /// isolates.
  static func isUnsafeInName(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// `U+001B`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

/// What every draw of a distribution-valued key must satisfy: its support and its largest value.
/// Constants, `uniform` bounds, `empirical` values and the centre of the unbounded families
/// (`normal.mean`, `lognormal.median`, `pareto.scale`) must lie within it; the tails of the
/// unbounded families are capped at `maximum` where the draw is used (and every draw at
/// `Distribution.maximumDraw`), so no draw in any run leaves the range.
public struct DrawRule: Sendable, Equatable {
  public enum Support: Sendable, Equatable {
    /// Sizes, times and speeds: 0 is meaningful.
    case nonNegative
    /// Row heights: a row of 0 pt would let infinitely many rows fit a screen. `purpose` names the
    /// quantity in messages ("heights").
    case positive(purpose: String)
  }

  /// Names the rule in the JSON Schema's `$defs` (`time_ms`, `bytes`, `height_pt`, `speed_pt_s`).
  public var name: String
  public var support: Support
  /// The largest value: written values above it are errors, drawn tails are capped at it.
  public var maximum: Double

  /// The rule for a constant (and each parameter bounded the same way).
  public var constantRule: NumberRule {
    let upper: Double? = maximum
    switch support {
    case .nonNegative: return .atLeast(0, atMost: upper)
    case .positive: return .greaterThan(0, atMost: upper)
    }
  }
}
