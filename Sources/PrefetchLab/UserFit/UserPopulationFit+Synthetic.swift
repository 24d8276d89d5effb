/// Sessions of the fitted users, for comparison with the recordings they were fitted to.
extension UserPopulationFit {
  /// Per group, as many sessions of its fitted user as it has recordings (seeds 1, 2, …), each
  /// as long as the group's median recording (1 s to 600 s: a comparison, not a study), traced on `scenario`'s feed under
  /// `physics` the way `prefetchlab trace` traces them (every display frame).
  /// - Throws: `InputError` when the scenario's trace files cannot be read.
  public func syntheticSessions(
    scenario: Scenario, physics: ScrollPhysics, recorded: [RecordedSession]
  ) throws(InputError) -> [RecordedSession] {
    var sessions: [RecordedSession] = []
    for group in groups {
      let lengths = group.sessions.map { recorded[$0].durationMs }.sorted()
      let medianMs = lengths.isEmpty ? 1000 : lengths[lengths.count / 2]
      var user = scenario
      user.durationUs = Int64(max(1000, min(medianMs, 600_000)) * 1000)
      user.scroll.physics = physics
      user.scroll.source = .model(UserModelSpec(name: group.model, behaviors: [group.behavior]))
      let prepared = try PreparedScenario(user)
      for seed in 1...UInt64(max(1, group.sessions.count)) {
        let samples = ScrollTrace.rows(prepared, seed: seed).map {
          RecordedSession.Sample(timeMs: Double($0.traceUs) / 1000, offsetPt: $0.offsetPt, phase: $0.phase)
        }
        sessions.append(
          RecordedSession(samples: samples, sourcePath: "\(group.model.rawValue)-like seed \(seed)"))
      }
    }
    return sessions
  }
}
