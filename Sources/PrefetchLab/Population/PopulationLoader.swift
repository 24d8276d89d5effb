/// Reads population files (docs/populations.md) strictly, like scenario files: unknown keys,
/// wrong types, out-of-range weights, duplicate segment names, missing or invalid scenario files
/// and two segments that would run the same users are all errors, each an `InputError` naming
/// the file, the JSON path and the rule (`mix.json: segments[1].weight: must be > 0, got 0`). A
/// scenario file's own errors name that file.
///
/// ```json
/// {
///   "name": "mobile-mix",
///   "description": "Who uses the feed, by usage analytics.",
///   "segments": [
///     { "name": "readers on LTE", "weight": 60, "scenario": "../scenarios/reader-lte.json" },
///     { "name": "skimmers on Wi-Fi", "weight": 30, "scenario": "../scenarios/skimmer-wifi.json" },
///     { "name": "flingers on 3G", "weight": 10, "scenario": "../scenarios/slow-3g.json",
///       "user": { "model": "flinger", "physics": "android" } }
///   ]
/// }
/// ```
public enum PopulationLoader {
  /// Population files larger than this are refused before reading.
  public static let maximumFileBytes = 1 << 20
  /// More segments than this is surely a mistake (each is a scenario to run).
  public static let maximumSegments = 100

  static let rootKeys = ["name", "description", "segments"]
  static let segmentKeys = ["name", "weight", "scenario", "user"]

  /// Loads the population file at `path` and every scenario it names (paths relative to the
  /// population file's folder).
  /// - Parameter strategyValidator: applied to each scenario file's `strategies`, as `run` does.
  /// - Throws: `InputError`; see the type's documentation.
  public static func load(
    contentsOf path: String, strategyValidator: ScenarioLoader.StrategyValidator? = nil
  ) throws(InputError) -> Population {
    let bytes = try FileCheck.readRegularFile(path, limit: maximumFileBytes)
    let json: JSONValue
    do {
      json = try JSONValue(parsing: bytes)
    } catch {
      throw InputError(file: path, location: error.location, message: error.message)
    }
    let root = JSONField(value: json, path: .root, file: path)
    guard case .object = json else { throw root.typeError(expected: "a JSON object (a population)") }
    let object = try JSONObjectReader.strict(root, keys: rootKeys)
    let name = try boundedName(object.requiredMember("name"))
    let description = try object.member("description")?.text(.freeText) ?? ""
    let segmentsField = try object.requiredMember("segments")
    let list = try segmentsField.array()
    guard !list.isEmpty, list.count <= maximumSegments else {
      throw segmentsField.error("must hold 1 to \(maximumSegments) segments", got: "\(list.count)")
    }
    let context = ScenarioLoader.Context(
      baseDirectory: FileCheck.directory(of: path), strategyValidator: strategyValidator)
    // Every segment is read, even after one has a problem, so that all are reported at once.
    let diagnostics = Diagnostics()
    var segments: [Population.Segment] = []
    var names: [String: Int] = [:]
    var scenarios: [String: Int] = [:]
    for (index, field) in list.enumerated() {
      let read = { () throws(InputError) in try self.segment(field, context: context) }
      guard let segment = diagnostics.attempt(read) else { continue }
      if let other = names[segment.name] {
        diagnostics.record(
          field.member("name", .string(segment.name)).error(
            "must be unique; segments[\(other)] has the same name", got: ValueText.string(segment.name)))
        continue
      }
      names[segment.name] = index
      if let other = scenarios[segment.scenario.name] {
        diagnostics.record(
          field.member("scenario", .string(segment.scenario.sourcePath)).plainError(
            "runs the same users as segments[\(other)] (scenario '\(segment.scenario.name)'): "
              + "give one segment their combined weight, or another user"))
        continue
      }
      scenarios[segment.scenario.name] = index
      segments.append(segment)
    }
    try diagnostics.throwIfAny()
    return Population(name: name, description: description, segments: segments, sourcePath: path)
  }

  static func boundedName(_ field: JSONField) throws(InputError) -> String {
    try field.text(.name(maximumLength: 100))
  }

  static func segment(_ field: JSONField, context: ScenarioLoader.Context) throws(InputError)
    -> Population.Segment
  {
    let object = try JSONObjectReader.strict(field, keys: segmentKeys)
    // The segment's name, weight and scenario are read each despite the others' problems.
    let diagnostics = Diagnostics()
    let name = diagnostics.attempt { () throws(InputError) in try boundedName(object.requiredMember("name")) }
    // Above a million the weights are surely not shares or counts of anything real.
    let weight = diagnostics.attempt { () throws(InputError) in
      try object.requiredMember("weight").number(.greaterThan(0, atMost: 1_000_000))
    }
    let loaded = diagnostics.attempt { () throws(InputError) in
      let path = try ScenarioLoader.existingFile(object.requiredMember("scenario"), context: context)
      return try ScenarioLoader.load(contentsOf: path, strategyValidator: context.strategyValidator)
    }
    try diagnostics.throwIfAny()
    guard let name, let weight, var scenario = loaded else { throw field.typeError(expected: "a segment") }
    var user: UserModelName? = nil
    if let userField = object.member("user") {
      let spec = try userScroll(
        userField, physics: scenario.scroll.physics, scenario: scenario, context: context)
      guard case .model(let model) = spec.source else { throw userField.typeError(expected: "a user model") }
      user = model.name
      scenario.scroll = spec
      let renamed = scenario.name + "+" + model.name.rawValue
      guard renamed.count <= 100 else {
        throw userField.plainError(
          "the scenario's name with '+\(model.name.rawValue)' ('\(renamed)') would exceed 100 characters")
      }
      scenario.name = renamed
    }
    return Population.Segment(name: name, weight: weight, scenario: scenario, user: user)
  }

  /// `"flinger"`, or `{"model": "flinger", "physics": "android", …the model's parameters}`
  /// (docs/scenario-format.md, synthetic users): the scroll that replaces the scenario's. The
  /// physics stays the scenario's unless given.
  static func userScroll(
    _ field: JSONField, physics: ScrollPhysics, scenario: Scenario, context: ScenarioLoader.Context
  ) throws(InputError) -> ScrollSpec {
    var members: [(key: String, value: JSONValue)]
    switch field.value {
    case .string:
      let model = try field.choice(UserModelName.self)
      members = [("model", .string(model.rawValue))]
    case .object(let given):
      guard given.contains(where: { $0.key == "model" }) else {
        throw field.plainError(
          "missing required key 'model' (a user model: \(ValueText.list(UserModelName.allCases.map(\.rawValue))))"
        )
      }
      for key in ["script", "trace"] where given.contains(where: { $0.key == key }) {
        throw field.plainError(
          "a segment's user is a synthetic user ('model'); '\(key)' belongs in a scenario file")
      }
      members = given
    default:
      throw field.typeError(expected: "a user model name or an object with 'model'")
    }
    if !members.contains(where: { $0.key == "physics" }) {
      members.insert(("physics", .string(physics.rawValue)), at: 0)
      // The scenario's physics comes whole: its fling stop too.
      let threshold = scenario.scroll.iosStopThresholdPt
      if threshold != IOSDecelerationCurve.defaultStopThresholdPt
        && !members.contains(where: { $0.key == "stop_threshold_pt" })
      {
        members.insert(("stop_threshold_pt", JSONValue(threshold)), at: 1)
      }
    }
    // The scroll's problems are this file's, reported one at a time like the rest of it.
    var local = context
    local.diagnostics = Diagnostics()
    let spec = ScenarioLoader.scrollSpec(
      from: JSONField(value: .object(members), path: field.path, file: field.file), feed: scenario.feed,
      durationUs: scenario.durationUs, context: local)
    try local.diagnostics.throwIfAny()
    guard let spec else { throw field.typeError(expected: "a user model") }
    return spec
  }
}
