import Foundation

extension ScenarioLoader {
  static let distributionNames = ["constant", "uniform", "normal", "lognormal", "pareto", "empirical"]
  /// Each family's parameters, in the order the docs list them.
  static let familyParameters: [String: [String]] = [
    "uniform": ["min", "max"], "normal": ["mean", "sd"], "lognormal": ["median", "sigma"],
    "pareto": ["scale", "shape"],
  ]

  /// The extreme uniform draws `CounterRandom` can produce; every draw is `quantile(u)` for a u
  /// between them, so checking these two checks every possible draw.
  static let smallestUniform = SplitMix64.unitOpen(0)
  static let largestUniform = SplitMix64.unitOpen(.max)

  private static func keysOnly(_ name: String, _ keys: [String]) -> ObjectDefinition {
    ObjectDefinition(name, keys: keys.map { KeyDefinition($0, .number(.any), summary: "") })
  }

  /// A distribution written as a number (a constant) or as an object with exactly one key naming
  /// the family: `{"uniform": {"min": 80, "max": 400}}`.
  ///
  /// Rules: each family's parameter rules (see `Distribution`); written values within the rule
  /// (`DrawRule`); the unbounded families' tails finite before capping and, for heights, above 0.
  /// Errors inside
  /// the object are located at the field and name the parameter in the message:
  /// `network.rtt_ms: lognormal.sigma must be >= 0, got -1`.
  static func distribution(from field: JSONField, rule: DrawRule) throws(InputError) -> Distribution {
    if case .number = field.value {
      return .constant(try field.number(rule.constantRule))
    }
    guard case .object = field.value else {
      throw field.typeError(
        expected: "a number or a distribution object (\(ValueText.list(distributionNames)))")
    }
    let local = Diagnostics()
    guard
      let object = JSONObjectReader(field, keysOnly("distribution", distributionNames), diagnostics: local),
      let family = object.exactlyOne(of: distributionNames)
    else {
      try local.throwIfAny()
      throw field.typeError(expected: "a distribution object")
    }
    try local.throwIfAny()
    let parameters = JSONField(
      value: family.field.value, path: field.path.foldingIntoDetail().appending(key: family.key),
      file: field.file)
    let distribution = try familyDistribution(family.key, parameters: parameters, rule: rule)
    try checkExtremeDraws(of: distribution, parameters: parameters, rule: rule)
    return distribution
  }

  /// The parameters of `family`, read with a local reader so the first problem is thrown.
  private static func parameterFields(_ family: String, _ parameters: JSONField) throws(InputError)
    -> [JSONField]
  {
    let local = Diagnostics()
    let names = familyParameters[family] ?? []
    let reader = JSONObjectReader(parameters, keysOnly(family, names), diagnostics: local)
    try local.throwIfAny()
    var fields: [JSONField] = []
    for name in names {
      guard let field = reader?.required(name) else { break }
      fields.append(field)
    }
    try local.throwIfAny()
    return fields
  }

  private static func familyDistribution(
    _ family: String, parameters: JSONField, rule: DrawRule
  ) throws(InputError) -> Distribution {
    let support = rule.constantRule
    switch family {
    case "constant":
      return .constant(try parameters.number(support))
    case "uniform":
      let fields = try parameterFields(family, parameters)
      let minimum = try fields[0].number(support)
      let maximum = try fields[1].number(NumberRule(upper: support.upper))
      guard maximum >= minimum else {
        throw fields[1].error(
          "must be >= \(parameters.keyName("min")) (\(DecimalFormat.readable(minimum)))",
          got: DecimalFormat.readable(maximum, against: [minimum]))
      }
      return .uniform(min: minimum, max: maximum)
    case "normal":
      let fields = try parameterFields(family, parameters)
      let meanField = fields[0]
      let mean = try meanField.number(.any)
      let sd = try fields[1].number(.atLeast(0))
      let sdName = parameters.keyName("sd")
      if sd == 0 {
        // A degenerate normal is a constant and obeys the constant's rule.
        _ = try meanField.number(support)
      } else if case .positive(let purpose) = rule.support, mean < 3 * sd {
        // Truncating at 0 keeps every draw >= 0 but not away from 0: demand that the untruncated
        // normal puts no more than 0.14% of its mass below 0, so rows are never near 0 pt tall.
        throw meanField.error(
          "must be >= 3 × \(sdName) (\(DecimalFormat.readable(3 * sd))) so that \(purpose) stay clear of 0;"
            + " lognormal suits skewed \(purpose)",
          got: DecimalFormat.readable(mean, against: [3 * sd]))
      } else if mean <= -8 * sd {
        throw meanField.error(
          "must be > -8 × \(sdName) (\(DecimalFormat.readable(-8 * sd))) so that draws above 0 remain",
          got: DecimalFormat.readable(mean, against: [-8 * sd]))
      }
      return .normal(mean: mean, sd: sd)
    case "lognormal":
      if case .object(let members) = parameters.value,
        members.contains(where: { LognormalQuantiles.zScores[$0.key] != nil })
      {
        return try lognormalFromQuantiles(parameters)
      }
      let fields = try parameterFields(family, parameters)
      let median = try fields[0].number(.greaterThan(0))
      let sigma = try fields[1].number(.atLeast(0))
      return .lognormal(median: median, sigma: sigma)
    case "pareto":
      let fields = try parameterFields(family, parameters)
      let scale = try fields[0].number(.greaterThan(0))
      let shape = try fields[1].number(.greaterThan(0))
      return .pareto(scale: scale, shape: shape)
    default:  // "empirical"
      let elements = try parameters.array()
      guard !elements.isEmpty else { throw parameters.error("must list at least one value", got: "[]") }
      var values: [Double] = []
      values.reserveCapacity(elements.count)
      for element in elements {
        values.append(try element.number(support))
      }
      return .empirical(values)
    }
  }

  /// `{"lognormal": {"p50": 180, "p95": 600}}`: any two of p50/p90/p95/p99, each > 0, the higher
  /// quantile's value not below the lower one's; fitted exactly (`LognormalQuantiles.fit`).
  private static func lognormalFromQuantiles(_ parameters: JSONField) throws(InputError) -> Distribution {
    let local = Diagnostics()
    let reader = JSONObjectReader(
      parameters, keysOnly("lognormal", LognormalQuantiles.keys), diagnostics: local)
    try local.throwIfAny()
    guard let reader else { throw parameters.typeError(expected: "an object") }
    var given: [(key: String, field: JSONField)] = []
    for key in LognormalQuantiles.keys {
      if let field = reader.member(key) { given.append((key, field)) }
    }
    guard given.count == 2 else {
      throw parameters.plainError(
        "lognormal by quantiles takes exactly two of p50, p90, p95, p99 (or median and sigma), got "
          + given.map(\.key).joined(separator: ", "))
    }
    let low = try given[0].field.number(.greaterThan(0))
    let high = try given[1].field.number(.greaterThan(0))
    guard high >= low else {
      throw given[1].field.error(
        "must be >= \(parameters.keyName(given[0].key)) (\(DecimalFormat.readable(low)))",
        got: DecimalFormat.readable(high, against: [low]))
    }
    return LognormalQuantiles.fit((given[0].key, low), (given[1].key, high))
  }

  /// The parameter rules above cannot see floating-point limits or the rule's maximum: a heavy
  /// tail can overflow to infinity or exceed what the engine can count, and a wide lognormal can
  /// underflow to 0. Both extreme draws are computed exactly as a run would compute them.
  private static func checkExtremeDraws(
    of distribution: Distribution, parameters: JSONField, rule: DrawRule
  ) throws(InputError) {
    let smallest = distribution.uncappedQuantile(smallestUniform)
    let largest = distribution.uncappedQuantile(largestUniform)
    let (spreadKey, spread, centerKey, center): (String, Double, String, Double)
    switch distribution {
    case .normal(let mean, let sd): (spreadKey, spread, centerKey, center) = ("sd", sd, "mean", mean)
    case .lognormal(let median, let sigma):
      (spreadKey, spread, centerKey, center) = ("sigma", sigma, "median", median)
    case .pareto(let scale, let shape):
      (spreadKey, spread, centerKey, center) = ("shape", shape, "scale", scale)
    default: return  // bounded families: their parameter rules already bound every draw
    }
    if center > rule.maximum {
      throw parameters.plainError(
        "\(parameters.keyName(centerKey)) must be <= \(DecimalFormat.readable(rule.maximum)), got \(DecimalFormat.readable(center, against: [rule.maximum]))"
      )
    }
    let spreadName = parameters.keyName(spreadKey)
    let spreadText = DecimalFormat.readable(spread)
    let direction = spreadKey == "shape" ? "large" : "small"
    guard largest.isFinite && smallest.isFinite else {
      throw parameters.plainError(
        "\(spreadName) must be \(direction) enough that every draw is finite, got \(spreadText)")
    }
    if case .positive = rule.support, !(smallest > 0) {
      throw parameters.plainError(
        "\(spreadName) must be small enough that every draw is > 0, got \(spreadText)")
    }
  }

  /// The largest value `distribution` can draw for a key of `rule` (tails capped at its maximum).
  /// Pareto draws are largest at the smallest uniform, the others at the largest.
  static func largestDraw(_ distribution: Distribution, _ rule: DrawRule) -> Double {
    min(max(distribution.quantile(smallestUniform), distribution.quantile(largestUniform)), rule.maximum)
  }
}
