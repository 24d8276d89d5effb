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
  static let segmentKeys = ["name", "weight", "scenario", "user", "recordings"]

  /// Loads the population file at `path` and every scenario it names (paths relative to the
  /// population file's folder).
  /// - Parameter registry: configures each scenario file's `strategies`, as `run` does.
  /// - Throws: `InputError`; see the type's documentation.
  public static func load(
    contentsOf path: String, registry: StrategyRegistry? = nil
  ) throws(InputError) -> Population {
    let reading = read(contentsOf: path, registry: registry)
    if let problem = reading.problem { throw problem }
    // `read` gives a population whenever it finds no problem.
    guard let population = reading.population else {
      throw InputError(file: path, location: "", message: "not a population file")
    }
    return population
  }

  /// The population file at `path` read as far as it goes: every problem of it, and the segments
  /// that read without one, so that `run` can check their scenarios (`ScenarioCheck`) and report
  /// those problems with the file's rather than after they are fixed.
  public static func read(
    contentsOf path: String, registry: StrategyRegistry? = nil
  ) -> PopulationReading {
    let diagnostics = Diagnostics()
    var segments: [Population.Segment] = []
    let header =
      diagnostics.attempt { () throws(InputError) in
        try readSegments(
          path, registry: registry, into: &segments, diagnostics: diagnostics)
      } ?? nil
    // Without a name or description the file has a problem recorded saying why.
    guard diagnostics.isEmpty, let header else {
      return PopulationReading(population: nil, segments: segments, problem: diagnostics.combinedError)
    }
    return PopulationReading(
      population: Population(
        name: header.name, description: header.description, segments: segments, sourcePath: path),
      segments: segments, problem: nil)
  }

  /// Reads the file's name and description (nil after recording a problem with either) and its
  /// segments into `segments`, recording every problem in `diagnostics`; throws only when the
  /// file or its `segments` cannot be read at all.
  private static func readSegments(
    _ path: String, registry: StrategyRegistry?,
    into segments: inout [Population.Segment], diagnostics: Diagnostics
  ) throws(InputError) -> (name: String, description: String)? {
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
    // A bad name or description is recorded, and the segments are still read.
    let name = diagnostics.attempt { () throws(InputError) in try boundedName(object.requiredMember("name")) }
    let description = diagnostics.attempt { () throws(InputError) in
      try object.member("description")?.text(.freeText) ?? ""
    }
    let segmentsField = try object.requiredMember("segments")
    let list = try segmentsField.array()
    guard !list.isEmpty, list.count <= maximumSegments else {
      throw segmentsField.error("must hold 1 to \(maximumSegments) segments", got: "\(list.count)")
    }
    let context = ScenarioLoader.Context(
      baseDirectory: FileCheck.directory(of: path), registry: registry)
    // Every segment is read, even after one has a problem, so that all are reported at once.
    var names: [String: Int] = [:]
    var scenarios: [String: (index: Int, segment: Population.Segment)] = [:]
    for (index, field) in list.enumerated() {
      let segmentDiagnostics = Diagnostics()
      let read = { () throws(InputError) in try self.segments(field, context: context) }
      let produced = segmentDiagnostics.attempt(read) ?? []
      // The name is compared even when the rest of the segment has problems: a clash is then
      // reported with them, not only after they are fixed.
      if let segmentName = validName(of: field) {
        if let other = names[segmentName] {
          segmentDiagnostics.record(
            field.member("name", .string(segmentName)).error(
              "must be unique; segments[\(other)] has the same name", got: ValueText.string(segmentName)))
        } else {
          names[segmentName] = index
        }
      }
      // A segment that replays recordings is several scenarios, one per recording.
      for segment in produced {
        if let earlier = scenarios[segment.scenario.name] {
          segmentDiagnostics.record(
            scenarioClash(field, segment: segment, earlier: earlier.segment, at: earlier.index))
        } else if segmentDiagnostics.isEmpty {
          scenarios[segment.scenario.name] = (index, segment)
          segments.append(segment)
        }
      }
      diagnostics.record(segmentDiagnostics)
    }
    guard let name, let description else { return nil }
    return (name, description)
  }

  /// The segment's `name` when it is one (a string within the rules), else nil.
  private static func validName(of field: JSONField) -> String? {
    guard case .object(let members) = field.value,
      let value = members.first(where: { $0.key == "name" })?.value
    else { return nil }
    return try? boundedName(field.member("name", value))
  }

  /// The error for a segment whose scenario has the name of an earlier segment's: the same users
  /// twice when both come from one file, else two scenario files with one name.
  private static func scenarioClash(
    _ field: JSONField, segment: Population.Segment, earlier: Population.Segment, at other: Int
  ) -> InputError {
    let path = segment.scenario.sourcePath
    let scenarioField = field.member("scenario", .string(path))
    let name = segment.scenario.name
    if FileCheck.sameFile(path, earlier.scenario.sourcePath) {
      return scenarioField.plainError(
        "runs the same users as segments[\(other)] (scenario '\(name)'): "
          + "give one segment their combined weight, or another user")
    }
    return scenarioField.plainError(
      "scenario name '\(name)' is also that of segments[\(other)]'s scenario, from another file ("
        + "\(ValueText.escapingUnsafe(earlier.scenario.sourcePath))): rows and run files are named after "
        + "scenarios, so rename one of the two")
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
      return try ScenarioLoader.load(contentsOf: path, registry: context.registry)
    }
    // The user too: fully against a loaded scenario, else as far as it can be without one (its
    // model's name), so that a misspelt model is named with the segment's other problems.
    let userField = object.member("user")
    var spec: ScrollSpec? = nil
    if let userField, let scenario = loaded {
      spec = diagnostics.attempt { () throws(InputError) in
        try userScroll(userField, physics: scenario.scroll.physics, scenario: scenario, context: context)
      }
    } else if let userField {
      _ = diagnostics.attempt { () throws(InputError) in try userModel(userField) }
    }
    try diagnostics.throwIfAny()
    guard let name, let weight, var scenario = loaded else { throw field.typeError(expected: "a segment") }
    var user: UserModelName? = nil
    if let userField, let spec {
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

  /// The user's model, read without the scenario (whose scroll its other keys are read against).
  static func userModel(_ field: JSONField) throws(InputError) -> UserModelName {
    let members = try userMembers(field)
    guard let value = members.first(where: { $0.key == "model" })?.value else {
      throw field.typeError(expected: "a user model")
    }
    return try field.member("model", value).choice(UserModelName.self)
  }

  /// The user as the keys of a scenario's `scroll.model`: `"flinger"` becomes `{"model":
  /// "flinger"}`; an object must name its model and hold neither a script nor a trace.
  static func userMembers(_ field: JSONField) throws(InputError) -> [(key: String, value: JSONValue)] {
    switch field.value {
    case .string:
      let model = try field.choice(UserModelName.self)
      return [("model", .string(model.rawValue))]
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
      return given
    default:
      throw field.typeError(expected: "a user model name or an object with 'model'")
    }
  }

  /// `"flinger"`, or `{"model": "flinger", "physics": "android", …the model's parameters}`
  /// (docs/scenario-format.md, synthetic users): the scroll that replaces the scenario's. The
  /// physics stays the scenario's unless given.
  static func userScroll(
    _ field: JSONField, physics: ScrollPhysics, scenario: Scenario, context: ScenarioLoader.Context
  ) throws(InputError) -> ScrollSpec {
    var members = try userMembers(field)
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
