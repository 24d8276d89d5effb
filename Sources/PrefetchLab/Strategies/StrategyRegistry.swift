/// The strategies known by name: the one list from which `prefetchlab list`, scenario
/// validation, the runs' specialised loops and the tests' strategy lists derive. `builtIn` holds
/// the general strategies, the platform models, `adaptive` and the clairvoyant `oracle` (a bound,
/// not a contender); add your own with `register` and pass the registry to `Experiment`.
///
/// ```swift
/// var registry = StrategyRegistry.builtIn
/// try registry.register(MyStrategy.definition)
/// ```
public struct StrategyRegistry: Sendable {
  public private(set) var definitions: [StrategyDefinition] = []

  public init() {}

  /// The general strategies, then the platform models (which run only where named), then
  /// `adaptive` and the clairvoyant `oracle`: one line each, the only list of built-ins
  /// (`prefetchlab list` prints it; docs and tests derive names and counts from it).
  ///
  /// Debug builds check every definition as `register` does; release builds take them as they
  /// are, since they are fixed when the module is compiled and the test suite registers each one
  /// through `register` (`StrategyRegistryTests`). That check builds every strategy once (and
  /// makes the runtime look up the generic types it touches): about half a millisecond of every
  /// `prefetchlab` command.
  public static let builtIn: StrategyRegistry = {
    var registry = StrategyRegistry()
    for definition in [
      InfiniteScroll.definition,
      FixedThreshold.definition,
      DynamicThreshold.definition,
      TargetRange.definition,
      DirectionalRanges.definition,
      Paging3.definition,
      FlatList.definition,
      UIKitPrefetching.definition,
      RecyclerView.definition,
      InfiniteLoader.definition,
      IntersectionObserverLoader.definition,
      ComposePaging.definition,
      FlutterPagination.definition,
      FlashList.definition,
      Adaptive.definition,
      Oracle.definition,
    ] {
      #if DEBUG
        do {
          try registry.register(definition)
        } catch {
          preconditionFailure("built-in strategy: \(error)")
        }
      #else
        registry.definitions.append(definition)
      #endif
    }
    return registry
  }()

  /// Adds a strategy after checking its definition: the name is new and of lowercase letters,
  /// digits and `_`; parameter names are unique and well formed, defaults valid; and the
  /// strategy, built once with its defaults, reads only parameters it declares.
  /// - Throws: `StrategyError` (`.invalidName`, `.duplicateName`, `.invalidParameterDeclaration`,
  ///   `.invalidDefault`, `.undeclaredParameter`).
  public mutating func register(_ definition: StrategyDefinition) throws(StrategyError) {
    guard Self.isValidName(definition.name) else {
      throw StrategyError(strategy: definition.name, parameter: nil, reason: .invalidName)
    }
    guard self.definition(named: definition.name) == nil else {
      throw StrategyError(strategy: definition.name, parameter: nil, reason: .duplicateName)
    }
    try definition.validate()
    definitions.append(definition)
  }

  /// Lowercase letters, digits and `_`, not empty.
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
  }

  public func definition(named name: String) -> StrategyDefinition? { definitions.first { $0.name == name } }

  public var names: [String] { definitions.map(\.name) }

  /// The strategies a scenario without a `strategies` list runs, in registration order: those
  /// whose definition `runsByDefault` (the general ones; platform models run where named).
  public var defaultNames: [String] { definitions.filter(\.runsByDefault).map(\.name) }

  /// Validates `spec` against the named strategy's parameters and fills in defaults. The
  /// definition's `parameterRule` (e.g. Paging 3's prefetch distance 0 without placeholders) and,
  /// for a strategy with `media`, a media parameter given under a loader that ignores it
  /// (`MediaLibrary.dependentParameterRule`) are checked here, so a bad `--strategy` is a usage error and a bad scenario entry names its own
  /// key.
  public func configure(_ spec: StrategySpec) throws(StrategyError) -> ConfiguredStrategy {
    guard let definition = definition(named: spec.name) else {
      throw StrategyError(strategy: spec.name, parameter: nil, reason: .unknownStrategy(known: names))
    }
    let validNames = definition.parameters.map(\.name)
    for key in spec.parameters.keys.sorted() where !validNames.contains(key) {
      throw StrategyError(strategy: spec.name, parameter: key, reason: .unknownParameter(valid: validNames))
    }
    var values: [String: ParameterValue] = [:]
    var overrides: [(name: String, value: ParameterValue)] = []
    for parameter in definition.parameters {
      guard let given = spec.parameters[parameter.name] else {
        values[parameter.name] = parameter.defaultValue
        continue
      }
      switch parameter.validate(given) {
      case .success(let value):
        values[parameter.name] = value
        if value != parameter.defaultValue { overrides.append((parameter.name, value)) }
      case .failure(let reason):
        throw StrategyError(strategy: spec.name, parameter: parameter.name, reason: reason)
      }
    }
    let configured = ConfiguredStrategy(
      definition: definition, parameters: StrategyParameters(values), overrides: overrides)
    if let violation = configured.parameterRuleViolation() { throw violation }
    // A dependent media parameter given under another loader would run one setting under two
    // labels (a sweep's grid full of identical points): refused as a parameter rule is.
    if validNames.contains(MediaLibrary.parameter.declaration.name),
      let violation = MediaLibrary.dependentParameterRule(
        given: Set(spec.parameters.keys), configured.parameters)
    {
      throw configured.error(violation)
    }
    return configured
  }

  /// Parses the command line's `NAME[:key=value,…]` into a spec: `true`/`false` become booleans,
  /// numbers become numbers, anything else stays text (and is then refused by `configure` where a
  /// number or boolean is expected). Also reads the label the outputs name a run's strategy by
  /// (`ConfiguredStrategy.label`, `NAME@key=value+key=value`: manifest.json, run file names, bench
  /// rows), so that a name copied from them runs that strategy; a `+` there starts a pair only where
  /// `key=` follows it (a number such as `1e+5` keeps its sign).
  /// An empty name gives an empty spec, whatever follows it (`configure` then names the problem).
  /// - Throws: `StrategyError` for a pair without `=`, a key given twice, a number JSON cannot
  ///   write (`malformedNumber`) or a label whose pairs are joined by `,` (`commaInLabel`).
  public static func parseSpec(_ text: String) throws(StrategyError) -> StrategySpec {
    let name: String
    let pairs: [Substring]
    if !text.contains(":"), let at = text.firstIndex(of: "@") {
      name = String(text[..<at])
      let label = text[text.index(after: at)...]
      pairs = labelPairs(label, separator: "+")
      // `NAME@a=1,b=2` mixes the two forms; without this, `1,b=2` would reach a as text.
      if pairs.contains(where: { labelPairs($0, separator: ",").count > 1 }) {
        let corrected = pairs.flatMap { labelPairs($0, separator: ",") }.joined(separator: "+")
        throw StrategyError(
          strategy: name, parameter: nil, reason: .commaInLabel(corrected: name + "@" + corrected))
      }
    } else {
      let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      name = String(parts[0])
      pairs = parts.count == 2 ? parts[1].split(separator: ",", omittingEmptySubsequences: false) : []
    }
    // No name: `configure` refuses it as an unknown strategy and lists the known ones, which
    // helps more than a complaint about the pair after a missing name.
    if name.isEmpty { return StrategySpec(name: name) }
    var parameters: [String: ParameterValue] = [:]
    for pair in pairs {
      let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard keyValue.count == 2, !keyValue[0].isEmpty else {
        throw StrategyError(
          strategy: name, parameter: String(keyValue[0]), reason: .malformedPair(String(pair)))
      }
      let key = String(keyValue[0])
      guard parameters[key] == nil else {
        throw StrategyError(strategy: name, parameter: key, reason: .duplicateParameter)
      }
      parameters[key] = try typedValue(String(keyValue[1]), strategy: name, parameter: key)
    }
    return StrategySpec(name: name, parameters: parameters)
  }

  /// The pairs of a label's `key=value+key=value`: split at each `separator` followed by a
  /// parameter name (letters, digits, `_`) and `=`.
  private static func labelPairs(_ text: Substring, separator: Character) -> [Substring] {
    var pairs: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == separator {
        let rest = text[text.index(after: index)...]
        let key = rest.prefix { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        if !key.isEmpty && rest.dropFirst(key.count).first == "=" {
          pairs.append(text[start..<index])
          start = text.index(after: index)
        }
      }
      index = text.index(after: index)
    }
    pairs.append(text[start...])
    return pairs
  }

  /// A number is read as a scenario file writes it (JSON's grammar), so that a value means the
  /// same on the command line as in a file: spellings only Swift's `Double(_:)` reads (`0x10`,
  /// `+5`, `nan`, `inf`, `1e400`) are refused rather than taken as text or as a number no file
  /// could hold.
  private static func typedValue(_ text: String, strategy: String, parameter: String) throws(StrategyError)
    -> ParameterValue
  {
    if text == "true" || text == "false" { return .bool(text == "true") }
    // JSON allows whitespace around a value; a command-line value holds none.
    guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace else {
      return .string(text)
    }
    do {
      if case .number(let number, _) = try JSONValue(parsing: text) { return .number(number) }
    } catch {
      if Double(text) != nil {
        throw StrategyError(
          strategy: strategy, parameter: parameter, reason: .malformedNumber(text: text, rule: error.message))
      }
    }
    return .string(text)
  }
}
