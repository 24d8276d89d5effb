import Testing

@testable import PrefetchLabCLI

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
    let parser = shortNameParser
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
