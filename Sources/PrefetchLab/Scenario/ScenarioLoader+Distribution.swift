/// What every possible draw of a distribution-valued field must satisfy.
enum DrawSupport {
  /// Sizes in bytes and times in ms: 0 is meaningful (an empty body, an instant reply).
  case nonNegative
  /// Row heights: a row of 0 pt would let infinitely many rows fit a screen. `purpose` names the
  /// quantity in messages ("heights").
  case positive(purpose: String)

  var rule: NumberRule {
    switch self {
    case .nonNegative: return .atLeast(0)
    case .positive: return .greaterThan(0)
    }
  }
}

extension ScenarioLoader {
  static let distributionNames = ["constant", "uniform", "normal", "lognormal", "pareto", "empirical"]

  /// The extreme uniform draws `CounterRandom` can produce; every draw is `quantile(u)` for a u
  /// between them, so checking these two checks every possible draw.
  static let smallestUniform = SplitMix64.unitOpen(0)
  static let largestUniform = SplitMix64.unitOpen(.max)

  /// A distribution written as a number (a constant) or as an object with exactly one key naming
  /// the family: `{"uniform": {"min": 80, "max": 400}}`.
  ///
  /// Rules: each family's parameter rules (see `Distribution`); every possible draw finite; and
  /// `support`. Errors inside the object are located at the field and name the parameter in the
  /// message: `network.rtt_ms: lognormal.sigma must be >= 0, got -1`.
  static func distribution(from field: JSONField, support: DrawSupport) throws(InputError) -> Distribution {
    if case .number = field.value {
      return .constant(try field.number(support.rule))
    }
    guard case .object = field.value else {
      throw field.typeError(
        expected: "a number or a distribution object (\(ValueText.list(distributionNames)))")
    }
    let family = try field.object(keys: distributionNames).exactlyOne(of: distributionNames)
    let parameters = JSONField(
      value: family.field.value, path: field.path.foldingIntoDetail().appending(key: family.key),
      file: field.file)
    let distribution = try familyDistribution(family.key, parameters: parameters, support: support)
    try checkExtremeDraws(of: distribution, parameters: parameters, support: support)
    return distribution
  }

  private static func familyDistribution(
    _ family: String, parameters: JSONField, support: DrawSupport
  ) throws(InputError) -> Distribution {
    switch family {
    case "constant":
      return .constant(try parameters.number(support.rule))
    case "uniform":
      let reader = try parameters.object(keys: ["min", "max"])
      let minimum = try reader.required("min").number(support.rule)
      let maxField = try reader.required("max")
      let maximum = try maxField.number(NumberRule())
      guard maximum >= minimum else {
        throw maxField.error(
          "must be >= \(parameters.keyName("min")) (\(ValueText.number(minimum)))",
          got: ValueText.number(maximum))
      }
      return .uniform(min: minimum, max: maximum)
    case "normal":
      let reader = try parameters.object(keys: ["mean", "sd"])
      let meanField = try reader.required("mean")
      let mean = try meanField.number(NumberRule())
      let sd = try reader.required("sd").number(.atLeast(0))
      let sdName = parameters.keyName("sd")
      if sd == 0 {
        // A degenerate normal is a constant and obeys the constant's rule.
        _ = try meanField.number(support.rule)
      } else if case .positive(let purpose) = support, mean < 3 * sd {
        // Truncating at 0 keeps every draw >= 0 but not away from 0: demand that the untruncated
        // normal puts no more than 0.14% of its mass below 0, so rows are never near 0 pt tall.
        throw meanField.error(
          "must be >= 3 × \(sdName) (\(ValueText.number(3 * sd))) so that \(purpose) stay clear of 0;"
            + " lognormal suits skewed \(purpose)",
          got: ValueText.number(mean))
      } else if mean <= -8 * sd {
        throw meanField.error(
          "must be > -8 × \(sdName) (\(ValueText.number(-8 * sd))) so that draws above 0 remain",
          got: ValueText.number(mean))
      }
      return .normal(mean: mean, sd: sd)
    case "lognormal":
      let reader = try parameters.object(keys: ["median", "sigma"])
      let median = try reader.required("median").number(.greaterThan(0))
      let sigma = try reader.required("sigma").number(.atLeast(0))
      return .lognormal(median: median, sigma: sigma)
    case "pareto":
      let reader = try parameters.object(keys: ["scale", "shape"])
      let scale = try reader.required("scale").number(.greaterThan(0))
      let shape = try reader.required("shape").number(.greaterThan(0))
      return .pareto(scale: scale, shape: shape)
    default:  // "empirical"
      let elements = try parameters.array()
      guard !elements.isEmpty else { throw parameters.error("must list at least one value", got: "[]") }
      var values: [Double] = []
      values.reserveCapacity(elements.count)
      for element in elements {
        values.append(try element.number(support.rule))
      }
      return .empirical(values)
    }
  }

  /// The parameter rules above cannot see floating-point limits: a heavy tail can overflow to
  /// infinity, and a wide lognormal can underflow to 0.
  private static func checkExtremeDraws(
    of distribution: Distribution, parameters: JSONField, support: DrawSupport
  ) throws(InputError) {
    let smallest = distribution.quantile(smallestUniform)
    let largest = distribution.quantile(largestUniform)
    let (spreadKey, spread): (String, Double)
    switch distribution {
    case .normal(_, let sd): (spreadKey, spread) = ("sd", sd)
    case .lognormal(_, let sigma): (spreadKey, spread) = ("sigma", sigma)
    case .pareto(_, let shape): (spreadKey, spread) = ("shape", shape)
    default: (spreadKey, spread) = ("", .nan)
    }
    guard !spreadKey.isEmpty else {
      // Bounded families: their rules already keep every draw finite and within the support.
      return
    }
    let spreadName = parameters.keyName(spreadKey)
    let spreadText = ValueText.number(spread)
    guard largest.isFinite && smallest.isFinite else {
      let direction = spreadKey == "shape" ? "large" : "small"
      throw parameters.plainError(
        "\(spreadName) must be \(direction) enough that every draw is finite, got \(spreadText)")
    }
    if case .positive = support, !(smallest > 0) {
      throw parameters.plainError(
        "\(spreadName) must be small enough that every draw is > 0, got \(spreadText)")
    }
  }
}
