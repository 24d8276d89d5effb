import PrefetchLab

extension ScenarioDetails {
  /// The carousel rows and the carousel swipes of `scenario`, read from the scenario model as it
  /// writes itself back (`Scenario.json`, what manifest.json records), so every key the loader
  /// reads shows with its value, defaults included, and a key added to the model shows here
  /// without a list to keep:
  /// - `feed.carousel`: its members as `key value` pairs (`row_fraction 0.65, sub_items 12, …`);
  /// - a synthetic user's `swipe_fraction` and `swipe_distance_pt` (for `mixed`, per behaviour,
  ///   named `skimmer.swipe_fraction`, …), written only when the user swipes;
  /// - a script's swipe steps: how many of its gestures are swipes, with their distances.
  /// Empty when the scenario has none of these.
  static func carouselParameters(_ scenario: Scenario) -> [(name: String, value: String)] {
    guard let members = scenario.json().objectMembers else { return [] }
    func member(_ members: [(key: String, value: JSONValue)], _ key: String) -> JSONValue? {
      members.first { $0.key == key }?.value
    }
    func pairs(_ object: [(key: String, value: JSONValue)]) -> String {
      object.map { $0.key + " " + $0.value.serialized() }.joined(separator: ", ")
    }
    var list: [(name: String, value: String)] = []
    if let feed = member(members, "feed")?.objectMembers,
      let carousel = member(feed, "carousel")?.objectMembers
    {
      list.append(("feed.carousel", pairs(carousel)))
    }
    guard let scroll = member(members, "scroll")?.objectMembers else { return list }
    let swipeKeys: Set<String> = ["swipe_fraction", "swipe_distance_pt"]
    for (key, value) in scroll where swipeKeys.contains(key) {
      list.append(("scroll." + key, value.serialized()))
    }
    for (key, value) in scroll {
      guard let behaviour = value.objectMembers else { continue }
      for (inner, setting) in behaviour where swipeKeys.contains(inner) {
        list.append(("scroll.\(key).\(inner)", setting.serialized()))
      }
    }
    if case .script(let gestures) = scenario.scroll.source {
      let swipes = gestures.compactMap { gesture -> CarouselSwipe? in
        if case .swipe(let swipe) = gesture { return swipe }
        return nil
      }
      if !swipes.isEmpty {
        let distances = swipes.map { DecimalFormat.shortest($0.distancePt) + " pt" }
        let shown = distances.count <= 6 ? distances : Array(distances.prefix(6)) + ["…"]
        list.append(
          (
            "scroll.script swipes",
            "\(swipes.count) of \(gestures.count) gestures (distance_pt: " + shown.joined(separator: ", ")
              + ")"
          ))
      }
    }
    return list
  }
}
