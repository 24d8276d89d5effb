import PrefetchLab
import PrefetchLabReports

/// `prefetchlab bench`: simulator speed (frames per CPU-second) and peak memory.
enum BenchCommand {
  static let spec = CommandSpec(
    name: "bench",
    abstract: "Measure simulated frames per CPU-second and peak memory.",
    discussion: """
      Simulates 60 Hz sessions on 1 000- and 1 000 000-item feeds, with and without per-item \
      media, with each strategy, for two users: a flicker who never stops (the worst case: \
      nearly every frame moves) and the synthetic reader (long dwells). 'session' counts every frame of the \
      simulated sessions; 'stepped' counts the frames the engine computed (frames where nothing \
      can move are skipped). Build with -c release for meaningful figures.
      """,
    arguments: [
      .option(
        "seconds", type: .integer, default: "600", help: "Length of each simulated session in seconds."),
      .option(
        "repetitions", type: .integer, default: "20",
        help:
          "Sessions (seeds) per strategy and case; fewer than ~20 make each case too short to time reliably."),
      .option("strategy", repeating: true, help: "Benchmark only these strategies (default: all)."),
    ],
    validate: { parsed throws(ValidationError) in
      for name in ["seconds", "repetitions"] {
        if let value = parsed.int(name), value < 1 {
          throw .invalidValue(String(value), for: name, reason: "must be at least 1")
        }
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    try RunCommand.validateStrategyOptions(parsed, registry: registry)
    let names = parsed.strings("strategy")
    let strategies = try (names.isEmpty ? registry.names : names).map {
      try registry.configure(StrategyRegistry.parseSpec($0))
    }
    let suite = BenchmarkSuite(
      sessionSeconds: parsed.int("seconds") ?? 600, repetitions: parsed.int("repetitions") ?? 20)
    let results = try suite.run(strategies: strategies)
    let header = ["case", "strategy", "session frames/s", "stepped frames/s", "cpu s"]
    var rows = [header]
    for result in results {
      rows.append([
        result.caseLabel, result.strategy,
        DecimalFormat.fixed(result.sessionFramesPerSecond / 1e6, places: 2) + " M",
        DecimalFormat.fixed(result.steppedFramesPerSecond / 1e6, places: 2) + " M",
        DecimalFormat.fixed(result.cpuSeconds, places: 3),
      ])
    }
    terminal.out(TextTable.render(rows, rightAligned: Set(2..<header.count)))
    let peakMiB = Double(BenchmarkSuite.peakMemoryBytes()) / 1_048_576
    terminal.out("\npeak memory: \(DecimalFormat.fixed(peakMiB, places: 1)) MiB (whole process)\n")
    return ExitStatus.ok
  }
}
