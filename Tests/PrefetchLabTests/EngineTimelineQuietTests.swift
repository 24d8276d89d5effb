import Testing

@testable import PrefetchLab

/// A timeline no longer makes the event engine step every quiet frame in full: a scan or a jump
/// computes the grid rows inside its stretch (`QuietTimelineScroll`). The rows must be the
/// stepped engine's bit for bit, and the full frames those of a run with no timeline.
@Suite struct EngineTimelineQuietTests {
  /// A Sabre-like session (`scripts/sabre-comparison.sh`): one constant drag of 400 pt/s for 60 s
  /// down a feed of 400 pt rows fetched one page of one row at a time over a recorded 3G link.
  static func drag() throws -> PreparedScenario {
    let text = """
      {
        "name": "timeline-drag", "duration_s": 60, "seed": 1, "patience_ms": 1000000000,
        "viewport": { "height_pt": 852, "frame_rate_hz": 240 },
        "feed": { "total_items": 60, "page_size": 1, "item_height_pt": 400, "page_bytes": 24000, "apply_delay_ms": 0 },
        "network": {
          "trace": { "path": "report.2010-09-21_0742CEST.json", "format": "periods" },
          "max_concurrent_requests": 1, "timeout_ms": 1000000000
        },
        "scroll": { "physics": "ios", "script": [{ "drag": { "velocity_pt_s": 400, "duration_ms": 60000 } }] }
      }
      """
    return try PreparedScenario(
      ScenarioLoader.load(
        data: Array(text.utf8), file: "timeline-drag.json",
        baseDirectory: ScenarioJSONTests.repository + "/scenarios/traces/sabre"))
  }

  /// Along the drag the event engine jumps with a timeline as it does without one: the same full
  /// frames (a few per page applied, not 240 a second), and the stepped engine's rows. The
  /// timeline really is sampled: a row every 100 ms at least where the drag is steady.
  @Test func aDragIsJumpedWithATimeline() throws {
    let prepared = try Self.drag()
    let strategy = TestScenarios.configured("paging3")
    let with = EngineEquivalenceTests.compare(prepared, strategy, seed: 1, timelineUs: 100_000)
    #expect(with.difference == nil, "\(with.difference ?? "")")
    let without = EngineEquivalenceTests.compare(prepared, strategy, seed: 1, timelineUs: 0)
    #expect(without.difference == nil, "\(without.difference ?? "")")
    #expect(with.event == without.event)
    #expect(with.event * 20 < with.stepped, "event \(with.event) of stepped \(with.stepped) full frames")
    let outcome = Simulator.run(
      prepared, strategy: strategy, seed: 1, options: SimulationOptions(timelineIntervalUs: 100_000))
    #expect(outcome.timeline.count >= 600)
  }

  /// Flings both ways and slow drags (`EngineFlingScanTests`), images loading or not, on a grid
  /// of 100 ms and on one of 7 ms that falls between frames of 120 Hz: the scan's rows show the
  /// last frame at or before their instant, as the stepped engine's do.
  @Test(arguments: ["ios", "android"], [false, true])
  func scannedFlingsGiveTheSteppedRows(physics: String, media: Bool) throws {
    let prepared = try EngineFlingScanTests.scenario(physics: physics, model: false, media: media)
    for name in ["infinite_scroll", "directional_ranges", "oracle"] {
      for timelineUs: Int64 in [100_000, 7_000] {
        let result = EngineEquivalenceTests.compare(
          prepared, TestScenarios.configured(name), seed: 2, timelineUs: timelineUs)
        #expect(result.difference == nil, "\(result.difference ?? "")")
        let plain = EngineEquivalenceTests.compare(prepared, TestScenarios.configured(name), seed: 2)
        #expect(result.event == plain.event, "\(name): full frames with a timeline")
      }
    }
  }
}
