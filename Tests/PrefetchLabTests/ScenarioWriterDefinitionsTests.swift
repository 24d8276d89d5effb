import Testing

@testable import PrefetchLab

/// The writer (`Scenario.json`) and the definitions the loader reads through agree: every object
/// it writes holds only keys its definition declares, in the definition's order, and a scenario
/// with every section set writes every key of the definitions it touches.
@Suite struct ScenarioWriterDefinitionsTests {
  /// The definition of the object at each place the writer writes one.
  static func check(_ value: JSONValue, _ definition: ObjectDefinition, path: String) {
    guard case .object(let members) = value else {
      Issue.record("\(path): not an object")
      return
    }
    let declared = definition.keyNames
    let written = members.map(\.key)
    #expect(written.allSatisfy(declared.contains), "\(path): \(written) not all in \(declared)")
    let order = written.compactMap { declared.firstIndex(of: $0) }
    #expect(order == order.sorted(), "\(path): \(written) not in the definitions' order \(declared)")
    for member in members {
      guard let key = definition.key(member.key) else { continue }
      switch key.kind {
      case .object(let inner): check(member.value, inner, path: path + "." + member.key)
      case .alternatives(let kinds):
        if case .object = member.value,
          let inner = kinds.compactMap({ kind -> ObjectDefinition? in
            if case .object(let object) = kind { return object }
            return nil
          }).first
        {
          check(member.value, inner, path: path + "." + member.key)
        }
      case .array(.object(let inner), _):
        for element in member.value.arrayValue ?? [] {
          check(element, inner, path: path + "." + member.key + "[]")
        }
      case .script:
        for element in member.value.arrayValue ?? [] {
          check(element, ScenarioDefinitions.gesture, path: path + "." + member.key + "[]")
        }
      default: break
      }
    }
  }

  @Test(arguments: 0..<60)
  func writtenObjectsFollowTheDefinitions(seed: Int) {
    var random = RandomScenario(seed: UInt64(seed))
    let scenario = random.scenario()
    let json = scenario.json()
    // `scroll` of a model user also holds the model's parameters.
    var scroll = ScenarioDefinitions.scroll
    if case .model(let model) = scenario.scroll.source {
      scroll.keys += model.name == .mixed ? ScenarioDefinitions.mixed.keys : ScenarioDefinitions.behavior.keys
    }
    var root = ScenarioDefinitions.root
    if let index = root.keys.firstIndex(where: { $0.name == "scroll" }) {
      root.keys[index].kind = .object(scroll)
    }
    Self.check(json, root, path: "scenario")
  }

  @Test func everyFeedNetworkAndCacheKeyIsWritten() {
    var scenario = Scenario(
      name: "all",
      feed: FeedSpec(mediaBytes: .constant(1000), serverMaxPageSize: 10),
      network: NetworkSpec(bandwidthKbps: 1000, retry: .alamofire, rateLimit: .nuke),
      scroll: ScrollSpec(source: .script([.wait(durationMs: 1)])), cache: CacheSpec(),
      render: RenderSpec(timeMs: .constant(1)))
    scenario.mediaNetwork = MediaNetworkSpec(network: NetworkSpec(bandwidthKbps: 2000, rateLimit: .nuke))
    scenario.feed.changes = FeedChangeSpec(insertsPerMin: 1)
    scenario.feed.columns = 2
    let json = scenario.json()
    // `carousel` refuses the cache and render stage this scenario has; a carousel is written by
    // CarouselTests.theResolvedFeedWritesACarouselOnlyWhenThereIsOne.
    #expect(
      json["feed"]?.objectMembers?.map(\.key) == ScenarioDefinitions.feed.keyNames.filter { $0 != "carousel" }
    )
    #expect(json["feed"]?["changes"]?.objectMembers?.map(\.key) == ScenarioDefinitions.feedChanges.keyNames)
    #expect(json["cache"]?.objectMembers?.map(\.key) == ScenarioDefinitions.cache.keyNames)
    #expect(json["render"]?.objectMembers?.map(\.key) == ScenarioDefinitions.render.keyNames)
    // A network writes every key but the ones it may not combine (no profile, no trace).
    #expect(
      json["network"]?.objectMembers?.map(\.key)
        == ScenarioDefinitions.network.keyNames.filter { !["profile", "trace"].contains($0) })
    #expect(
      json["network"]?["media"]?.objectMembers?.map(\.key)
        == ScenarioDefinitions.mediaNetwork.keyNames.filter { !["profile", "trace"].contains($0) })
  }
}
