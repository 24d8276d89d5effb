import Testing

@testable import PrefetchLab

/// Numbers in input errors (`DecimalFormat.readable`): what a person typed reads back, sums lose
/// their binary noise, huge and tiny magnitudes take few digits, and a value is never rounded
/// onto the other side of the bound its message states.
@Suite struct ReadableNumberTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (20, "20"), (-40, "-40"), (2.5, "2.5"), (0.0004, "0.0004"),
    (0.000001, "0.000001"), (0.1 + 0.2, "0.3"), (0.7 + 0.1, "0.8"), (1_000_000.3, "1000000.3"),
    (28_491_215.484426957, "28491215.484427"), (9_007_199_254_740_991, "9007199254740991"),
    (1e16, "1e16"), (3.6028797018963963e18, "3.60288e18"), (1.7e308, "1.7e308"), (1e-7, "1e-7"),
    (1e-300, "1e-300"), (-1e200, "-1e200"),
  ])
  func readable(value: Double, text: String) {
    #expect(DecimalFormat.readable(value) == text)
  }

  /// Digits are added until the text is on the value's side of each reference, up to the exact
  /// value.
  @Test func neverRoundsOntoABound() {
    #expect(DecimalFormat.readable(1_000_000.0000001, against: [1e6]) == "1000000.0000001")
    #expect(DecimalFormat.readable(100_000_000_000_000.5, against: [1e14]) == "100000000000000.5")
    #expect(DecimalFormat.readable(1.0000000000000002, against: [0, 1]) == "1.0000000000000002")
    #expect(DecimalFormat.readable(9.99999999e-7, against: [1e-6]) == "9.99999999e-7")
    #expect(DecimalFormat.readable(0.1 + 0.2, against: [0, 1]) == "0.3")
  }

  /// A value a rule wants whole is kept apart from the integers either side: 15 digits alone
  /// would round 10^15 + 0.5 onto 10^15.
  @Test func aValueThatMustBeWholeNeverReadsWhole() {
    #expect(DecimalFormat.readable(1_000_000_000_000_000.5) == "1000000000000000")
    #expect(DecimalFormat.readable(1_000_000_000_000_000.5, mustBeInteger: true) == "1000000000000000.5")
    #expect(DecimalFormat.readable(2.5, mustBeInteger: true) == "2.5")
    #expect(DecimalFormat.readable(7, mustBeInteger: true) == "7")
  }

  static let cases: [ScenarioRuleCase] = [
    // Derived sums: the footer's 0.1 + 0.2 pt is quoted as 0.3, the total keeps the digits that
    // put it past the limit.
    ScenarioRuleCase(
      "feed", #"{"total_items": 250000000000, "page_bytes": 1, "footer_height_pt": 0.30000000000000004}"#,
      "feed.total_items: the whole feed's content height, total_items (250000000000) × the tallest"
        + " possible row (400 pt) + the loading footer (footer_height_pt, 0.3 pt), must be <="
        + " 100000000000000 pt, got 100000000000000.3 pt"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": 1000000.000001}"#,
      "feed.item_height_pt: must be <= 1000000, got 1000000.000001"),
    ScenarioRuleCase(
      "feed", #"{"page_bytes": 3.6e18}"#, "feed.page_bytes: must be <= 1000000000, got 3.6e18"),
    ScenarioRuleCase("duration_s", "1e300", "duration_s: must be <= 1000000, got 1e300"),
    ScenarioRuleCase(
      "network", #"{"bandwidth_kbps": 100000000.30000001}"#,
      "network.bandwidth_kbps: must be in 0.001...100000000, got 100000000.3"),
    // Not whole, though 15 digits would round it to a whole number.
    ScenarioRuleCase(
      "feed", #"{"total_items": 1000000000000000.5}"#,
      "feed.total_items: must be an integer, got 1000000000000000.5"),
  ]

  @Test(arguments: cases) func inScenarioErrors(_ rule: ScenarioRuleCase) {
    #expect(ScenarioFixture.error(ScenarioFixture.text([(rule.key, rule.json)])) == rule.error)
  }

  /// Strategy parameters printed 1e-300 as 300 zeros and a 0.1 + 0.2 sum with its noise.
  @Test(arguments: [
    ("fixed_threshold", "ratio", -1e-300, "fixed_threshold.ratio must be in 0...1, got -1e-300"),
    (
      "fixed_threshold", "ratio", 3.6028797018963963e18,
      "fixed_threshold.ratio must be in 0...1, got 3.60288e18"
    ),
    (
      "fixed_threshold", "ratio", 1.0000000000000002,
      "fixed_threshold.ratio must be in 0...1, got 1.0000000000000002"
    ),
    (
      "paging3", "prefetch_distance", 0.1 + 0.2,
      #"paging3.prefetch_distance must be an integer in 0...1000000 or "page_size", got 0.3"#
    ),
    (
      "paging3", "max_size", 3.6028797018963963e18,
      #"paging3.max_size must be an integer in 1...1000000000 or "unbounded", got 3.60288e18"#
    ),
    // `ratio=nan` and `max_size=-inf` on the command line read as these: they printed "got nan".
    (
      "fixed_threshold", "ratio", Double.nan,
      "fixed_threshold.ratio must be in 0...1, got NaN, which is not a number"
    ),
    (
      "paging3", "max_size", -Double.infinity,
      #"paging3.max_size must be an integer in 1...1000000000 or "unbounded", got -infinity"#
    ),
    ("fixed_threshold", "ratio", Double.infinity, "fixed_threshold.ratio must be in 0...1, got infinity"),
  ])
  func inStrategyParameterErrors(strategy: String, parameter: String, value: Double, message: String) {
    let spec = StrategySpec(name: strategy, parameters: [parameter: .number(value)])
    let error = #expect(throws: StrategyError.self) { try StrategyRegistry.builtIn.configure(spec) }
    #expect(error?.description == message)
  }
}
