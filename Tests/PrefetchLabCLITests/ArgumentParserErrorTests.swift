import Testing

@testable import PrefetchLabCLI

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
        // A negative number is a value (swift-argument-parser reads it as a missing value).
        ["run", "s.json", "-j", "-1"],
        runError(
          "The value '-1' is invalid for '-j <jobs>': must be at least 1",
          help: "-j <jobs>  Runs in parallel.")
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

  /// A single-valued option given twice names the option and every value, with the option's help.
  @Test func aSingleValuedOptionGivenTwiceIsRefused() {
    #expect(
      usageError(repeatExample, ["hello", "--count", "2", "--count=3", "--count", "4"])?.text
        == """
        Error: '--count <count>' is given 3 times (2; 3; 4), but takes one value: give it once
        Help:  --count <count>  How many times to repeat 'phrase'.
        Usage: repeat [--count <count>] [--include-counter] <phrase>
          See 'repeat --help' for more information.
        """)
    // A flag given twice is still just set; help still wins.
    #expect((try? repeatExample.parse(["hello", "--include-counter", "--include-counter"])) != nil)
    #expect((try? repeatExample.parse(["hello", "--count", "2", "--count", "3", "--help"])) != nil)
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
    let parser = shortNameParser
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
