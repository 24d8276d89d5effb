import PrefetchLab

/// What `manifest.json` records of a `prefetchlab sweep` (its `sweep` member): the strategy with
/// its fixed parameters, the varied parameters with their values and defaults, every setting in
/// grid order with the `params` cell its rows carry, and the two metrics of the trade-off. The
/// report and its plots read the sweep from here alone. Strategies run beside the grid
/// (`--reference`) are not recorded here: `strategies_given` lists them after the settings, and
/// their rows are those of any other strategy.
///
/// ```json
/// "sweep": {
///   "strategy": {"name": "fixed_threshold"},
///   "vary": [{"parameter": "ratio", "values": [0.1, 0.3, 0.5, 0.7, 0.9], "default": 0.7}],
///   "settings": [{"params": "ratio=0.1", "values": [0.1]}, …, {"params": "", "values": [0.7]}, …],
///   "x": "wasted_bytes", "y": "stall_ms"
/// }
/// ```
public struct SweepRecord: Sendable, Equatable {
  public struct Axis: Sendable, Equatable {
    public var parameter: String
    public var values: [ParameterValue]
    public var defaultValue: ParameterValue
  }

  public struct Setting: Sendable, Equatable {
    /// The summary.csv `params` cell of its rows ("" when every parameter has its default).
    public var params: String
    /// One value per axis.
    public var values: [ParameterValue]
  }

  public var strategy: StrategySpec
  public var axes: [Axis]
  public var settings: [Setting]
  /// The trade-off's metrics: x (default wasted_bytes) and y (default stall_ms), both catalogued
  /// and with a better direction.
  public var x: String
  public var y: String

  public init(_ sweep: ParameterSweep, x: String, y: String) {
    strategy = sweep.base
    axes = sweep.axes.map { Axis(parameter: $0.parameter, values: $0.values, defaultValue: $0.defaultValue) }
    settings = zip(sweep.settings, sweep.strategies).map { Setting(params: $1.paramsText, values: $0) }
    self.x = x
    self.y = y
  }

  /// Whether setting `index` has every varied parameter at its default.
  public func isDefault(_ index: Int) -> Bool {
    zip(axes, settings[index].values).allSatisfy { $0.defaultValue == $1 }
  }

  /// `0.3`, `0.3, false`: the setting's values in axis order.
  public func valuesText(_ index: Int) -> String {
    settings[index].values.map(\.description).joined(separator: ", ")
  }

  /// `ratio=0.3`, `ratio=0.3, guard_in_flight=false`: the setting named by its varied parameters.
  public func settingText(_ index: Int) -> String {
    zip(axes, settings[index].values).map { "\($0.parameter)=\($1)" }.joined(separator: ", ")
  }

  // MARK: JSON

  public var json: JSONValue {
    .object([
      ("strategy", Manifest.fullSpecJSON(strategy)),
      (
        "vary",
        .array(
          axes.map { axis in
            .object([
              ("parameter", .string(axis.parameter)), ("values", .array(axis.values.map(Self.valueJSON))),
              ("default", Self.valueJSON(axis.defaultValue)),
            ])
          })
      ),
      (
        "settings",
        .array(
          settings.map { setting in
            .object([
              ("params", .string(setting.params)), ("values", .array(setting.values.map(Self.valueJSON))),
            ])
          })
      ),
      ("x", .string(x)), ("y", .string(y)),
    ])
  }

  static func valueJSON(_ value: ParameterValue) -> JSONValue {
    switch value {
    case .number(let number): return JSONValue(number)
    case .bool(let flag): return .bool(flag)
    case .string(let text): return .string(text)
    }
  }

  static func value(_ json: JSONValue) -> ParameterValue? {
    switch json {
    case .number(let number, _): return .number(number)
    case .bool(let flag): return .bool(flag)
    case .string(let text): return .string(text)
    default: return nil
    }
  }

  /// Reads the manifest member back; nil when it is malformed (the caller names the location).
  init?(json: JSONValue) {
    guard let strategy = json["strategy"].flatMap({ Manifest.specs(.array([$0])) })?.first,
      let vary = json["vary"]?.arrayValue, let settings = json["settings"]?.arrayValue,
      let x = json["x"]?.stringValue, let y = json["y"]?.stringValue
    else { return nil }
    var axes: [Axis] = []
    for item in vary {
      guard let parameter = item["parameter"]?.stringValue,
        let values = item["values"]?.arrayValue?.compactMap(Self.value),
        let defaultValue = item["default"].flatMap(Self.value)
      else { return nil }
      axes.append(Axis(parameter: parameter, values: values, defaultValue: defaultValue))
    }
    var list: [Setting] = []
    for item in settings {
      guard let params = item["params"]?.stringValue,
        let values = item["values"]?.arrayValue?.compactMap(Self.value), values.count == axes.count
      else { return nil }
      list.append(Setting(params: params, values: values))
    }
    guard !axes.isEmpty, list.count == axes.reduce(1, { $0 * $1.values.count }) else { return nil }
    self.strategy = strategy
    self.axes = axes
    self.settings = list
    self.x = x
    self.y = y
  }
}
