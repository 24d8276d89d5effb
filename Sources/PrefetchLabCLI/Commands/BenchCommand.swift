import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab bench [--seconds N] [--sessions N] [--repetitions N] [--warmup N] [--strategy S]…
/// [--engine both|event|stepped] [--user U]… [--trace FILE] [--format text|json] [--baseline FILE]
/// [--tolerance-percent P]`: simulator speed (frames, session seconds and events per CPU-second,
/// spread over repetitions) and peak memory, optionally judged against a saved run.
enum BenchCommand {
  static let spec = CommandSpec(
    name: "bench",
    abstract: "Measure simulated frames, session seconds and events per CPU-second, and peak memory.",
    discussion: """
      Simulates 60 Hz sessions on 1 000- and 1 000 000-item feeds, with and without per-item \
      media, with each strategy a scenario that lists none runs (or each --strategy), for two users: a flicker who never stops (the worst case: \
      nearly every frame moves) and the synthetic reader (long dwells); and a constant drag of \
      one 400 pt row per second at 240 Hz down 600 rows, pages of one row, one request at a \
      time, over a recorded 3G link (--trace; the case is left out when the file is missing, \
      and bad input, exit 65, when it is the only case asked for); without --strategy the \
      constant drag also runs paging3:prefetch_distance=10 (a page while fewer than 10 loaded \
      rows lie ahead: the lead of rows the event engine's 10x speed target for this case is \
      stated for, see docs/ci.md; its rows are labelled paging3@prefetch_distance=10). \
      Every case runs with each engine (--engine); --user keeps only some users' cases. Each row times the same \
      work (--sessions sessions, seeds 1 up) --repetitions times in thread CPU time after \
      --warmup untimed runs, and shows the smallest, median and largest rate. 'session' counts \
      every frame of the simulated sessions; 'full' counts the frames the engine computed in \
      full (frames where nothing can move, and with the event engine quiet frames, are skipped \
      or stepped lightly). With both engines their samples are interleaved: each engine's \
      warm-ups, then per repetition one sample of each engine back to back, alternating which \
      runs first; a CPU's speed can drift over seconds, and samples timed engine after engine \
      made the engines' ratio depend on when each ran. A section after the table gives the event \
      engine's speed-up paired per repetition (event ÷ stepped session rate of the two samples \
      of each repetition: min, median, max; JSON 'event_over_stepped'). A row whose samples \
      take under 10 ms is flagged as too short to time. Each --strategy is checked against each case's feed with the \
      rules 'run' applies (exit 64 with run's rule). --format json writes the measurements for --baseline, which \
      compares the median session rate of each row with a saved run and exits 2 when a row is \
      slower by more than --tolerance-percent, 3 when rows simulated other work. Build with -c \
      release for meaningful figures.
      """,
    arguments: [
      workOption(
        "seconds", 1...Int(InputLimits.maxSessionSeconds), default: "600",
        "Length of each simulated session in seconds"),
      workOption("sessions", 1...10_000, default: "40", "Sessions (seeds 1 up) in one timed sample"),
      workOption("repetitions", 1...1_000, default: "5", "Timed samples per case and strategy"),
      workOption("warmup", 0...1_000, default: "1", "Untimed samples run first, per case and strategy"),
      .option(
        "strategy", repeating: true,
        help:
          "Benchmark only these strategies (default: the strategies 'run' uses when a scenario names none, "
          + "and on the constant drag also paging3:prefetch_distance=10)."
      ),
      .option("engine", default: "both", help: "Engines to measure: both, event or stepped."),
      .option(
        "user", repeating: true,
        help: "Measure only these users' cases: flicker, reader or constant-drag (default: all)."),
      .option(
        "trace", default: BenchmarkSuite.constantDragTrace,
        help: "The constant drag's 3G link (Sabre periods JSON); the case is left out if it is missing."),
      .option("format", default: "text", help: "Output format: text or json."),
      .option("baseline", help: "A file written by 'bench --format json' to compare with."),
      .option(
        "tolerance-percent", default: "10",
        help: "How much slower than the baseline a row's median may be before it is a regression."),
    ],
    validate: { parsed throws(ValidationError) in
      if let engine = parsed.string("engine"), engine != "both" && SimulationEngine(rawValue: engine) == nil {
        throw .invalidValue(engine, for: "engine", reason: "expected both, event or stepped")
      }
      for user in parsed.strings("user") where BenchmarkSuite.User(argument: user) == nil {
        throw .invalidValue(user, for: "user", reason: "expected flicker, reader or constant-drag")
      }
      if let format = parsed.string("format"), format != "text" && format != "json" {
        throw .invalidValue(format, for: "format", reason: "expected text or json")
      }
      let tolerance = parsed.string("tolerance-percent") ?? "10"
      if Double(tolerance).map({ !($0 >= 0 && $0 < 100) }) ?? true {
        throw .invalidValue(tolerance, for: "tolerance-percent", reason: "expected a number in 0..<100")
      }
      if parsed.isGiven("tolerance-percent") && parsed.string("baseline") == nil {
        throw ValidationError("--tolerance-percent needs --baseline")
      }
    })

  /// A work option: an integer in `range`, which its help states. The tops keep one bench within
  /// reason while leaving room for long profiling runs: a session no longer than a scenario's
  /// (`InputLimits.maxSessionSeconds`, as its clock requires), 10 000 sessions per sample (250
  /// times the default) and 1 000 timed and 1 000 untimed samples per row (far past where the
  /// median of the spread stops moving).
  private static func workOption(
    _ name: String, _ range: ClosedRange<Int>, default defaultValue: String, _ help: String
  ) -> ArgumentSpec {
    .option(
      name, range: range, default: defaultValue, help: "\(help), \(range.lowerBound)...\(range.upperBound).")
  }

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    try RunCommand.validateStrategyOptions(parsed, registry: registry)
    let names = parsed.strings("strategy")
    let strategies = try (names.isEmpty ? registry.defaultNames : names).map {
      try registry.configure(StrategyRegistry.parseSpec($0))
    }
    let settings = BenchmarkReport.Settings(
      seconds: parsed.int("seconds") ?? 600, sessions: parsed.int("sessions") ?? 40,
      repetitions: parsed.int("repetitions") ?? 5, warmup: parsed.int("warmup") ?? 1)
    var suite = BenchmarkSuite(
      sessionSeconds: settings.seconds, sessions: settings.sessions, repetitions: settings.repetitions,
      warmup: settings.warmup)
    suite.engines =
      SimulationEngine(rawValue: parsed.string("engine") ?? "both").map { [$0] } ?? [.stepped, .event]
    let users = parsed.strings("user").compactMap(BenchmarkSuite.User.init(argument:))
    if !users.isEmpty { suite.users = Set(users) }
    let trace = parsed.string("trace") ?? BenchmarkSuite.constantDragTrace
    suite.constantDragTracePath = FileManager.default.fileExists(atPath: trace) ? trace : nil
    if suite.cases.isEmpty {
      // Only the constant drag was asked for and its trace is missing: an empty table (or an
      // empty JSON baseline) with exit 0 would pass for a measurement.
      throw InputError(
        file: trace, location: "",
        message: "the constant drag's bandwidth trace file not found, and no other case is asked for"
          + (parsed.isGiven("trace") ? "" : " (run from the repository root, or give --trace)"))
    }
    try checkFeedRules(zip(names, strategies).map { $0 }, suite: suite)
    if suite.cases.contains(where: { $0.user == .constantDrag }) {
      // The trace is read before measuring, as the baseline is: a bad file fails before minutes of
      // the other cases. The bench's scenarios are its own, so what can be wrong in this one is
      // the --trace file (its path is the message's first word).
      do {
        _ = try PreparedScenario(suite.scenario(BenchmarkSuite.constantDragCase))
      } catch {
        throw InputError(file: "--trace", location: "", message: error.message)
      }
    }
    // Read the baseline before measuring: a bad file fails before minutes of it.
    let baseline = try parsed.string("baseline").map { path throws(InputError) in
      try BenchmarkReport(contentsOf: path)
    }
    // A progress line on a terminal only: a log or a pipe gets the table (or the JSON) alone.
    let progress = ProgressDisplay(terminal: terminal, quiet: !terminal.errorIsTerminal)
    // With no strategy named, the constant drag also runs with the lead its speed target names.
    let lead =
      names.isEmpty
      ? [try registry.configure(StrategyRegistry.parseSpec(BenchmarkSuite.constantDragLeadStrategy))] : []
    let report = BenchmarkReport(
      try suite.run(strategies: strategies, constantDragAlso: lead, progress: progress), settings: settings,
      peakMemoryBytes: BenchmarkSuite.peakMemoryBytes())

    let json = parsed.string("format") == "json"
    terminal.out(json ? report.json.serialized(expandingDepth: 3) + "\n" : report.text)
    if suite.constantDragTracePath == nil && suite.users.contains(.constantDrag) {
      // Beside the warnings with --format json, which keeps stdout parseable.
      let note = "constant drag left out: its trace \(trace) was not found (--trace)\n"
      if json { terminal.err(note) } else { terminal.out(note) }
    }
    let short = report.tooShortToTime
    if let first = short.first {
      let rows = short.count == 1 ? "1 row has" : "\(short.count) of \(report.rows.count) rows have"
      let fastest = DecimalFormat.fixed((first.cpuSeconds.min() ?? 0) * 1000, places: 1)
      terminal.err(
        "warning: \(rows) samples under \(Int(BenchmarkSuite.minimumSampleSeconds * 1000)) ms of CPU, too "
          + "short to time reliably (shortest: \(first.key), \(fastest) ms); raise --sessions or --seconds\n")
    }
    guard let baseline, let path = parsed.string("baseline") else { return ExitStatus.ok }
    let comparison = BenchmarkComparison(
      current: report, baseline: baseline,
      tolerancePercent: Double(parsed.string("tolerance-percent") ?? "10") ?? 10,
      baselineLabel: path)
    // The JSON stays parseable on stdout; the verdict goes beside the warnings.
    if json { terminal.err(comparison.text) } else { terminal.out(comparison.text) }
    return comparison.status
  }

  /// Each `--strategy` against the feed of each case the bench will measure, with the rules `run`
  /// applies to a `--strategy` on a file's feed (`ConfiguredStrategy.feedRuleViolations`): bench
  /// must not time a configuration `run` refuses. A usage error (the feeds are bench's own, the
  /// option is at fault) with `run`'s rule text, naming every group of cases it breaks on.
  static func checkFeedRules(_ given: [(text: String, strategy: ConfiguredStrategy)], suite: BenchmarkSuite)
    throws(ValidationError)
  {
    for (text, strategy) in given {
      // Cases share feeds (page size and pagination are all a rule reads), so group by rule.
      var broken: [(rule: String, cases: [String])] = []
      for benchCase in suite.cases {
        let feed = FeedFacts(suite.scenario(benchCase).feed)
        for violation in strategy.feedRuleViolations(feed) {
          let origin =
            violation.basis == .pageSize
            ? " (page size \(feed.pageSizeItems): the case's \(feed.pageSizeKey))" : ""
          let rule = strategy.error(violation).description + origin
          if let index = broken.firstIndex(where: { $0.rule == rule }) {
            broken[index].cases.append(benchCase.label)
          } else {
            broken.append((rule, [benchCase.label]))
          }
        }
      }
      guard !broken.isEmpty else { continue }
      // Every group, not only the first: cases with another feed break the rule otherwise.
      let reasons = broken.map { group in
        let cases =
          group.cases.count == suite.cases.count && suite.cases.count > 1
          ? "every bench case"
          : (group.cases.count == 1 ? "the bench case " : "the bench cases ")
            + group.cases.map { "'\($0)'" }.joined(separator: ", ")
        return "\(group.rule), on \(cases)"
      }
      throw .invalidValue(text, for: "strategy", reason: reasons.joined(separator: "; "))
    }
  }
}
