import Testing

@testable import PrefetchLab

/// The image loaders whose wake-ups depend on rows entering a margin (`browser_lazy`) or on the
/// first visible row (`glide`), under the event engine against the frame-stepped reference, on
/// random scenarios: every metric, time to content and (every third run) timeline row equal.
@Suite struct EngineMediaLoaderEquivalenceTests {
  /// Each strategy that takes `media`, with each new loader (lazy at Chrome's margin for the
  /// scenario's network and at a fixed 300 pt), on 40 random scenarios.
  @Test(arguments: ["glide", "browser_lazy", "browser_lazy_300"])
  func loadersGiveIdenticalResults(loader: String) {
    let names = StrategyRegistry.builtIn.definitions.filter { definition in
      definition.parameters.contains { $0.name == MediaLibrary.parameter.declaration.name }
    }.map(\.name)
    #expect(names.contains("recyclerview") && names.contains("paging3"))
    RandomEngineEquivalence.expectIdentical(count: 40, seed: 20_261_206) { index in
      var values: [String: ParameterValue] = ["media": .string(loader == "glide" ? "glide" : "browser_lazy")]
      if loader == "browser_lazy_300" { values["lazy_threshold_pt"] = .number(300) }
      if loader == "glide" { values["max_preload"] = .number(Double(1 + index % 12)) }
      return [TestScenarios.configured(names[index % names.count], values)]
    }
  }
}
