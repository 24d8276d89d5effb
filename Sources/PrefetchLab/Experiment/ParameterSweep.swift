/// A grid of one strategy's parameter values: what `prefetchlab sweep` runs. Each `--vary`
/// gives an axis (`ratio=0.1,0.3,0.5` or `ratio=0.1:0.9:0.2`); several axes make the full grid,
/// the first axis outermost (so the last varies fastest, and a curve joins the settings along
/// it).
///
/// Every value is checked against the parameter's kind and range by the registry, as a
/// `--strategy` is, before anything runs.
public struct ParameterSweep: Sendable {
  /// One varied parameter and its values, in the order given (ranges ascending).
  public struct Axis: Sendable, Equatable {
    public var parameter: String
    public var values: [ParameterValue]
    /// The parameter's declared default.
    public var defaultValue: ParameterValue

    public init(parameter: String, values: [ParameterValue], defaultValue: ParameterValue) {
      self.parameter = parameter
      self.values = values
      self.defaultValue = defaultValue
    }
  }

  /// The strategy with its fixed parameters (`--strategy NAME:key=value`), none of them varied.
  public let base: StrategySpec
  public let axes: [Axis]
  /// Every combination in grid order: `settings[i][a]` is axis a's value in setting i.
  public let settings: [[ParameterValue]]
  /// The strategies to run, one per setting in grid order.
  public let strategies: [ConfiguredStrategy]

  /// At most this many settings (values per axis multiplied): each runs on every scenario and
  /// seed, so a grid beyond it is almost surely a typo in a step.
  public static let maximumSettings = 10_000

  /// - Parameters:
  ///   - base: `NAME` or `NAME:key=value,…` already parsed; its parameters stay fixed.
  ///   - vary: the `--vary` texts, `PARAM=V1,V2,…` or `PARAM=START:STOP:STEP`.
  /// - Throws: `SweepError` naming the `--vary` (or `--strategy`) text and the rule broken: an
  ///   unknown strategy or parameter, a parameter varied twice or also fixed, a malformed list or
  ///   range, a range over a parameter that is not a number, a value of the wrong kind or out of
  ///   range, a value listed twice, too many settings.
  public init(base: StrategySpec, vary: [String], registry: StrategyRegistry) throws(SweepError) {
    guard let definition = registry.definition(named: base.name) else {
      throw SweepError(
        text: base.name, option: "strategy",
        reason: "unknown strategy '\(base.name)'; known: \(registry.names.joined(separator: ", "))")
    }
    do throws(StrategyError) {
      _ = try registry.configure(base)
    } catch {
      throw SweepError(text: base.name, option: "strategy", reason: error.description)
    }
    guard !vary.isEmpty else {
      throw SweepError(text: "", option: "vary", reason: "give at least one --vary PARAM=VALUES")
    }
    var axes: [Axis] = []
    for text in vary {
      let axis = try Self.axis(text, of: definition, base: base, registry: registry)
      if axes.contains(where: { $0.parameter == axis.parameter }) {
        throw SweepError(text: text, option: "vary", reason: "\(axis.parameter) is varied twice")
      }
      axes.append(axis)
    }
    let count = axes.reduce(1) { $0 * $1.values.count }
    guard count <= Self.maximumSettings else {
      throw SweepError(
        text: vary.joined(separator: " "), option: "vary",
        reason: "the grid has \(count) settings; at most \(Self.maximumSettings)")
    }
    var settings: [[ParameterValue]] = [[]]
    for axis in axes {
      settings = settings.flatMap { prefix in axis.values.map { prefix + [$0] } }
    }
    var strategies: [ConfiguredStrategy] = []
    for setting in settings {
      var spec = base
      for (axis, value) in zip(axes, setting) { spec.parameters[axis.parameter] = value }
      do throws(StrategyError) {
        strategies.append(try registry.configure(spec))
      } catch {
        // A combination breaks a rule (each value alone passed): name the setting at fault.
        throw SweepError(
          text: Self.settingName(axes, setting), option: "vary", reason: "this setting: " + error.description)
      }
    }
    self.base = base
    self.axes = axes
    self.settings = settings
    self.strategies = strategies
  }

  /// The specs to run, one per setting in grid order (as `--strategy` would give them).
  public var specs: [StrategySpec] {
    settings.map { setting in
      var spec = base
      for (axis, value) in zip(axes, setting) { spec.parameters[axis.parameter] = value }
      return spec
    }
  }

  /// Each setting as `PARAM=VALUE × PARAM=VALUE`, in grid order: how errors about one name it.
  public var settingNames: [String] { settings.map { Self.settingName(axes, $0) } }

  static func settingName(_ axes: [Axis], _ setting: [ParameterValue]) -> String {
    zip(axes, setting).map { "\($0.parameter)=\($1)" }.joined(separator: " × ")
  }

  /// Whether setting `index` has every varied parameter at its default.
  public func isDefault(_ index: Int) -> Bool {
    zip(axes, settings[index]).allSatisfy { $0.defaultValue == $1 }
  }

  static func axis(
    _ text: String, of definition: StrategyDefinition, base: StrategySpec, registry: StrategyRegistry
  )
    throws(SweepError) -> Axis
  {
    func fail(_ reason: String) -> SweepError { SweepError(text: text, option: "vary", reason: reason) }
    let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw fail("expected PARAM=V1,V2,... or PARAM=START:STOP:STEP")
    }
    let name = String(parts[0])
    guard let parameter = definition.parameters.first(where: { $0.name == name }) else {
      let valid = definition.parameters.map(\.name)
      throw fail(
        "\(definition.name) has no parameter '\(name)'; its parameters: "
          + (valid.isEmpty ? "none" : valid.joined(separator: ", ")))
    }
    if base.parameters[name] != nil {
      throw fail("\(name) is also fixed in --strategy \(base.name):…; vary it or fix it, not both")
    }
    let body = String(parts[1])
    var values: [ParameterValue] = []
    if body.contains(":") {
      values = try rangeValues(body, parameter: parameter, fail: fail)
    } else {
      for item in body.split(separator: ",", omittingEmptySubsequences: false) {
        guard !item.isEmpty else { throw fail("an empty value in the list") }
        guard let spec = try? StrategyRegistry.parseSpec("\(definition.name):\(name)=\(item)"),
          let value = spec.parameters[name]
        else { throw fail("cannot read '\(item)' as a value") }
        values.append(value)
      }
    }
    var seen: [ParameterValue] = []
    for value in values {
      if seen.contains(value) { throw fail("\(value) is listed twice") }
      seen.append(value)
      do throws(StrategyError) {
        _ = try registry.configure(StrategySpec(name: definition.name, parameters: [name: value]))
      } catch {
        // A rule between parameters (max_preload needs media=glide) is the whole setting's to
        // break: each setting is configured with the base's parameters below.
        if case .feedRule = error.reason { continue }
        throw fail(error.description)
      }
    }
    return Axis(parameter: name, values: values, defaultValue: parameter.defaultValue)
  }

  /// START:STOP:STEP: START, START + STEP, … while ≤ STOP (STOP included when reached exactly).
  /// The three numbers are read as decimals and stepped in integers at their common scale, so
  /// `0.1:0.9:0.2` gives exactly 0.1, 0.3, 0.5, 0.7, 0.9 (no accumulated rounding: each value is
  /// the double nearest its decimal).
  static func rangeValues(
    _ body: String, parameter: StrategyParameter, fail: (String) -> SweepError
  ) throws(SweepError) -> [ParameterValue] {
    guard parameter.numberRange != nil else {
      throw fail("\(parameter.name) is \(parameter.typeName): list its values (\(parameter.name)=V1,V2,...)")
    }
    let fields = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 3 else { throw fail("a range is START:STOP:STEP, got '\(body)'") }
    var decimals: [ExactDecimal] = []
    for field in fields {
      guard let decimal = ExactDecimal(field) else {
        throw fail("'\(field)' in '\(body)' is not a decimal number")
      }
      decimals.append(decimal)
    }
    let exponent = decimals.map(\.exponent).min()!
    var scaled: [Int] = []
    for decimal in decimals {
      guard let value = decimal.scaled(to: exponent) else { throw fail("'\(body)' has too many digits") }
      scaled.append(value)
    }
    let (start, stop, step) = (scaled[0], scaled[1], scaled[2])
    guard step > 0 else { throw fail("STEP must be greater than 0, got \(fields[2])") }
    guard start <= stop else { throw fail("START must not exceed STOP, got \(fields[0]) > \(fields[1])") }
    let count = (stop - start) / step + 1
    guard count <= maximumSettings else {
      throw fail("\(count) values; at most \(maximumSettings) per parameter")
    }
    return (0..<count).map { index in
      .number(ExactDecimal(mantissa: start + index * step, exponent: exponent).doubleValue)
    }
  }
}

/// Why `prefetchlab sweep`'s options were refused (a usage error, exit 64).
public struct SweepError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The option's value at fault, as given.
  public let text: String
  /// `vary` or `strategy`.
  public let option: String
  public let reason: String

  public init(text: String, option: String, reason: String) {
    self.text = text
    self.option = option
    self.reason = reason
  }

  public var description: String { "--\(option) \(text): \(reason)" }
}

/// A decimal number as written, mantissa × 10^exponent (`0.25` is 25 × 10⁻²), for stepping a
/// range without binary rounding.
struct ExactDecimal: Equatable {
  var mantissa: Int
  var exponent: Int

  init(mantissa: Int, exponent: Int) {
    self.mantissa = mantissa
    self.exponent = exponent
  }

  /// `[+-]digits[.digits][(e|E)[+-]digits]`, at most 15 significant digits and an exponent within
  /// ±300; nil otherwise.
  init?(_ text: String) {
    var characters = Substring(text)
    var negative = false
    if let first = characters.first, first == "+" || first == "-" {
      negative = first == "-"
      characters = characters.dropFirst()
    }
    var exponentPart = 0
    if let e = characters.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      let tail = characters[characters.index(after: e)...]
      guard let value = Int(tail), abs(value) <= 300 else { return nil }
      exponentPart = value
      characters = characters[..<e]
    }
    let pieces = characters.split(separator: ".", omittingEmptySubsequences: false)
    guard pieces.count <= 2, !pieces[0].isEmpty || (pieces.count == 2 && !pieces[1].isEmpty) else {
      return nil
    }
    let digits = pieces.joined()
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let significant = digits.drop { $0 == "0" }
    guard significant.count <= 15, let value = Int(digits) else { return nil }
    mantissa = negative ? -value : value
    exponent = exponentPart - (pieces.count == 2 ? pieces[1].count : 0)
  }

  /// The mantissa at a smaller `exponent` (more digits), nil when it would not fit in 15 digits.
  func scaled(to target: Int) -> Int? {
    var value = mantissa
    for _ in 0..<(exponent - target) {
      guard abs(value) < 100_000_000_000_000 else { return nil }
      value *= 10
    }
    return value
  }

  /// The double nearest the decimal (Swift's `Double(String)` rounds correctly).
  var doubleValue: Double { Double("\(mantissa)e\(exponent)") ?? Double(mantissa) }
}
