import Foundation

/// Segments whose users are recorded sessions (`segments[i].recordings`, docs/populations.md):
/// each recording is replayed as the segment scenario's `scroll.trace` (`offset_csv`), as a
/// scenario of its own named `SCENARIO+FILE` (the recording's file name without its extension),
/// in a segment named `NAME: FILE` that holds an equal share of the segment's weight.
extension PopulationLoader {
  /// Recordings one segment may replay (each is a scenario to run, like a segment).
  public static let maximumRecordings = 100

  /// The segments one entry of `segments` stands for: itself, or one per recording.
  static func segments(_ field: JSONField, context: ScenarioLoader.Context) throws(InputError)
    -> [Population.Segment]
  {
    guard case .object(let members) = field.value,
      let value = members.first(where: { $0.key == "recordings" })?.value
    else { return [try segment(field, context: context)] }
    let recordings = field.member("recordings", value)
    if members.contains(where: { $0.key == "user" }) {
      throw recordings.plainError(
        "a segment replays recordings or runs a synthetic user ('user'), not both: give each its own segment")
    }
    let list = try recordings.array()
    guard !list.isEmpty, list.count <= maximumRecordings else {
      throw recordings.error("must hold 1 to \(maximumRecordings) recordings", got: "\(list.count)")
    }
    let base = try segment(field, context: context)
    var expanded: [Population.Segment] = []
    var stems: [String: Int] = [:]
    for (index, item) in list.enumerated() {
      let path = try ScenarioLoader.existingFile(item, context: context)
      let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
      if let other = stems[stem] {
        throw item.plainError(
          "has the file name of recordings[\(other)] ('\(ValueText.escapingUnsafe(stem))'): "
            + "each recording's scenario is named after its file, so rename one")
      }
      stems[stem] = index
      let name = base.name + ": " + stem
      let scenarioName = base.scenario.name + "+" + stem
      guard name.count <= 100, scenarioName.count <= 100 else {
        throw item.plainError(
          "the segment's name with ': \(ValueText.escapingUnsafe(stem))' or its scenario's with "
            + "'+\(ValueText.escapingUnsafe(stem))' would exceed 100 characters")
      }
      var scenario = base.scenario
      scenario.name = scenarioName
      // The recording's own length, whatever the scenario's user lasted.
      scenario.durationUs = nil
      scenario.scroll = ScrollSpec(
        physics: scenario.scroll.physics, source: .recorded(path: path, format: .offsetCSV),
        iosStopThresholdPt: scenario.scroll.iosStopThresholdPt)
      expanded.append(
        Population.Segment(
          name: name, weight: base.weight / Double(list.count), scenario: scenario, user: nil))
    }
    return expanded
  }
}
