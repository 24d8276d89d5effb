import Foundation
import PrefetchLab

/// The simulator's speed benchmark: 10-minute 60 Hz sessions on 1 000- and 1 000 000-item
/// feeds, with and without per-item media, for every strategy, with two users: a flicker who
/// never stops (drag, fling, 0.1 s pause: nearly every frame moves, the worst case) and the
/// bundled synthetic reader (long dwells: most frames rest and are skipped); and, when the
/// recorded 3G trace is found, a constant drag (one 400 pt row per second at 240 Hz down a feed
/// of 600 rows, pages of one row, one request at a time, over the Ljansbakken bus ride's 3G
/// link): the event engine's case, where nothing but the viewport changes for most frames.
/// Every case runs with each engine asked for (`SimulationEngine`).
///
/// Each case × strategy is measured as package-benchmark measures a benchmark: the same work
/// (`sessions` sessions, seeds 1…sessions) is timed `repetitions` times in thread CPU time after
/// `warmup` untimed runs of it, so the spread over repetitions shows the timing noise and never a
/// difference in what was simulated (which is checked to be identical every time).
struct BenchmarkSuite {
  enum User: String, CaseIterable {
    case flicker, reader
    /// One row per second, never stopping (`constantDragCase`).
    case constantDrag = "constant drag"

    /// The user named on the command line (`constant-drag` for the constant drag), nil if none.
    init?(argument: String) { self.init(rawValue: argument.replacingOccurrences(of: "-", with: " ")) }
  }

  struct Case {
    let user: User
    let feedItems: Int
    let media: Bool
    var label: String {
      user == .constantDrag
        ? "constant drag, \(feedItems) × 400 pt rows, 240 Hz, 3G, pages only"
        : "\(user.rawValue), \(feedItems) items, \(media ? "media" : "pages only")"
    }
  }

  /// The recorded 3G link of the constant drag, relative to the repository: Sabre's period trace of
  /// the Ljansbakken bus ride (Riiser et al., MMSys 2013; see scenarios/traces/SOURCES.md).
  static let constantDragTrace = "scenarios/traces/sabre/report.2010-09-30_1114CEST.json"
  static let constantDragCase = Case(user: .constantDrag, feedItems: 600, media: false)

  /// A sample shorter than this (thread CPU seconds) is too short to time reliably: timer reads,
  /// cache and branch-predictor warm-up and the odd interrupt are then a visible share of it.
  /// 10 ms is a judgement (package-benchmark warns about short samples too, without a figure).
  static let minimumSampleSeconds = 0.01

  struct Measurement {
    let caseLabel: String
    let strategy: String
    let engine: SimulationEngine
    /// Simulated session time of one sample, s.
    let sessionSeconds: Double
    /// Timed events the engine handled in one sample (`RunOutcome.eventsProcessed`).
    let events: Int
    /// Frames in the simulated sessions of one sample (session length × frame rate × sessions).
    let sessionFrames: Int
    /// Frames the engine computed in full in one sample (`RunOutcome.framesProcessed`: frames
    /// where nothing can move, and with the event engine quiet frames, are skipped or stepped
    /// lightly).
    let fullFrames: Int
    /// Thread CPU seconds of each timed sample, in the order measured (warm-up excluded).
    let cpuSeconds: [Double]

    var sessionFramesPerSecond: [Double] { cpuSeconds.map { Double(sessionFrames) / max($0, 1e-9) } }
    var fullFramesPerSecond: [Double] { cpuSeconds.map { Double(fullFrames) / max($0, 1e-9) } }
    /// Whether the shortest sample is under `minimumSampleSeconds`.
    var isTooShortToTime: Bool { (cpuSeconds.min() ?? 0) < BenchmarkSuite.minimumSampleSeconds }
  }

  let sessionSeconds: Int
  /// Sessions (seeds 1…sessions) simulated in one sample.
  let sessions: Int
  /// Timed samples per case and strategy.
  let repetitions: Int
  /// Untimed samples run first.
  let warmup: Int
  /// The engines to measure, each on every case.
  var engines: [SimulationEngine] = SimulationEngine.allCases
  /// The constant drag's trace file, nil to leave that case out (the file was not found).
  var constantDragTracePath: String?
  /// The users whose cases are measured.
  var users = Set(User.allCases)

  var cases: [Case] {
    (Self.cases + (constantDragTracePath == nil ? [] : [Self.constantDragCase])).filter {
      users.contains($0.user)
    }
  }

  static let cases = [User.flicker, .reader].flatMap { user in
    [
      Case(user: user, feedItems: 1_000, media: false), Case(user: user, feedItems: 1_000_000, media: false),
      Case(user: user, feedItems: 1_000, media: true), Case(user: user, feedItems: 1_000_000, media: true),
    ]
  }

  func scenario(_ benchCase: Case) -> Scenario {
    if benchCase.user == .constantDrag { return constantDragScenario(benchCase) }
    let cycle: [Gesture] = [
      .drag(velocityPtS: 900, durationMs: 250), .fling(velocityPtS: 2400), .wait(durationMs: 100),
    ]
    let source: ScrollSpec.Source =
      benchCase.user == .flicker
      ? .script(Array(repeating: cycle, count: 2000).flatMap { $0 }) : .model(UserModelSpec(name: .reader))
    return Scenario(
      name: "bench", durationUs: Int64(sessionSeconds) * 1_000_000, seed: 1, patienceUs: 30_000_000,
      viewport: ViewportSpec(heightPt: 852, frameRateHz: 60),
      feed: FeedSpec(
        totalItems: benchCase.feedItems, pageSize: 20, itemHeightPt: .uniform(min: 80, max: 400),
        pageBytes: .constant(24_000),
        mediaBytes: benchCase.media ? .lognormal(median: 60_000, sigma: 0.8) : nil),
      network: NetworkSpec(rttMs: .lognormal(median: 80, sigma: 0.5), bandwidthKbps: 50_000),
      scroll: ScrollSpec(physics: .ios, source: source))
  }

  private func constantDragScenario(_ benchCase: Case) -> Scenario {
    Scenario(
      name: "bench", durationUs: Int64(sessionSeconds) * 1_000_000, seed: 1, patienceUs: 30_000_000,
      viewport: ViewportSpec(heightPt: 852, frameRateHz: 240),
      feed: FeedSpec(
        totalItems: benchCase.feedItems, pageSize: 1, itemHeightPt: .constant(400),
        pageBytes: .constant(24_000)),
      network: NetworkSpec(
        trace: BandwidthTraceSpec(path: constantDragTracePath ?? "", format: .periods),
        maxConcurrentRequests: 1),
      scroll: ScrollSpec(
        physics: .ios, source: .script([.drag(velocityPtS: 400, durationMs: Double(sessionSeconds) * 1000)])))
  }

  /// Measures every case with every strategy.
  /// - Throws: `CommandFailure` if two samples of the same work simulated different frame counts
  ///   (the simulation would not be deterministic, and the timings not comparable).
  func run(strategies: [ConfiguredStrategy]) throws -> [Measurement] {
    var results: [Measurement] = []
    for benchCase in cases {
      let prepared = try PreparedScenario(scenario(benchCase))
      for strategy in strategies {
        for engine in engines {
          results.append(try measure(benchCase, prepared, strategy, engine))
        }
      }
    }
    return results
  }

  private func measure(
    _ benchCase: Case, _ prepared: PreparedScenario, _ strategy: ConfiguredStrategy,
    _ engine: SimulationEngine
  ) throws -> Measurement {
    let options = SimulationOptions(timelineIntervalUs: 0, recordEvents: false, engine: engine)
    var work: (session: Int, full: Int, events: Int, sessionUs: Int64)? = nil
    var cpuSeconds: [Double] = []
    for sample in 0..<(warmup + repetitions) {
      var done = (session: 0, full: 0, events: 0, sessionUs: Int64(0))
      let start = Self.threadCPUSeconds()
      for seed in 1...sessions {
        let outcome = Simulator.run(prepared, strategy: strategy, seed: UInt64(seed), options: options)
        done.session += outcome.summary.frames
        done.full += outcome.framesProcessed
        done.events += outcome.eventsProcessed
        done.sessionUs += outcome.summary.sessionUs
      }
      let cpu = Self.threadCPUSeconds() - start
      if let work, work != done {
        throw CommandFailure(
          status: ExitStatus.failure,
          message:
            "\(benchCase.label) / \(strategy.label) / \(engine.rawValue): sample \(sample + 1) simulated "
            + "\(done.full) full frames and \(done.events) events, the first \(work.full) and \(work.events): "
            + "the simulation is not deterministic")
      }
      work = done
      if sample >= warmup { cpuSeconds.append(cpu) }
    }
    return Measurement(
      caseLabel: benchCase.label, strategy: strategy.label, engine: engine,
      sessionSeconds: Double(work?.sessionUs ?? 0) / 1e6, events: work?.events ?? 0,
      sessionFrames: work?.session ?? 0, fullFrames: work?.full ?? 0, cpuSeconds: cpuSeconds)
  }

  static func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// Peak resident memory of this process so far, bytes.
  static func peakMemoryBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }
}
