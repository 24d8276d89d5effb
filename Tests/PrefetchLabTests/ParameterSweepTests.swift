import Testing

@testable import PrefetchLab

@Suite struct ParameterSweepTests {
  static func sweep(_ vary: [String], strategy: String = "fixed_threshold") throws -> ParameterSweep {
    try ParameterSweep(base: StrategyRegistry.parseSpec(strategy), vary: vary, registry: .builtIn)
  }

  static func error(_ strategy: String, _ vary: [String]) -> String? {
    do {
      _ = try sweep(vary, strategy: strategy)
      return nil
    } catch let error as SweepError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  /// Each value is the double nearest its decimal: 0.1 + 3 × 0.2 in binary would be
  /// 0.7000000000000001, and 0.1 × 3 would be 0.30000000000000004.
  @Test func decimalRangesDoNotAccumulateRoundingError() throws {
    let five = try Self.sweep(["ratio=0.1:0.9:0.2"])
    #expect(five.axes[0].values == [0.1, 0.3, 0.5, 0.7, 0.9].map { ParameterValue.number($0) })
    #expect(0.1 + 3 * 0.2 != 0.7)  // what stepping in doubles would have given
    let tenths = try Self.sweep(["ratio=0:1:0.1"])
    let decimals: [Double] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]
    #expect(tenths.axes[0].values == decimals.map { ParameterValue.number($0) })
    // STOP is included only when reached exactly; exponents and mixed scales work.
    let partial: [ParameterValue] = [.number(0.05), .number(0.15)]
    #expect(try Self.sweep(["ratio=0.05:0.2:0.1"]).axes[0].values == partial)
    let scientific: [ParameterValue] = [.number(0.5), .number(0.75), .number(1)]
    #expect(try Self.sweep(["ratio=5e-1:1:25e-2"]).axes[0].values == scientific)
    let rows = try Self.sweep(["skip_rows=2:10:4"], strategy: "target_range")
    let integers: [ParameterValue] = [.number(2), .number(6), .number(10)]
    #expect(rows.axes[0].values == integers)
  }

  /// Two axes: the first outermost; each setting configured, the defaults' params empty.
  @Test func aGridRunsEveryCombinationInOrder() throws {
    let grid = try Self.sweep(["ratio=0.5,0.7", "guard_in_flight=true,false"])
    #expect(grid.settings.count == 4)
    #expect(
      grid.strategies.map(\.paramsText) == [
        "ratio=0.5", "ratio=0.5,guard_in_flight=false", "", "guard_in_flight=false",
      ])
    #expect((0..<4).map(grid.isDefault) == [false, false, true, false])
    let defaults: [ParameterValue] = [.number(0.7), .bool(true)]
    #expect(grid.axes.map(\.defaultValue) == defaults)
    #expect(
      grid.specs[1]
        == StrategySpec(
          name: "fixed_threshold", parameters: ["ratio": .number(0.5), "guard_in_flight": .bool(false)]))
    // Fixed parameters stay in every setting.
    let fixed = try Self.sweep(["ratio=0.3,0.9"], strategy: "fixed_threshold:guard_in_flight=false")
    #expect(
      fixed.strategies.map(\.paramsText) == [
        "ratio=0.3,guard_in_flight=false", "ratio=0.9,guard_in_flight=false",
      ])
  }

  @Test(arguments: [
    ("fixed_threshold", ["ratio=1.5"], "--vary ratio=1.5: fixed_threshold.ratio must be in 0...1, got 1.5"),
    (
      "fixed_threshold", ["ratio=0.5:1.5:0.5"],
      "--vary ratio=0.5:1.5:0.5: fixed_threshold.ratio must be in 0...1, got 1.5"
    ),
    (
      "fixed_threshold", ["ratoi=0.5"],
      "--vary ratoi=0.5: fixed_threshold has no parameter 'ratoi'; its parameters: ratio, guard_in_flight, media, media_lookahead_rows, low_priority_max_connections, "
        + "max_preload, lazy_threshold_pt"
    ),
    ("fixed_threshold", ["ratio"], "--vary ratio: expected PARAM=V1,V2,... or PARAM=START:STOP:STEP"),
    ("fixed_threshold", ["ratio=0.1,,0.2"], "--vary ratio=0.1,,0.2: an empty value in the list"),
    ("fixed_threshold", ["ratio=0.1:0.9:0"], "--vary ratio=0.1:0.9:0: STEP must be greater than 0, got 0"),
    (
      "fixed_threshold", ["ratio=0.9:0.1:0.2"],
      "--vary ratio=0.9:0.1:0.2: START must not exceed STOP, got 0.9 > 0.1"
    ),
    ("fixed_threshold", ["ratio=0.1:0.9"], "--vary ratio=0.1:0.9: a range is START:STOP:STEP, got '0.1:0.9'"),
    (
      "fixed_threshold", ["ratio=0.1:x:0.2"],
      "--vary ratio=0.1:x:0.2: 'x' in '0.1:x:0.2' is not a decimal number"
    ),
    ("fixed_threshold", ["ratio=0.5,0.50"], "--vary ratio=0.5,0.50: 0.5 is listed twice"),
    (
      "fixed_threshold", ["ratio=high"],
      "--vary ratio=high: fixed_threshold.ratio must be a number, got text \"high\""
    ),
    ("fixed_threshold", ["ratio=0.1", "ratio=0.2"], "--vary ratio=0.2: ratio is varied twice"),
    (
      "fixed_threshold", ["guard_in_flight=0:1:1"],
      "--vary guard_in_flight=0:1:1: guard_in_flight is true or false: list its values (guard_in_flight=V1,V2,...)"
    ),
    (
      "fixed_threshold:ratio=0.5", ["ratio=0.1,0.2"],
      "--vary ratio=0.1,0.2: ratio is also fixed in --strategy fixed_threshold:…; vary it or fix it, not both"
    ),
    (
      "target_range", ["skip_rows=1:2:0.5"],
      "--vary skip_rows=1:2:0.5: target_range.skip_rows must be an integer in 0...10000, got 1.5"
    ),
    (
      "no_such", ["ratio=1"],
      "--strategy no_such: unknown strategy 'no_such'; known: "
        + StrategyRegistry.builtIn.names.joined(separator: ", ")
    ),
    (
      "fixed_threshold", ["ratio=0:1:0.00001"],
      "--vary ratio=0:1:0.00001: 100001 values; at most 10000 per parameter"
    ),
  ])
  func badValuesAreRefusedWithTheRule(strategy: String, vary: [String], message: String) {
    #expect(Self.error(strategy, vary) == message)
  }

  @Test func tooLargeAGridIsRefused() {
    let error = Self.error("directional_ranges", ["preload_leading=0:99:1", "display_leading=0:99:1"])
    #expect(error == nil)  // exactly at the limit
    let bigger = Self.error("directional_ranges", ["preload_leading=0:100:1", "display_leading=0:99:1"])
    #expect(bigger?.hasSuffix("the grid has 10100 settings; at most 10000") == true)
  }

  @Test func decimalsAreReadExactly() {
    #expect(ExactDecimal("0.25") == ExactDecimal(mantissa: 25, exponent: -2))
    #expect(ExactDecimal("-1.5e3") == ExactDecimal(mantissa: -15, exponent: 2))
    #expect(ExactDecimal(".5") == ExactDecimal(mantissa: 5, exponent: -1))
    #expect(ExactDecimal("1234567890123456") == nil)  // 16 significant digits
    for bad in ["", ".", "1.2.3", "1e", "e3", "0x10", "1,5", "+", "nan", "inf"] {
      #expect(ExactDecimal(bad) == nil, "\(bad)")
    }
    #expect(ExactDecimal(mantissa: 7, exponent: -1).doubleValue == 0.7)
  }
}

/// Every numeric parameter of every strategy, with a keyword beside its numbers or not, takes a
/// range and a list (the catalogue's `numberRange` says which parameters are numeric).
@Suite struct NumericParameterSweepTests {
  /// The base a parameter needs to act: a media parameter read by one loader only gets it.
  static func base(_ strategy: String, for parameter: String) -> String {
    guard let (_, library) = MediaLibrary.dependentParameters.first(where: { $0.name == parameter }) else {
      return strategy
    }
    return "\(strategy):media=\(library.rawValue)"
  }

  @Test func everyNumericParameterAcceptsATwoPointGrid() throws {
    var checked = 0
    for definition in StrategyRegistry.builtIn.definitions {
      for parameter in definition.parameters {
        guard let range = parameter.numberRange else { continue }
        let low = DecimalFormat.shortest(range.lowerBound)
        let step = DecimalFormat.shortest(range.upperBound - range.lowerBound)
        let high = DecimalFormat.shortest(range.upperBound)
        let base = try StrategyRegistry.parseSpec(Self.base(definition.name, for: parameter.name))
        for vary in ["\(parameter.name)=\(low):\(high):\(step)", "\(parameter.name)=\(low),\(high)"] {
          do {
            let sweep = try ParameterSweep(base: base, vary: [vary], registry: .builtIn)
            #expect(sweep.settings.count == 2, "\(definition.name) --vary \(vary)")
          } catch {
            Issue.record("\(definition.name) --vary \(vary): \(error)")
          }
        }
        checked += 1
      }
    }
    // lazy_threshold_pt (a number or "auto") among them, under every strategy using images.
    #expect(checked > 50)
  }

  @Test func aKeywordParameterTakesARangeAndItsKeyword() throws {
    let base = try StrategyRegistry.parseSpec("fixed_threshold:media=browser_lazy")
    let range = try ParameterSweep(base: base, vary: ["lazy_threshold_pt=1250:2500:1250"], registry: .builtIn)
    #expect(range.settings == [[.number(1250)], [.number(2500)]])
    let list = try ParameterSweep(base: base, vary: ["lazy_threshold_pt=auto,2500"], registry: .builtIn)
    #expect(list.settings == [[.string("auto")], [.number(2500)]])
  }
}
