/// A user population (docs/populations.md): named segments of users, each a scenario (optionally
/// with another synthetic user in it) and a weight, e.g. 60 % readers on LTE, 30 % skimmers on
/// Wi-Fi, 10 % flingers on 3G. `run --population FILE` runs every segment's scenario and reports
/// one leaderboard weighted by segment.
public struct Population: Sendable, Equatable {
  public struct Segment: Sendable, Equatable {
    /// [segments[i].name] Unique within the population: 1...100 characters.
    public var name: String
    /// [segments[i].weight] > 0, relative: the shares are weight / Σ weights (60/30/10 and
    /// 0.6/0.3/0.1 mean the same).
    public var weight: Double
    /// The scenario the segment runs: the file's, renamed `<name>+<model>` and with the synthetic
    /// user swapped in when `user` is given. `sourcePath` is the scenario file.
    public var scenario: Scenario
    /// [segments[i].user] The synthetic user put in place of the scenario's own scroll, if any.
    public var user: UserModelName?
  }

  /// [name] 1...100 characters.
  public var name: String
  /// [description] Free text shown in reports.
  public var description: String
  /// [segments] 1...100 segments, in file order.
  public var segments: [Segment]
  /// The population file as given.
  public var sourcePath: String

  /// Each segment's share of the population: weight / Σ weights.
  public var shares: [Double] {
    let total = segments.reduce(0) { $0 + $1.weight }
    return segments.map { $0.weight / total }
  }
}
