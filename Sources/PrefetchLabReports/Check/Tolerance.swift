import PrefetchLab

/// How far a metric may move between a baseline and a new run before `check` calls it a change.
///
/// The allowed difference for a baseline value `base` is `max(absolute, relative × |base|)`
/// (the larger of the two, as Python's `math.isclose`): `abs:5` lets `stall_ms` move by 5 ms,
/// `rel:0.01` by 1 % of its baseline value, `abs:5,rel:0.01` by whichever is larger, `exact` not
/// at all. The difference itself is taken on the values as written in summary.csv (rounded to
/// their decimals, so binary rounding never makes `10.1 → 15.1` exceed `abs:5`).
public struct Tolerance: Sendable, Equatable, CustomStringConvertible {
  /// Allowed absolute difference, in the metric's unit; ≥ 0.
  public var absolute: Double
  /// Allowed difference as a fraction of |baseline value|; ≥ 0.
  public var relative: Double

  public init(absolute: Double = 0, relative: Double = 0) {
    precondition(absolute >= 0 && relative >= 0 && absolute.isFinite && relative.isFinite)
    self.absolute = absolute
    self.relative = relative
  }

  /// No difference allowed: the default for counts and µs-exact durations.
  public static let exact = Tolerance()

  /// The default for ratios, computed in floating point: a relative 1e-9, far below the six
  /// decimals summary.csv keeps, so it only absorbs noise and never hides a real change.
  public static let floatingPoint = Tolerance(relative: 1e-9)

  /// The default for energies (J): 1 µJ, one unit in the sixth decimal summary.csv writes. Energy
  /// is a sum of floating-point products, so another summation order may flip that digit with no
  /// change in behaviour, while one more millisecond of connected or tail radio time costs
  /// hundreds of µJ (`RadioPowerModel`), far above it.
  public static let energy = Tolerance(absolute: 0.000001)

  public var isExact: Bool { absolute == 0 && relative == 0 }

  /// The largest |new − base| accepted for baseline value `base`.
  public func threshold(base: Double) -> Double { max(absolute, relative * abs(base)) }

  /// Whether a change of `difference` (new − base) from `base` is within tolerance. A relative
  /// slack of 1e-12 on the threshold absorbs the binary rounding of `relative × |base|`.
  public func allows(difference: Double, base: Double) -> Bool {
    abs(difference) <= threshold(base: base) * (1 + 1e-12)
  }

  /// The command-line spelling: `exact`, `abs:5`, `rel:0.01` or `abs:5,rel:0.01`.
  public var description: String {
    if isExact { return "exact" }
    var parts: [String] = []
    if absolute > 0 { parts.append("abs:" + DecimalFormat.shortest(absolute)) }
    if relative > 0 { parts.append("rel:" + DecimalFormat.shortest(relative)) }
    return parts.joined(separator: ",")
  }

  /// Parses `exact`, `abs:X`, `rel:X` or `abs:X,rel:Y` (either order), X a finite number ≥ 0
  /// (`0.01`, `5`, `1e-6`).
  public static func parse(_ text: String) throws(ToleranceError) -> Tolerance {
    if text == "exact" { return .exact }
    var absolute: Double?
    var relative: Double?
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pieces = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      guard pieces.count == 2 else { throw ToleranceError(text: text, reason: .syntax) }
      let kind = String(pieces[0])
      guard pieces[1].allSatisfy({ "0123456789.eE-".contains($0) }), let value = Double(pieces[1]),
        value.isFinite, value >= 0
      else {
        throw ToleranceError(text: text, reason: .badNumber(String(pieces[1])))
      }
      switch kind {
      case "abs" where absolute == nil: absolute = value
      case "rel" where relative == nil: relative = value
      case "abs", "rel": throw ToleranceError(text: text, reason: .repeated(kind))
      default: throw ToleranceError(text: text, reason: .syntax)
      }
    }
    return Tolerance(absolute: absolute ?? 0, relative: relative ?? 0)
  }
}

/// A `--tolerance` value that cannot be read. `description` says what was expected.
public struct ToleranceError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Reason: Sendable, Equatable {
    /// Not `METRIC=SPEC` with SPEC `exact`, `abs:X`, `rel:X` or `abs:X,rel:Y`.
    case syntax
    /// X is not a finite number ≥ 0.
    case badNumber(String)
    /// `abs` or `rel` given twice.
    case repeated(String)
    /// The metric name is not a column name nor `*`.
    case badMetric(String)
  }

  public let text: String
  public let reason: Reason

  public var description: String {
    switch reason {
    case .syntax:
      return "expected METRIC=exact, METRIC=abs:X, METRIC=rel:X or METRIC=abs:X,rel:Y (METRIC a column or *)"
    case .badNumber(let number): return "'\(number)' is not a number >= 0"
    case .repeated(let kind): return "'\(kind)' is given twice"
    case .badMetric(let name):
      return "'\(name)' is not a metric name (lowercase letters, digits and _) or *"
    }
  }
}

/// The tolerance of every metric: command-line overrides by column name, `*` for every metric
/// without its own, then the metric kind's default.
///
/// ```swift
/// let tolerances = try Tolerances.parse(["stall_ms=abs:5", "*=rel:0.001"])
/// tolerances.tolerance(for: "stall_ms", kind: .duration)   // abs:5
/// tolerances.tolerance(for: "blank_ms", kind: .duration)   // rel:0.001
/// ```
public struct Tolerances: Sendable, Equatable {
  /// By metric name or `*`.
  public private(set) var overrides: [String: Tolerance]

  public init(overrides: [String: Tolerance] = [:]) { self.overrides = overrides }

  /// Parses `METRIC=SPEC` arguments (see `Tolerance.parse`); a later one for the same metric
  /// replaces an earlier one.
  public static func parse(_ arguments: [String]) throws(ToleranceError) -> Tolerances {
    var overrides: [String: Tolerance] = [:]
    for argument in arguments {
      let (metric, tolerance) = try parse(argument)
      overrides[metric] = tolerance
    }
    return Tolerances(overrides: overrides)
  }

  /// One `METRIC=SPEC` argument.
  public static func parse(_ argument: String) throws(ToleranceError) -> (
    metric: String, tolerance: Tolerance
  ) {
    guard let equals = argument.firstIndex(of: "=") else {
      throw ToleranceError(text: argument, reason: .syntax)
    }
    let metric = String(argument[..<equals])
    let isName =
      !metric.isEmpty
      && metric.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    guard metric == "*" || isName else { throw ToleranceError(text: argument, reason: .badMetric(metric)) }
    do {
      return (metric, try Tolerance.parse(String(argument[argument.index(after: equals)...])))
    } catch {
      throw ToleranceError(text: argument, reason: error.reason)
    }
  }

  /// Metric names given explicitly (not `*`), sorted.
  public var namedMetrics: [String] { overrides.keys.filter { $0 != "*" }.sorted() }

  public func tolerance(for metric: String, kind: MetricKind) -> Tolerance {
    overrides[metric] ?? overrides["*"] ?? kind.defaultTolerance
  }
}
