import Foundation
import PrefetchLab

/// The simulator's speed benchmark: 10-minute 60 Hz sessions on 1 000- and 1 000 000-item
/// feeds, with and without per-item media, for every strategy, with two users: a flicker who
/// never stops (drag, fling, 0.1 s pause: nearly every frame moves, the worst case) and the
/// bundled synthetic reader (long dwells: most frames rest and are skipped).
///
/// Each case × strategy is measured as package-benchmark measures a benchmark: the same work
/// (`sessions` sessions, seeds 1…sessions) is timed `repetitions` times in thread CPU time after
/// `warmup` untimed runs of it, so the spread over repetitions shows the timing noise and never a
/// difference in what was simulated (which is checked to be identical every time).
struct BenchmarkSuite {
  enum User: String, CaseIterable {
    case flicker, reader
  }

  struct Case {
    let user: User
    let feedItems: Int
    let media: Bool
    var label: String { "\(user.rawValue), \(feedItems) items, \(media ? "media" : "pages only")" }
  }

  /// A sample shorter than this (thread CPU seconds) is too short to time reliably: timer reads,
  /// cache and branch-predictor warm-up and the odd interrupt are then a visible share of it.
  /// 10 ms is a judgement (package-benchmark warns about short samples too, without a figure).
  static let minimumSampleSeconds = 0.01

  struct Measurement {
    let caseLabel: String
    let strategy: String
    /// Frames in the simulated sessions of one sample (session length × frame rate × sessions).
    let sessionFrames: Int
    /// Frames the engine actually stepped in one sample (frames where nothing can move are
    /// skipped).
    let steppedFrames: Int
    /// Thread CPU seconds of each timed sample, in the order measured (warm-up excluded).
    let cpuSeconds: [Double]

    var sessionFramesPerSecond: [Double] { cpuSeconds.map { Double(sessionFrames) / max($0, 1e-9) } }
    var steppedFramesPerSecond: [Double] { cpuSeconds.map { Double(steppedFrames) / max($0, 1e-9) } }
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

  static let cases = User.allCases.flatMap { user in
    [
      Case(user: user, feedItems: 1_000, media: false), Case(user: user, feedItems: 1_000_000, media: false),
      Case(user: user, feedItems: 1_000, media: true), Case(user: user, feedItems: 1_000_000, media: true),
    ]
  }

  func scenario(_ benchCase: Case) -> Scenario {
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

  /// Measures every case with every strategy.
  /// - Throws: `CommandFailure` if two samples of the same work simulated different frame counts
  ///   (the simulation would not be deterministic, and the timings not comparable).
  func run(strategies: [ConfiguredStrategy]) throws -> [Measurement] {
    var results: [Measurement] = []
    let options = SimulationOptions(timelineIntervalUs: 0, recordEvents: false)
    for benchCase in Self.cases {
      let prepared = try PreparedScenario(scenario(benchCase))
      for strategy in strategies {
        var frames: (session: Int, stepped: Int)? = nil
        var cpuSeconds: [Double] = []
        for sample in 0..<(warmup + repetitions) {
          var sessionFrames = 0
          var steppedFrames = 0
          let start = Self.threadCPUSeconds()
          for seed in 1...sessions {
            let outcome = Simulator.run(prepared, strategy: strategy, seed: UInt64(seed), options: options)
            sessionFrames += outcome.summary.frames
            steppedFrames += outcome.framesProcessed
          }
          let cpu = Self.threadCPUSeconds() - start
          if let frames, frames != (sessionFrames, steppedFrames) {
            throw CommandFailure(
              status: ExitStatus.failure,
              message:
                "\(benchCase.label) / \(strategy.label): sample \(sample + 1) simulated \(steppedFrames) frames, "
                + "the first \(frames.stepped): the simulation is not deterministic")
          }
          frames = (sessionFrames, steppedFrames)
          if sample >= warmup { cpuSeconds.append(cpu) }
        }
        results.append(
          Measurement(
            caseLabel: benchCase.label, strategy: strategy.label, sessionFrames: frames?.session ?? 0,
            steppedFrames: frames?.stepped ?? 0, cpuSeconds: cpuSeconds))
      }
    }
    return results
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
