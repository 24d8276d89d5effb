import Testing

@testable import PrefetchLabCLI

// MARK: - Sample commands, shared by the parser suites

let sampleRun = CommandSpec(
  name: "run",
  abstract:
    "Runs every scenario against every selected strategy and seed, then writes CSV, plots and a report.",
  discussion: "Results replace the output folder as a whole once every run has succeeded.",
  arguments: [
    .positional("scenarios", repeating: true, help: "Scenario files or folders of scenario files."),
    .option(
      "strategy", repeating: true, help: "Run only this strategy, as NAME[:key=value,...]. Can be repeated."),
    .option("seeds", default: "1", help: "Seeds to run: a number, a list (1,2,5) or a range (1-10)."),
    .option("out", short: "o", default: "results/latest", help: "Output folder."),
    .option("jobs", short: "j", type: .integer, help: "Runs in parallel."),
    .flag("no-plots", help: "Skip plots and the report."),
  ],
  validate: { parsed throws(ValidationError) in
    if let jobs = parsed.int("jobs"), jobs < 1 {
      throw .invalidValue(parsed.string("jobs")!, for: "jobs", reason: "must be at least 1")
    }
  })

let sampleReport = CommandSpec(
  name: "report", abstract: "Writes the report of a results folder.",
  arguments: [.positional("results", help: "Results folder written by 'run'.")])

let sampleCheck = CommandSpec(
  name: "check", abstract: "Compares a results folder with a baseline.",
  arguments: [
    .positional("results", required: false, default: "results/latest", help: "Results folder to check."),
    .option("baseline", required: true, help: "Baseline summary.csv to compare against."),
    .option(
      "baseline-tolerance", valueName: "fraction", default: "0.05",
      help: "Largest allowed increase of each gated metric, as a fraction of the baseline value."),
  ],
  validate: { parsed throws(ValidationError) in
    let tolerance = parsed.string("baseline-tolerance")!
    if Double(tolerance) == nil {
      throw ValidationError("--baseline-tolerance must be a number, got '\(tolerance)'")
    }
  })

let prefetchlab = ArgumentParser(
  CommandSpec(
    name: "prefetchlab",
    abstract: "Simulates list-prefetch strategies against scroll and network scenarios.",
    version: "0.1.0",
    subcommands: [sampleRun, sampleReport, sampleCheck]))

/// swift-argument-parser's `repeat` example, whose help and errors its own tests pin down.
let repeatExample = ArgumentParser(
  CommandSpec(
    name: "repeat",
    arguments: [
      .option("count", type: .integer, help: "How many times to repeat 'phrase'."),
      .flag("include-counter", help: "Include a counter with each repetition."),
      .positional("phrase", help: "The phrase to repeat."),
    ]))

let runUsage =
  "prefetchlab run <scenarios> ... [--strategy <strategy> ...] [--seeds <seeds>] [--out <out>]"
  + " [--jobs <jobs>] [--no-plots]"

let runHelp = """
  OVERVIEW: Runs every scenario against every selected strategy and seed, then
  writes CSV, plots and a report.

  Results replace the output folder as a whole once every run has succeeded.

  USAGE: \(runUsage)

  ARGUMENTS:
    <scenarios>             Scenario files or folders of scenario files.

  OPTIONS:
    --strategy <strategy>   Run only this strategy, as NAME[:key=value,...]. Can
                            be repeated.
    --seeds <seeds>         Seeds to run: a number, a list (1,2,5) or a range
                            (1-10). (default: 1)
    -o, --out <out>         Output folder. (default: results/latest)
    -j, --jobs <jobs>       Runs in parallel.
    --no-plots              Skip plots and the report.
    --version               Show the version.
    -h, --help              Show help information.

  """

let rootHelp = """
  OVERVIEW: Simulates list-prefetch strategies against scroll and network
  scenarios.

  USAGE: prefetchlab <subcommand>

  OPTIONS:
    --version               Show the version.
    -h, --help              Show help information.

  SUBCOMMANDS:
    run                     Runs every scenario against every selected strategy
                            and seed, then writes CSV, plots and a report.
    report                  Writes the report of a results folder.
    check                   Compares a results folder with a baseline.

    See 'prefetchlab help <subcommand>' for detailed help.
  """

let checkHelp = """
  OVERVIEW: Compares a results folder with a baseline.

  USAGE: prefetchlab check [<results>] --baseline <baseline> [--baseline-tolerance <fraction>]

  ARGUMENTS:
    <results>               Results folder to check. (default: results/latest)

  OPTIONS:
    --baseline <baseline>   Baseline summary.csv to compare against.
    --baseline-tolerance <fraction>
                            Largest allowed increase of each gated metric, as a
                            fraction of the baseline value. (default: 0.05)
    --version               Show the version.
    -h, --help              Show help information.

  """

func parsed(_ arguments: [String]) throws -> ParsedArguments {
  let outcome = try prefetchlab.parse(arguments)
  guard case .command(let parsed) = outcome else {
    Issue.record("expected a command, got \(outcome)")
    throw UsageError(message: "", text: "")
  }
  return parsed
}

func usageError(_ parser: ArgumentParser, _ arguments: [String]) -> UsageError? {
  do {
    let outcome = try parser.parse(arguments)
    Issue.record("expected a usage error, got \(outcome)")
    return nil
  } catch {
    return error
  }
}

/// A tool with two short flags and a short integer option, for grouped short names.
let shortNameParser = ArgumentParser(
  CommandSpec(
    name: "tool",
    arguments: [
      .flag("all", short: "a", help: "All."), .flag("brief", short: "b", help: "Brief."),
      .option("count", short: "n", type: .integer, help: "Count."),
    ]))
