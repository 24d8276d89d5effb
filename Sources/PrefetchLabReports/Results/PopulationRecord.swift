import PrefetchLab

/// What `manifest.json` records of a `run --population FILE` (its `population` member): the
/// population's name and description, the file (relative to the results folder) and its
/// SHA-256, and each segment with its weight and the scenario it ran under its name in
/// summary.csv. The leaderboard is computed from this and summary.csv alone.
public struct PopulationRecord: Sendable, Equatable {
  public struct Segment: Sendable, Equatable {
    public var name: String
    /// As written in the file (relative: shares are weight / Σ weights).
    public var weight: Double
    /// The scenario's name in summary.csv.
    public var scenario: String
    /// The synthetic user swapped in, if any.
    public var user: String?
  }

  public var name: String
  public var description: String
  /// The population file; relative to the results folder in a manifest.
  public var file: String
  public var sha256: String
  public var segments: [Segment]

  /// - Throws: `InputError` when the population file cannot be read for its SHA-256.
  public init(_ population: Population) throws(InputError) {
    name = population.name
    description = population.description
    file = population.sourcePath
    sha256 = try Manifest.hash(population.sourcePath)
    segments = population.segments.map {
      Segment(name: $0.name, weight: $0.weight, scenario: $0.scenario.name, user: $0.user?.rawValue)
    }
  }

  /// Each segment's share: weight / Σ weights.
  public var shares: [Double] {
    let total = segments.reduce(0) { $0 + $1.weight }
    return segments.map { $0.weight / total }
  }

  /// `readers on LTE 60 %, skimmers on Wi-Fi 30 %, flingers on 3G 10 %`: each segment's name and
  /// share.
  public var sharesText: String {
    zip(segments, shares).map { segment, share in
      "\(segment.name) \(DecimalFormat.fixed(share * 100, places: 1)) %"
    }.joined(separator: ", ")
  }

  public var json: JSONValue {
    .object([
      ("name", .string(name)), ("description", .string(description)), ("file", .string(file)),
      ("sha256", .string(sha256)),
      (
        "segments",
        .array(
          segments.map { segment in
            var members: [(key: String, value: JSONValue)] = [
              ("name", .string(segment.name)), ("weight", JSONValue(segment.weight)),
              ("scenario", .string(segment.scenario)),
            ]
            if let user = segment.user { members.append(("user", .string(user))) }
            return .object(members)
          })
      ),
    ])
  }

  /// Reads the manifest member back; nil when it is malformed.
  init?(json: JSONValue) {
    guard let name = json["name"]?.stringValue, let description = json["description"]?.stringValue,
      let file = json["file"]?.stringValue, let sha256 = json["sha256"]?.stringValue,
      let list = json["segments"]?.arrayValue, !list.isEmpty
    else { return nil }
    var segments: [Segment] = []
    for item in list {
      guard let segmentName = item["name"]?.stringValue, let weight = item["weight"]?.doubleValue, weight > 0,
        let scenario = item["scenario"]?.stringValue
      else { return nil }
      segments.append(
        Segment(name: segmentName, weight: weight, scenario: scenario, user: item["user"]?.stringValue))
    }
    self.name = name
    self.description = description
    self.file = file
    self.sha256 = sha256
    self.segments = segments
  }
}
