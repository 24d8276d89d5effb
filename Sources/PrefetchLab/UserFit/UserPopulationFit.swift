import Foundation

/// `fit-users`: recorded sessions → per-session fits → groups → one fitted user per group, and the
/// population file (docs/populations.md) that runs them. Deterministic: the same sessions in the
/// same order give the same file.
public struct UserPopulationFit: Sendable {
  /// One population segment: the model that names it, its sessions (indexes into the input) and
  /// the user fitted to all their gestures together.
  public struct Group: Sendable {
    public var model: UserModelName
    public var sessions: [Int]
    public var fit: FittedUser
    /// The model's defaults with every fitted parameter in their place, values rounded as the
    /// population file writes them.
    public var behavior: UserBehavior
  }

  /// Per input session, its gestures and its own fit.
  public var gestures: [[ObservedGesture]]
  public var sessionFits: [FittedUser]
  public var groups: [Group]

  /// - Parameters:
  ///   - sessions: at least one.
  ///   - grouping: `.clusters(k)` needs 1 ≤ k ≤ min(5, sessions.count).
  public init(sessions: [RecordedSession], grouping: SessionGrouping) {
    gestures = sessions.map(SessionSegmenter.gestures)
    sessionFits = gestures.map { FittedUser.fit([$0]) }
    let fits = sessionFits
    let all = gestures
    groups = grouping.groups(fits).map { model, members in
      let fit = FittedUser.fit(members.map { all[$0] })
      return Group(
        model: model, sessions: members,
        fit: fit, behavior: Self.rounded(fit.behavior(over: UserBehavior.defaults(for: model))))
    }
  }

  /// The population file: one segment per group, weighted by its number of sessions, each
  /// running `scenarioPath` (as the file should hold it: relative to the population file's
  /// folder) with the group's user under `physics`.
  public func populationJSON(
    name: String, scenarioPath: String, physics: ScrollPhysics, sessionCount: Int
  ) -> JSONValue {
    let segments: [JSONValue] = groups.map { group in
      var user: [(key: String, value: JSONValue)] = [
        ("model", .string(group.model.rawValue)), ("physics", .string(physics.rawValue)),
      ]
      user += group.behavior.jsonMembers
      return .object([
        ("name", .string("\(group.model.rawValue)-like")), ("weight", JSONValue(group.sessions.count)),
        ("scenario", .string(scenarioPath)), ("user", .object(user)),
      ])
    }
    let shares = groups.map { "\($0.sessions.count) \($0.model.rawValue)-like" }.joined(separator: ", ")
    let description =
      "Fitted by prefetchlab fit-users to \(sessionCount) recorded session\(sessionCount == 1 ? "" : "s") "
      + "(\(shares)); weights are session counts; jump_max_item is the model's default (a recording "
      + "does not show items)."
    return .object([
      ("name", .string(name)), ("description", .string(description)), ("segments", .array(segments)),
    ])
  }

  /// Values as the file writes them: medians to 0.1, sigmas and fractions to 10⁻⁴ (finer than
  /// any fit's sampling error), so the file reads back to the same behaviour.
  static func rounded(_ behavior: UserBehavior) -> UserBehavior {
    func lognormal(_ distribution: Distribution) -> Distribution {
      guard case .lognormal(let median, let sigma) = distribution else { return distribution }
      return .lognormal(
        median: max(0.1, (median * 10).rounded() / 10), sigma: (sigma * 10_000).rounded() / 10_000)
    }
    func fraction(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
    var result = behavior
    result.dwellMs = lognormal(behavior.dwellMs)
    result.rereadDwellMs = lognormal(behavior.rereadDwellMs)
    result.strokeMs = lognormal(behavior.strokeMs)
    result.dragVelocityPtS = lognormal(behavior.dragVelocityPtS)
    result.flingVelocityPtS = lognormal(behavior.flingVelocityPtS)
    result.flingFraction = fraction(behavior.flingFraction)
    result.reversalFraction = min(0.5, fraction(behavior.reversalFraction))
    result.jumpFraction = fraction(behavior.jumpFraction)
    result.jumpToTopFraction = fraction(behavior.jumpToTopFraction)
    return result
  }
}
