/// A scenario with its external inputs read and checked (the recorded bandwidth trace, a
/// recorded scroll trace): everything a run needs, immutable and shareable across threads.
public struct PreparedScenario: Sendable {
  public let scenario: Scenario
  /// The strategies the scenario runs, configured once: the loader's `configuredStrategies`, or
  /// the registry's configuration of `strategies` (its defaults when the list is empty), read
  /// from `scenario` (held there only, not copied). A run takes these as they are; a
  /// command-line `--strategy` replaces them (`Experiment`).
  public var strategies: [ConfiguredStrategy] { scenario.configuredStrategies ?? [] }
  public let trace: BandwidthTrace
  /// The media origin's own link (`network.media` without `shared_link`); nil when media share
  /// `trace`.
  public let mediaTrace: BandwidthTrace?
  /// A script, or recorded touches turned into one: built once and copied per run (copies share
  /// the gesture storage).
  let scriptedScroll: ScriptedScroll?
  let recordedScroll: RecordedScroll?
  /// The scroll trace's length in trace time, µs, with the scenario's own seed: computed once,
  /// since a synthetic user's trace is generated to learn it (the length checks, the manifest and
  /// `validate` all read it).
  public let traceDurationUs: Int64

  /// Loads the scenario's trace files and configures its strategies with `registry` (unless the
  /// loader did). Errors name the scenario file and the JSON path of the reference, then the
  /// trace file's own problem, e.g.
  /// `scenarios/x.json: network.trace.path: ../t.down: line 3: timestamps must not decrease`, or
  /// the strategy entry the registry refuses (`strategies[1].ratio`; the first, carrying the
  /// others).
  public init(_ scenario: Scenario, registry: StrategyRegistry = .builtIn) throws(InputError) {
    var traces = BandwidthTraceCache()
    try self.init(scenario, registry: registry, traces: &traces)
  }

  /// `init(_:registry:)`, reading the bandwidth trace through `traces`, which a command shares
  /// across its scenarios so that a trace file they share is read once.
  public init(_ scenario: Scenario, registry: StrategyRegistry = .builtIn, traces: inout BandwidthTraceCache)
    throws(InputError)
  {
    let configured = try registry.configuring(scenario)
    self.scenario = configured
    trace = try Self.link(of: scenario.network, at: "network", in: scenario, traces: &traces)
    if let media = scenario.mediaNetwork, !media.sharedLink {
      mediaTrace = try Self.link(of: media.network, at: "network.media", in: scenario, traces: &traces)
    } else {
      mediaTrace = nil
    }
    var scriptedScroll: ScriptedScroll? = nil
    if case .script(let gestures) = scenario.scroll.source {
      scriptedScroll = ScriptedScroll(
        gestures: gestures, physics: scenario.scroll.physics, durationUs: scenario.durationUs,
        iosStopThresholdPt: scenario.scroll.iosStopThresholdPt)
    }
    do {
      if case .recorded(let path, _) = scenario.scroll.source {
        recordedScroll = try RecordedScroll.load(path: path, durationUs: scenario.durationUs)
      } else {
        recordedScroll = nil
      }
      if case .touch(let path, let density) = scenario.scroll.source {
        let touches = try TouchRecording.load(path: path, density: density)
        scriptedScroll = touches.scroll(
          physics: scenario.scroll.physics, durationUs: scenario.durationUs,
          iosStopThresholdPt: scenario.scroll.iosStopThresholdPt)
      }
    } catch {
      throw InputError(file: scenario.sourcePath, location: "scroll.trace.path", message: error.description)
    }
    self.scriptedScroll = scriptedScroll
    // The session's length is checked where the parts that make it are known: scripts and
    // recordings each obey their own rules, and this catches what they add up to (a touch
    // recording's last fling runs past its last row).
    let durationUs =
      Self.scrollSource(of: scenario, scripted: scriptedScroll, recorded: recordedScroll, seed: scenario.seed)
      .durationUs
    traceDurationUs = durationUs
    guard durationUs <= InputLimits.maxSessionUs else {
      let location: String
      switch scenario.scroll.source {
      case .script: location = "scroll.script"
      case .recorded, .touch: location = "scroll.trace.path"
      case .model: location = "duration_s"
      }
      throw InputError(
        file: scenario.sourcePath, location: location,
        message:
          "the session must last at most 1000000 s (set duration_s to cut it), got \(DecimalFormat.readable(Double(durationUs) / 1_000_000, against: [InputLimits.maxSessionSeconds])) s"
      )
    }
  }

  /// The link `network` (at JSON path `location`) describes: its trace, its constant bandwidth,
  /// or unlimited.
  private static func link(
    of network: NetworkSpec, at location: String, in scenario: Scenario, traces: inout BandwidthTraceCache
  ) throws(InputError) -> BandwidthTrace {
    if let spec = network.trace {
      do {
        return try traces.load(path: spec.path, format: spec.format, loop: spec.loop)
      } catch {
        throw InputError(
          file: scenario.sourcePath, location: location + ".trace.path", message: error.description)
      }
    } else if let kbps = network.bandwidthKbps {
      do {
        return try .constant(kbps: kbps)
      } catch {
        throw InputError(
          file: scenario.sourcePath, location: location + ".bandwidth_kbps", message: error.message)
      }
    }
    return .unlimited
  }

  /// How content behaves past its edges: the physics' behaviour (iOS rubber band, Android stop),
  /// except for a recorded `offset_csv`, which already says where the content was (clamped).
  public var edgeBehavior: EdgeBehavior {
    if case .recorded = scenario.scroll.source { return .clamp }
    return scenario.scroll.physics.edgeBehavior
  }

  /// A fresh scroll source for one run with `seed` (synthetic users draw from its `.scroll`
  /// stream; scripted and recorded users ignore it).
  func makeScrollSource(seed: UInt64) -> any ScrollSource {
    Self.scrollSource(of: scenario, scripted: scriptedScroll, recorded: recordedScroll, seed: seed)
  }

  private static func scrollSource(
    of scenario: Scenario, scripted: ScriptedScroll?, recorded: RecordedScroll?, seed: UInt64
  ) -> any ScrollSource {
    switch scenario.scroll.source {
    case .script, .touch:
      return scripted ?? ScriptedScroll(gestures: [], physics: .ios)
    case .recorded:
      return recorded ?? RecordedScroll(samples: [], durationUs: 0)
    case .model(let spec):
      return SyntheticUser.scroll(
        spec, physics: scenario.scroll.physics, totalItems: scenario.feed.totalItems, seed: seed,
        durationUs: scenario.durationUs ?? UserModelSpec.defaultDurationUs,
        iosStopThresholdPt: scenario.scroll.iosStopThresholdPt)
    }
  }
}
