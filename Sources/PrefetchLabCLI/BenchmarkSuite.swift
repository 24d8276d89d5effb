import Foundation
import PrefetchLab
import PrefetchLabReports

/// The simulator's speed benchmark: 10-minute 60 Hz sessions on 1 000- and 1 000 000-item
/// feeds, with and without per-item media, for every strategy, with two users: a flicker who
/// never stops (drag, fling, 0.1 s pause: nearly every frame moves, the worst case) and the
/// bundled synthetic reader (long dwells: most frames rest and are skipped); and, when the
/// recorded 3G trace is found, a constant drag (one 400 pt row per second at 240 Hz down a feed
/// of 600 rows, pages of one row, one request at a time, over the Ljansbakken bus ride's 3G
/// link): the event engine's case, where nothing but the viewport changes for most frames, run
/// also with `constantDragLeadStrategy` when no strategy is named.
/// Every case runs with each engine asked for (`SimulationEngine`).
///
/// Each case × strategy is measured as package-benchmark measures a benchmark: the same work
/// (`sessions` sessions, seeds 1…sessions) is timed `repetitions` times in thread CPU time after
/// `warmup` untimed runs of it, so the spread over repetitions shows the timing noise and never a
/// difference in what was simulated (which is checked to be identical every time).
///
/// With more than one engine the engines' samples are interleaved (`schedule`): every engine's
/// warm-ups first, then repetition r of each engine back to back, the order alternating with r.
/// The machine's speed drifts between fast and slow states lasting seconds (one binary's medians
/// differ 1.5× between runs, for both engines together), so when each engine's samples ran as a
/// block the event ÷ stepped ratio of one run depended on when each block ran. Interleaved, the
/// samples of one repetition see the same state, and the report gives the speed-up paired per
/// repetition (`BenchmarkReport.pairedRatios`).
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
  /// The strategy of the constant drag's speed target (the event engine at 10× the stepped
  /// engine's throughput with a lead of N rows: a page requested while fewer than N loaded rows
  /// lie ahead of the viewport; docs/ci.md, "The target's own case"), measured there after the
  /// default strategies when no `--strategy` is given: Jetpack Paging 3's prefetch distance of 10
  /// rows, the lead `scripts/sabre-comparison.sh` gives Paging 3 by default (`--lead-rows 10`) to
  /// match Sabre's buffer of 10 s at one row per second.
  static let constantDragLeadStrategy = "paging3:prefetch_distance=10"

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
    /// Thread CPU seconds of each timed sample, in the order measured (warm-up excluded): element
    /// r is repetition r, run back to back with repetition r of the other engines.
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

  /// What one sample simulated, summed over its sessions: the same in every sample of one engine
  /// on one case × strategy, or the simulation is not deterministic.
  struct Work: Equatable {
    var sessionFrames = 0
    var fullFrames = 0
    var events = 0
    var sessionUs: Int64 = 0
  }

  /// One sample as run: what it simulated and its thread CPU seconds.
  struct Sample {
    var work: Work
    var cpuSeconds: Double
  }

  /// The order in which one case × strategy's samples run: (index into `engines`, that engine's
  /// sample number, warm-ups first), every engine's warm-ups first (round by round), then for
  /// repetition r one sample of each engine back to back, in `engines`' order when r is even and
  /// in reverse when r is odd. The machine's speed drifts between states lasting seconds, so
  /// timing one engine's samples as a block and then the other's made their ratio depend on when
  /// each block ran; back to back, the two samples of one repetition see the same state, and the
  /// alternation keeps either engine from always running second.
  static func schedule(engineCount: Int, warmup: Int, repetitions: Int) -> [(engine: Int, sample: Int)] {
    let warmups = (0..<warmup).flatMap { sample in (0..<engineCount).map { (engine: $0, sample: sample) } }
    let timed = (0..<repetitions).flatMap { repetition in
      let order = repetition.isMultiple(of: 2) ? Array(0..<engineCount) : (0..<engineCount).reversed()
      return order.map { (engine: $0, sample: warmup + repetition) }
    }
    return warmups + timed
  }

  /// Measures every case with every strategy.
  /// - Throws: `CommandFailure` if two samples of the same work simulated different frame counts
  ///   (the simulation would not be deterministic, and the timings not comparable).
  /// - Parameter constantDragAlso: measured after `strategies` on the constant drag only (its
  ///   lead strategy, `constantDragLeadStrategy`, when none was named).
  /// - Parameter progress: told of each case × strategy measured (`WorkPhase.measuring`),
  ///   between samples, never while one is timed.
  func run(
    strategies: [ConfiguredStrategy], constantDragAlso: [ConfiguredStrategy] = [],
    progress: (any ProgressObserver)? = nil
  ) throws -> [Measurement] {
    var results: [Measurement] = []
    let perCase = cases.map { strategies + ($0.user == .constantDrag ? constantDragAlso : []) }
    progress?.started(.measuring, total: perCase.map(\.count).reduce(0, +))
    for (benchCase, caseStrategies) in zip(cases, perCase) {
      let prepared = try PreparedScenario(scenario(benchCase))
      for strategy in caseStrategies {
        results += try measure(caseLabel: benchCase.label, strategy: strategy.label) { engine in
          runSample(prepared, strategy, engine)
        }
        progress?.advanced(.measuring, by: 1)
      }
    }
    progress?.finished(.measuring, note: "")
    return results
  }

  /// One case × strategy on every engine, its samples run in `schedule` order: one measurement
  /// per engine, in `engines`' order, each with its timed samples in the order they ran.
  /// - Parameter runSample: runs one sample of the work on the engine given (`run` simulates;
  ///   tests give their own, to see the order).
  /// - Throws: `CommandFailure` if two samples of one engine simulated different work.
  func measure(caseLabel: String, strategy: String, runSample: (SimulationEngine) -> Sample) throws
    -> [Measurement]
  {
    var work = [Work?](repeating: nil, count: engines.count)
    var cpuSeconds = [[Double]](repeating: [], count: engines.count)
    for (index, sample) in Self.schedule(engineCount: engines.count, warmup: warmup, repetitions: repetitions)
    {
      let engine = engines[index]
      let done = runSample(engine)
      if let first = work[index], first != done.work {
        throw CommandFailure(
          status: ExitStatus.failure,
          message:
            "\(caseLabel) / \(strategy) / \(engine.rawValue): sample \(sample + 1) simulated "
            + "\(done.work.fullFrames) full frames and \(done.work.events) events, the first "
            + "\(first.fullFrames) and \(first.events): the simulation is not deterministic")
      }
      work[index] = done.work
      if sample >= warmup { cpuSeconds[index].append(done.cpuSeconds) }
    }
    return engines.indices.map { index in
      let done = work[index] ?? Work()
      return Measurement(
        caseLabel: caseLabel, strategy: strategy, engine: engines[index],
        sessionSeconds: Double(done.sessionUs) / 1e6, events: done.events, sessionFrames: done.sessionFrames,
        fullFrames: done.fullFrames, cpuSeconds: cpuSeconds[index])
    }
  }

  /// `sessions` sessions (seeds 1…sessions) on one engine, timed in thread CPU time.
  private func runSample(
    _ prepared: PreparedScenario, _ strategy: ConfiguredStrategy, _ engine: SimulationEngine
  )
    -> Sample
  {
    let options = SimulationOptions(timelineIntervalUs: 0, recordEvents: false, engine: engine)
    var work = Work()
    let start = Self.threadCPUSeconds()
    for seed in 1...sessions {
      let outcome = Simulator.run(prepared, strategy: strategy, seed: UInt64(seed), options: options)
      work.sessionFrames += outcome.summary.frames
      work.fullFrames += outcome.framesProcessed
      work.events += outcome.eventsProcessed
      work.sessionUs += outcome.summary.sessionUs
    }
    return Sample(work: work, cpuSeconds: Self.threadCPUSeconds() - start)
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
