import Testing

@testable import PrefetchLab

/// The event engine's scan of quiet frames (`Simulation.scanQuietFrames`): along a fling's
/// deceleration, and along a drag while a row shown is incomplete, quiet frames are taken with
/// only their intent, their quiet conditions and the blank integral, and the scroll is
/// committed once at the last. Each case runs without a timeline (with one, every frame is
/// stepped in full) and must give the stepped engine's results bit for bit.
@Suite struct EngineFlingScanTests {
  /// A feed of `rows` rows of 80…400 pt in pages of 10, 60 % of them with an image, a 40 pt
  /// loading footer, 120 Hz, 150 ms round trips at 3 Mbit/s: the flinger model for 60 s under
  /// `physics`, or a script of flings both ways and slow drags.
  static func scenario(physics: String, model: Bool, media: Bool) throws -> PreparedScenario {
    let scroll =
      model
      ? "\"model\": \"flinger\""
      : """
      "script": [
        { "fling": { "velocity_pt_s": 4000 } }, { "wait": { "duration_ms": 900 } },
        { "drag": { "velocity_pt_s": 150, "duration_ms": 1500 } },
        { "fling": { "velocity_pt_s": 9000 } }, { "wait": { "duration_ms": 1200 } },
        { "fling": { "velocity_pt_s": -2500 } }, { "wait": { "duration_ms": 400 } },
        { "drag": { "velocity_pt_s": -90, "duration_ms": 2500 } },
        { "fling": { "velocity_pt_s": 20000 } }, { "wait": { "duration_ms": 3000 } },
        { "fling": { "velocity_pt_s": 700 } }
      ]
      """
    let mediaFields =
      media
      ? "\"media_bytes\": { \"lognormal\": { \"median\": 60000, \"sigma\": 0.8 } }, \"media_fraction\": 0.6,"
      : ""
    let text = """
      {
        "name": "fling-scan-\(physics)", "duration_s": \(model ? 60 : 20), "seed": 3,
        "viewport": { "height_pt": 700, "frame_rate_hz": 120 },
        "feed": {
          "total_items": 400, "page_size": 10, \(mediaFields)
          "item_height_pt": { "uniform": { "min": 80, "max": 400 } }, "footer_height_pt": 40
        },
        "network": { "rtt_ms": { "constant": 150 }, "bandwidth_kbps": 3000 },
        "scroll": { "physics": "\(physics)", \(scroll) }
      }
      """
    return try PreparedScenario(
      ScenarioLoader.load(data: Array(text.utf8), file: "fling-scan.json", baseDirectory: ""))
  }

  static let strategies = [
    "infinite_scroll", "fixed_threshold", "target_range", "directional_ranges", "oracle",
  ]

  /// Scripted flings both ways and slow drags, under each physics, with and without images: the
  /// iOS decay is stepped by products frame after frame, so a scan that sampled it otherwise
  /// (or did not hand its evaluator back) would move every later offset; with images loading,
  /// the blank fraction changes in every frame of the scan.
  @Test(arguments: ["ios", "ios_fast", "android"], [false, true])
  func scriptedFlingsMatch(physics: String, media: Bool) throws {
    let prepared = try Self.scenario(physics: physics, model: false, media: media)
    for name in Self.strategies {
      for seed: UInt64 in [1, 2, 3] {
        let result = EngineEquivalenceTests.compare(prepared, TestScenarios.configured(name), seed: seed)
        #expect(result.difference == nil, "\(result.difference ?? "")")
      }
    }
    // The script is not idle: the viewport moves past the first page (an `ios_fast` fling goes a
    // tenth as far as an `ios` one), and some of what it shows is blank.
    let outcome = Simulator.run(prepared, strategy: TestScenarios.configured("infinite_scroll"), seed: 1)
    #expect(outcome.summary.pageRequests >= (physics == "ios_fast" ? 2 : 6))
    #expect(outcome.summary.blankUs > 0)
  }

  /// The synthetic flinger for a minute under each physics, images on: many flings, dwells
  /// and row changes, at 20 seeds for two strategies.
  @Test(arguments: ["ios", "android"])
  func flingerModelMatches(physics: String) throws {
    let prepared = try Self.scenario(physics: physics, model: true, media: true)
    for name in ["fixed_threshold", "target_range"] {
      for seed: UInt64 in 1...20 {
        let result = EngineEquivalenceTests.compare(prepared, TestScenarios.configured(name), seed: seed)
        #expect(result.difference == nil, "\(result.difference ?? "")")
      }
    }
  }
}

extension EngineFlingScanTests {
  /// A feed of 30 rows of 200 pt, fully loaded within a second, that a drag presses against:
  /// down past the end for most of the session, then up past the top. Under iOS physics the
  /// rubber band shows every frame a little further out (a function of the intent alone while
  /// the finger drags), so the scan commits the edge rule once, at the last frame it takes;
  /// under Android the clamp holds the viewport at the edge.
  @Test(arguments: ["ios", "android"], ["fixed_threshold", "paging3", "directional_ranges", "oracle"])
  func dragPressingAgainstTheEdgesMatches(physics: String, strategy: String) throws {
    let text = """
      {
        "name": "edge-press-\(physics)", "duration_s": 40, "seed": 1,
        "viewport": { "height_pt": 800, "frame_rate_hz": 120 },
        "feed": { "total_items": 30, "page_size": 10, "item_height_pt": 200 },
        "network": { "rtt_ms": { "constant": 100 }, "bandwidth_kbps": 20000 },
        "scroll": { "physics": "\(physics)", "script": [
          { "wait": { "duration_ms": 1000 } },
          { "drag": { "velocity_pt_s": 300, "duration_ms": 25000 } },
          { "wait": { "duration_ms": 1000 } },
          { "drag": { "velocity_pt_s": -600, "duration_ms": 12000 } }
        ] }
      }
      """
    let prepared = try PreparedScenario(
      ScenarioLoader.load(data: Array(text.utf8), file: "edge-press.json", baseDirectory: ""))
    let result = EngineEquivalenceTests.compare(prepared, TestScenarios.configured(strategy), seed: 1)
    #expect(result.difference == nil, "\(result.difference ?? "")")
    // 6 000 pt of content under an 800 pt viewport: the drag reaches the end after 17.3 s (if
    // no pause holds it on the way) and presses against it, then comes back to the top: every
    // row is loaded and seen.
    let outcome = Simulator.run(prepared, strategy: TestScenarios.configured(strategy), seed: 1)
    #expect(outcome.summary.itemsLoaded == 30)
    #expect(outcome.summary.itemsSeen == 30)
  }
}
