import Testing

@testable import PrefetchLabCLI

// MARK: - Sample commands

private let run = CommandSpec(
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

private let report = CommandSpec(
  name: "report", abstract: "Writes the report of a results folder.",
  arguments: [.positional("results", help: "Results folder written by 'run'.")])

private let check = CommandSpec(
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

private let prefetchlab = ArgumentParser(
  CommandSpec(
    name: "prefetchlab",
    abstract: "Simulates list-prefetch strategies against scroll and network scenarios.",
    version: "0.1.0",
    subcommands: [run, report, check]))

/// swift-argument-parser's `repeat` example, whose help and errors its own tests pin down.
private let repeatExample = ArgumentParser(
  CommandSpec(
    name: "repeat",
    arguments: [
      .option("count", type: .integer, help: "How many times to repeat 'phrase'."),
      .flag("include-counter", help: "Include a counter with each repetition."),
      .positional("phrase", help: "The phrase to repeat."),
    ]))

private let runUsage =
  "prefetchlab run <scenarios> ... [--strategy <strategy> ...] [--seeds <seeds>] [--out <out>]"
  + " [--jobs <jobs>] [--no-plots]"

private let runHelp = """
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

private let rootHelp = """
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

private let checkHelp = """
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

private func parsed(_ arguments: [String]) throws -> ParsedArguments {
  let outcome = try prefetchlab.parse(arguments)
  guard case .command(let parsed) = outcome else {
    Issue.record("expected a command, got \(outcome)")
    throw UsageError(message: "", text: "")
  }
  return parsed
}

private func usageError(_ parser: ArgumentParser, _ arguments: [String]) -> UsageError? {
  do {
    let outcome = try parser.parse(arguments)
    Issue.record("expected a usage error, got \(outcome)")
    return nil
  } catch {
    return error
  }
}

// MARK: - Help

@Suite struct ArgumentParserHelpTests {
  @Test func subcommandHelpMatchesSwiftArgumentParserLayout() {
    #expect(prefetchlab.helpText(for: ["run"]) == runHelp)
  }

  @Test(arguments: [["run", "--help"], ["run", "-h"], ["help", "run"], ["run", "s", "--help"]])
  func everySpellingOfHelpGivesTheSameText(arguments: [String]) throws {
    #expect(try prefetchlab.parse(arguments) == .help(runHelp))
  }

  @Test func rootHelpListsSubcommands() {
    #expect(prefetchlab.helpText() == rootHelp)
  }

  @Test(arguments: [[], ["--help"], ["-h"], ["help"], ["nope", "--help"], ["--"]])
  func rootHelpRequests(arguments: [String]) throws {
    #expect(try prefetchlab.parse(arguments) == .help(rootHelp))
  }

  /// `help` with a command that does not exist is a usage error naming it, not the root's help
  /// (which would hide the typo).
  @Test func helpForAnUnknownCommandIsAUsageError() {
    #expect(
      usageError(prefetchlab, ["help", "nope"])?.text
        == "Error: Unknown command 'nope'\nUsage: prefetchlab help [<subcommand>]\n"
        + "  See 'prefetchlab --help' for the commands.")
    #expect(
      usageError(prefetchlab, ["help", "rnu"])?.message == "Unknown command 'rnu'. Did you mean 'run'?")
    #expect(usageError(prefetchlab, ["help", "run", "x"])?.message == "Unknown command 'x'")
  }

  @Test func longLabelPutsTheDescriptionOnTheNextLine() throws {
    #expect(try prefetchlab.parse(["check", "-h"]) == .help(checkHelp))
  }

  @Test func helpWinsOverLaterErrors() throws {
    // Unknown option, missing argument, failed validation, extra argument: help still wins.
    #expect(try prefetchlab.parse(["run", "--foo", "--help"]) == .help(runHelp))
    #expect(try prefetchlab.parse(["run", "s", "--jobs", "0", "-h"]) == .help(runHelp))
    #expect(
      try prefetchlab.parse(["report", "a", "b", "--help"]) == .help(prefetchlab.helpText(for: ["report"])))
  }

  @Test func helpAfterTerminatorIsAValue() throws {
    #expect(try parsed(["run", "--", "--help"]).strings("scenarios") == ["--help"])
  }

  @Test func matchesSwiftArgumentParsersRepeatExample() throws {
    let expected = """
      USAGE: repeat [--count <count>] [--include-counter] <phrase>

      ARGUMENTS:
        <phrase>                The phrase to repeat.

      OPTIONS:
        --count <count>         How many times to repeat 'phrase'.
        --include-counter       Include a counter with each repetition.
        -h, --help              Show help information.

      """
    #expect(try repeatExample.parse(["-h"]) == .help(expected))
    #expect(try repeatExample.parse(["--help"]) == .help(expected))
  }

  @Test func emptyHelpAndLongWordsWrapAsSwiftArgumentParserDoes() {
    // A line is shorter than the width, except the last one, which may fill it.
    #expect(ArgumentParser.wrap("aaa bbb ccc", to: 7) == "aaa\nbbb ccc")
    #expect(ArgumentParser.wrap("aaa bbb ccc", to: 8) == "aaa bbb\nccc")
    #expect(ArgumentParser.wrap("abcdefghij kl", to: 5) == "abcdefghij\nkl")
    #expect(ArgumentParser.wrap("one\n\ntwo", to: 80, indent: 4) == "    one\n\n    two")
    #expect(ArgumentParser.wrap("x y", to: 30, indent: 26) == String(repeating: " ", count: 26) + "x y")
  }

  @Test func manyArgumentsCollapseToOptionsInUsage() {
    let arguments: [ArgumentSpec] =
      (1...12).map { .option("o\($0)", help: "") } + [
        .option("must", required: true, help: ""), .positional("file", help: ""),
      ]
    let parser = ArgumentParser(CommandSpec(name: "big", arguments: arguments))
    #expect(parser.usage(stack: [parser.root]) == "big [<options>] --must <must> <file>")
    let optional = ArgumentParser(
      CommandSpec(name: "big", arguments: (1...13).map { .flag("f\($0)", help: "") }))
    #expect(optional.usage(stack: [optional.root]) == "big <options>")
  }

  @Test func nestedGroupsPointToTheirOwnHelp() throws {
    let parser = ArgumentParser(
      CommandSpec(
        name: "tool",
        subcommands: [
          CommandSpec(name: "group", abstract: "A group.", subcommands: [CommandSpec(name: "leaf")])
        ]))
    #expect(
      try parser.parse(["group"])
        == .help(
          """
          OVERVIEW: A group.

          USAGE: tool group <subcommand>

          OPTIONS:
            -h, --help              Show help information.

          SUBCOMMANDS:
            leaf

            See 'tool help group <subcommand>' for detailed help.
          """))
    #expect(
      try parser.parse(["help", "group", "leaf"])
        == .help("USAGE: tool group leaf\n\nOPTIONS:\n  -h, --help              Show help information.\n"))
  }
}

// MARK: - Syntax

/// One accepted command line for `prefetchlab run` and what the getters return.
struct RunCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var scenarios: [String] = ["s.json"]
  var strategies: [String] = []
  var seeds = "1"
  var out = "results/latest"
  var jobs: Int? = nil
  var noPlots = false

  var testDescription: String { arguments.joined(separator: " ") }
}

@Suite struct ArgumentParserSyntaxTests {
  @Test(arguments: [
    RunCase(arguments: ["s.json"]),
    RunCase(arguments: ["a.json", "dir"], scenarios: ["a.json", "dir"]),
    RunCase(arguments: ["--out", "x", "s.json"], out: "x"),
    RunCase(arguments: ["--out=x", "s.json"], out: "x"),
    RunCase(arguments: ["-o", "x", "s.json"], out: "x"),
    RunCase(arguments: ["s.json", "-o", "x"], out: "x"),
    RunCase(arguments: ["--out=", "s.json"], out: ""),
    RunCase(arguments: ["--out=a=b", "s.json"], out: "a=b"),
    RunCase(arguments: ["--out=-dash", "s.json"], out: "-dash"),
    RunCase(arguments: ["--out", "-", "s.json"], out: "-"),
    RunCase(arguments: ["--out", "x", "--out", "y", "s.json"], out: "y"),
    RunCase(
      arguments: ["--strategy", "infinite_scroll", "s.json", "--strategy=fixed_threshold:ratio=0.5"],
      strategies: ["infinite_scroll", "fixed_threshold:ratio=0.5"]),
    RunCase(arguments: ["--seeds", "1-10", "s.json"], seeds: "1-10"),
    RunCase(arguments: ["--jobs", "4", "s.json"], jobs: 4),
    RunCase(arguments: ["-j", "+3", "s.json"], jobs: 3),
    RunCase(arguments: ["--jobs=2", "s.json"], jobs: 2),
    RunCase(arguments: ["s.json", "--no-plots"], noPlots: true),
    RunCase(arguments: ["--no-plots", "--no-plots", "s.json"], noPlots: true),
    RunCase(arguments: ["s.json", "--", "--out", "-h"], scenarios: ["s.json", "--out", "-h"]),
    RunCase(arguments: ["--", "-x.json"], scenarios: ["-x.json"]),
    RunCase(arguments: ["-"], scenarios: ["-"]),
    RunCase(
      arguments: ["a", "--no-plots", "b", "-o", "o", "c", "-j", "2", "--", "--no-plots"],
      scenarios: ["a", "b", "c", "--no-plots"], out: "o", jobs: 2, noPlots: true),
  ])
  func runAcceptsEverySyntaxForm(_ expected: RunCase) throws {
    let result = try parsed(["run"] + expected.arguments)
    #expect(result.commandPath == ["prefetchlab", "run"])
    #expect(result.strings("scenarios") == expected.scenarios)
    #expect(result.strings("strategy") == expected.strategies)
    #expect(result.string("seeds") == expected.seeds)
    #expect(result.string("out") == expected.out)
    #expect(result.int("jobs") == expected.jobs)
    #expect(result.flag("no-plots") == expected.noPlots)
  }

  @Test func defaultsAndGivenValuesAreDistinguished() throws {
    let result = try parsed(["run", "s.json", "--seeds", "1"])
    #expect(result.isGiven("seeds"))
    #expect(!result.isGiven("out"))
    #expect(result.strings("out") == ["results/latest"])
    #expect(!result.isGiven("no-plots"))
    #expect(result.isGiven("scenarios"))
  }

  @Test func optionalPositionalTakesItsDefault() throws {
    let withDefault = try parsed(["check", "--baseline", "base.csv"])
    #expect(withDefault.string("results") == "results/latest")
    #expect(withDefault.string("baseline") == "base.csv")
    let given = try parsed(["check", "mine", "--baseline", "base.csv", "--baseline-tolerance", "0.1"])
    #expect(given.string("results") == "mine")
    #expect(given.string("baseline-tolerance") == "0.1")
  }

  @Test(
    arguments: [
      (["-ab"], true, true, nil),
      (["-a", "-b"], true, true, nil),
      (["-abn", "3"], true, true, 3),
      (["-n", "7"], false, false, 7),
      (["-ba"], true, true, nil),
    ] as [([String], Bool, Bool, Int?)])
  func groupedShortNames(arguments: [String], a: Bool, b: Bool, n: Int?) throws {
    let parser = ArgumentParser(
      CommandSpec(
        name: "tool",
        arguments: [
          .flag("all", short: "a", help: "All."), .flag("brief", short: "b", help: "Brief."),
          .option("count", short: "n", type: .integer, help: "Count."),
        ]))
    guard case .command(let result) = try parser.parse(arguments) else {
      Issue.record("not a command")
      return
    }
    #expect(result.flag("all") == a)
    #expect(result.flag("brief") == b)
    #expect(result.int("count") == n)
  }

  @Test func versionIsAcceptedByEveryCommandBelowTheRoot() throws {
    #expect(try prefetchlab.parse(["--version"]) == .version("0.1.0"))
    #expect(try prefetchlab.parse(["run", "--version"]) == .version("0.1.0"))
    #expect(try prefetchlab.parse(["run", "s.json", "--jobs", "0", "--version"]) == .version("0.1.0"))
    #expect(try prefetchlab.parse(["run", "s.json", "--version=2", "--nope"]) == .version("0.1.0"))
    #expect(try prefetchlab.parse(["run", "--version", "--help"]) == .help(runHelp))
  }

}

// MARK: - Errors

private func runError(_ message: String, help: String? = nil) -> String {
  "Error: \(message)\n" + (help.map { "Help:  \($0)\n" } ?? "") + "Usage: \(runUsage)\n"
    + "  See 'prefetchlab run --help' for more information."
}

private let rootUsage = "Usage: prefetchlab <subcommand>\n  See 'prefetchlab --help' for more information."

@Suite struct ArgumentParserErrorTests {
  @Test(
    arguments: [
      (["run", "--frobnicate", "s.json"], runError("Unknown option '--frobnicate'")),
      (["run", "s.json", "--frobnicate=1"], runError("Unknown option '--frobnicate'")),
      (["run", "--foo", "s.json"], runError("Unknown option '--foo'")),
      (["run", "s.json", "--no-plot"], runError("Unknown option '--no-plot'. Did you mean '--no-plots'?")),
      (["run", "s.json", "--sedes", "1"], runError("Unknown option '--sedes'. Did you mean '--seeds'?")),
      (["run", "s.json", "--strat", "x"], runError("Unknown option '--strat'. Did you mean '--strategy'?")),
      (["run", "s.json", "--jbos", "2"], runError("Unknown option '--jbos'. Did you mean '--jobs'?")),
      (["run", "s.json", "-seeds", "2"], runError("Unknown option '-seeds'. Did you mean '--seeds'?")),
      (["run", "s.json", "-x"], runError("Unknown option '-x'")),
      (["run", "s.json", "-ox"], runError("Missing value for '-o <out>'", help: "-o <out>  Output folder.")),
      (
        ["run"],
        runError(
          "Missing expected argument '<scenarios> ...'",
          help: "<scenarios>  Scenario files or folders of scenario files.")
      ),
      (
        ["run", "--no-plots", "--out", "x"],
        runError(
          "Missing expected argument '<scenarios> ...'",
          help: "<scenarios>  Scenario files or folders of scenario files.")
      ),
      (
        ["run", "s.json", "--out"],
        runError("Missing value for '--out <out>'", help: "--out <out>  Output folder.")
      ),
      (["run", "s.json", "-o"], runError("Missing value for '-o <out>'", help: "-o <out>  Output folder.")),
      (
        ["run", "s.json", "--out", "--no-plots"],
        runError("Missing value for '--out <out>'", help: "--out <out>  Output folder.")
      ),
      (
        ["run", "s.json", "--out", "--", "x"],
        runError("Missing value for '--out <out>'", help: "--out <out>  Output folder.")
      ),
      (
        ["run", "s.json", "--out", "--help"],
        runError("Missing value for '--out <out>'", help: "--out <out>  Output folder.")
      ),
      (
        ["run", "s.json", "--jobs", "x"],
        runError("The value 'x' is invalid for '--jobs <jobs>'", help: "--jobs <jobs>  Runs in parallel.")
      ),
      (
        ["run", "s.json", "-j", "1.5", "--help"],
        runError("The value '1.5' is invalid for '-j <jobs>'", help: "-j <jobs>  Runs in parallel.")
      ),
      (
        ["run", "s.json", "--jobs", "0"],
        runError(
          "The value '0' is invalid for '--jobs <jobs>': must be at least 1",
          help: "--jobs <jobs>  Runs in parallel.")
      ),
      (
        ["run", "s.json", "-j", "-1"],
        runError("Missing value for '-j <jobs>'", help: "-j <jobs>  Runs in parallel.")
      ),
      (
        ["run", "s.json", "-j=0"],
        runError("Missing value for '-j <jobs>'", help: "-j <jobs>  Runs in parallel.")
      ),
      (
        ["run", "s.json", "--jobs=-1"],
        runError(
          "The value '-1' is invalid for '--jobs <jobs>': must be at least 1",
          help: "--jobs <jobs>  Runs in parallel.")
      ),
      (
        ["run", "s.json", "--no-plots=yes"],
        runError("The option '--no-plots' does not take any value, but 'yes' was specified.")
      ),
      (["frob"], "Error: Unknown command 'frob'\n" + rootUsage),
      (["rnu", "s.json"], "Error: Unknown command 'rnu'. Did you mean 'run'?\n" + rootUsage),
      (["frob", "run"], "Error: Unknown command 'frob'\n" + rootUsage),
      (["--foo"], "Error: Unknown option '--foo'\n" + rootUsage),
      (["--foo", "run", "s.json"], "Error: Unknown option '--foo'\n" + rootUsage),
      (
        ["report", "a", "b"],
        "Error: Unexpected argument 'b'\nUsage: prefetchlab report <results>\n"
          + "  See 'prefetchlab report --help' for more information."
      ),
      (
        ["report", "a", "b", "--", "c"],
        "Error: 2 unexpected arguments: 'b', 'c'\nUsage: prefetchlab report <results>\n"
          + "  See 'prefetchlab report --help' for more information."
      ),
      (
        ["check"],
        "Error: Missing expected argument '--baseline <baseline>'\n"
          + "Help:  --baseline <baseline>  Baseline summary.csv to compare against.\n"
          + "Usage: prefetchlab check [<results>] --baseline <baseline> [--baseline-tolerance <fraction>]\n"
          + "  See 'prefetchlab check --help' for more information."
      ),
      (
        ["check", "--baseline", "b.csv", "--baseline-tolerance", "abc"],
        "Error: --baseline-tolerance must be a number, got 'abc'\n"
          + "Usage: prefetchlab check [<results>] --baseline <baseline> [--baseline-tolerance <fraction>]\n"
          + "  See 'prefetchlab check --help' for more information."
      ),
    ] as [([String], String)])
  func usageErrorsRenderAsSwiftArgumentParser(arguments: [String], expected: String) {
    #expect(usageError(prefetchlab, arguments)?.text == expected)
  }

  @Test func messageIsTheSentenceAfterError() {
    let error = usageError(prefetchlab, ["run", "--frobnicate", "s.json"])
    #expect(error?.message == "Unknown option '--frobnicate'")
    #expect(error?.description == runError("Unknown option '--frobnicate'"))
  }

  @Test func validationRunsBeforeUnknownOptionsAsInSwiftArgumentParser() {
    #expect(
      usageError(prefetchlab, ["run", "s.json", "--jobs", "0", "--foo"])?.message
        == "The value '0' is invalid for '--jobs <jobs>': must be at least 1")
  }

  @Test func versionIsUnknownWithoutAVersion() {
    #expect(
      usageError(repeatExample, ["--version", "hello"])?.text
        == """
        Error: Unknown option '--version'
        Usage: repeat [--count <count>] [--include-counter] <phrase>
          See 'repeat --help' for more information.
        """)
  }

  @Test func repeatExampleErrorsMatchSwiftArgumentParser() {
    #expect(
      usageError(repeatExample, ["hello", "--count"])?.text
        == """
        Error: Missing value for '--count <count>'
        Help:  --count <count>  How many times to repeat 'phrase'.
        Usage: repeat [--count <count>] [--include-counter] <phrase>
          See 'repeat --help' for more information.
        """)
    #expect(
      usageError(repeatExample, ["hello", "--count", "ZZZ"])?.text
        == """
        Error: The value 'ZZZ' is invalid for '--count <count>'
        Help:  --count <count>  How many times to repeat 'phrase'.
        Usage: repeat [--count <count>] [--include-counter] <phrase>
          See 'repeat --help' for more information.
        """)
  }

  @Test func noArgumentsAtAllShowsTheErrorThenTheFullHelp() {
    #expect(
      usageError(repeatExample, [])?.text
        == "Error: Missing expected argument '<phrase>'\n\n" + repeatExample.helpText())
    // With at least one argument the short usage is shown, with the Help: line.
    #expect(
      usageError(repeatExample, ["--include-counter"])?.text
        == """
        Error: Missing expected argument '<phrase>'
        Help:  <phrase>  The phrase to repeat.
        Usage: repeat [--count <count>] [--include-counter] <phrase>
          See 'repeat --help' for more information.
        """)
  }

  @Test(
    arguments: [
      (["-ax"], "Unknown option '-x'"),
      (["-xyz"], "Unknown option '-xyz'"),
      (["-xa"], "Unknown option '-xa'"),
      (["-anb", "3"], "Missing value for '-n <count>'"),
      (["--count"], "Missing value for '--count <count>'"),
      (["--al"], "Unknown option '--al'. Did you mean '--all'?"),
      (["--zzzzzzzz"], "Unknown option '--zzzzzzzz'"),
    ] as [([String], String)])
  func shortNameErrors(arguments: [String], message: String) {
    let parser = ArgumentParser(
      CommandSpec(
        name: "tool",
        arguments: [
          .flag("all", short: "a", help: "All."), .flag("brief", short: "b", help: "Brief."),
          .option("count", short: "n", type: .integer, help: "Count."),
        ]))
    #expect(usageError(parser, arguments)?.message == message)
  }

  @Test func commandsCanRenderLaterChecksTheSameWay() throws {
    let result = try parsed(["run", "s.json", "-j", "3", "--strategy", "nope"])
    #expect(
      prefetchlab.usageError(ValidationError("Unknown strategy 'nope'"), for: result).text
        == runError("Unknown strategy 'nope'"))
    #expect(
      prefetchlab.usageError(.invalidValue("nope", for: "strategy", reason: "no such strategy"), for: result)
        .text
        == runError(
          "The value 'nope' is invalid for '--strategy <strategy>': no such strategy",
          help: "--strategy <strategy>  Run only this strategy, as NAME[:key=value,...]. Can be repeated."))
    #expect(
      prefetchlab.usageError(.invalidValue("3", for: "jobs", reason: "too many"), for: result).message
        == "The value '3' is invalid for '-j <jobs>': too many")
    #expect(
      prefetchlab.usageError(.invalidValue("s.json", for: "scenarios", reason: "not found"), for: result)
        .message
        == "The value 's.json' is invalid for '<scenarios>': not found")
  }
}
