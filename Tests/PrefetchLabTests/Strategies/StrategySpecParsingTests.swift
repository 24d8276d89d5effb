import Testing

@testable import PrefetchLab

/// `StrategyRegistry.parseSpec` reads both the command line's `NAME:key=value,…` and the label
/// the outputs name a run's strategy by, `NAME@key=value+key=value`.
@Suite struct StrategySpecParsingTests {
  static let commandLineSpecs = [
    "paging3", "paging3:prefetch_distance=5", "fixed_threshold:ratio=0.25",
    "uikit_prefetching:media=kingfisher,low_priority_max_connections=2",
    "flatlist:on_end_reached_threshold=0.5,window_size=5",
    "infinite_loader:pending_rows_cache=false,on_repeat=cancel_and_restart",
  ]

  /// A label copied from the outputs configures the strategy it names: the same label, the same
  /// `params` cell, the same parameter values.
  @Test(arguments: commandLineSpecs)
  func aLabelRunsTheStrategyItNames(_ text: String) throws {
    let configured = try StrategyRegistry.builtIn.configure(StrategyRegistry.parseSpec(text))
    let again = try StrategyRegistry.builtIn.configure(StrategyRegistry.parseSpec(configured.label))
    #expect(again.label == configured.label)
    #expect(again.paramsText == configured.paramsText)
    #expect(again.overrides.map(\.name) == configured.overrides.map(\.name))
    #expect(again.overrides.map(\.value) == configured.overrides.map(\.value))
  }

  @Test func aLabelSplitsAtAPlusOnlyBeforeAKey() throws {
    let spec = try StrategyRegistry.parseSpec("x@a=1e+5+b_2=true+c=up+down")
    #expect(spec.name == "x")
    #expect(spec.parameters == ["a": .number(100_000), "b_2": .bool(true), "c": .string("up+down")])
    let label = try StrategyRegistry.parseSpec(
      "uikit_prefetching@media=kingfisher+low_priority_max_connections=2")
    #expect(label.name == "uikit_prefetching")
    #expect(label.parameters == ["media": .string("kingfisher"), "low_priority_max_connections": .number(2)])
  }

  /// `NAME@…` with the `NAME:` form's commas used to hand `0.5,b=false` to the first parameter as
  /// text; it is refused with the `+` spelling to use instead.
  @Test func aLabelWithCommasIsRefusedWithItsPlusSpelling() throws {
    #expect(
      throws: StrategyError(
        strategy: "fixed_threshold", parameter: nil,
        reason: .commaInLabel(corrected: "fixed_threshold@ratio=0.5+guard_in_flight=false+x=1,2"))
    ) { try StrategyRegistry.parseSpec("fixed_threshold@ratio=0.5,guard_in_flight=false+x=1,2") }
    let error = StrategyError(strategy: "a", parameter: nil, reason: .commaInLabel(corrected: "a@b=1+c=2"))
    #expect(
      error.description
        == "a@… joins its key=value pairs with '+' (as run files and manifest.json name a strategy): "
        + "write a@b=1+c=2, or a:key=value,…")
    // A comma not followed by a key stays in the value.
    #expect(
      try StrategyRegistry.parseSpec("a@b=1,2+c=x,y").parameters == [
        "b": .string("1,2"), "c": .string("x,y"),
      ])
  }

  @Test func theCommandLineFormKeepsItsRules() throws {
    let spec = try StrategyRegistry.parseSpec("paging3:prefetch_distance=5,enable_placeholders=false")
    #expect(spec.name == "paging3")
    #expect(spec.parameters == ["prefetch_distance": .number(5), "enable_placeholders": .bool(false)])
    // A colon decides: what follows it is comma-separated pairs, whatever it holds.
    #expect(try StrategyRegistry.parseSpec("a:b=x@y+c=1").parameters == ["b": .string("x@y+c=1")])
    #expect(throws: StrategyError.self) { try StrategyRegistry.parseSpec("paging3@prefetch_distance") }
    // No name: left to `configure`, which lists the known strategies, rather than blamed on the
    // (empty) pair after it.
    for text in ["", ":", "@", ":a=1", "@a,b"] {
      #expect(try StrategyRegistry.parseSpec(text) == StrategySpec(name: ""))
      let error = #expect(throws: StrategyError.self) {
        try StrategyRegistry.builtIn.configure(StrategyRegistry.parseSpec(text))
      }
      #expect(error?.description.hasPrefix("unknown strategy ''; known: infinite_scroll, ") == true)
    }
    #expect(throws: StrategyError.self) { try StrategyRegistry.parseSpec("paging3@a=1+a=2") }
    #expect(throws: StrategyError.self) { try StrategyRegistry.parseSpec("paging3:a=1,a=2") }
  }

  /// A number means what a scenario file's number means: the spellings only Swift's `Double(_:)`
  /// reads are refused with the JSON parser's reason, not run as the number they would become.
  @Test(arguments: [
    ("0x10", "unexpected"), ("+5", "unexpected"), ("nan", "NaN and Infinity"), ("inf", "NaN and Infinity"),
    ("1e400", "is too large"), ("1e-400", "too small to represent"), (".5", "unexpected"),
  ])
  func aNumberJSONCannotWriteIsRefused(text: String, rule: String) {
    #expect {
      try StrategyRegistry.parseSpec("fixed_threshold:ratio=\(text)")
    } throws: { error in
      guard let error = error as? StrategyError, case .malformedNumber(let given, let reason) = error.reason
      else { return false }
      return given == text && reason.contains(rule) && error.parameter == "ratio"
        && error.description.hasPrefix(
          "fixed_threshold.ratio must be a number as a scenario file (JSON) writes it")
    }
  }

  @Test func jsonNumbersAndTextStayValues() throws {
    let spec = try StrategyRegistry.parseSpec("x:a=-0,b=0.25,c=1E+2,d=5 ,e=infinite,f=12abc")
    #expect(spec.parameters["a"] == .number(0) && spec.parameters["b"] == .number(0.25))
    #expect(spec.parameters["c"] == .number(100))
    #expect(spec.parameters["d"] == .string("5 ") && spec.parameters["e"] == .string("infinite"))
    #expect(spec.parameters["f"] == .string("12abc"))
  }
}
