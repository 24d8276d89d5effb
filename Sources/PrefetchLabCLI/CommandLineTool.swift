import Foundation
import PrefetchLab
import PrefetchLabReports

/// Entry point of the `prefetchlab` command, callable from tests.
public enum CommandLineTool {
  /// A verb: its command-line description and what it does.
  struct Verb: Sendable {
    let spec: CommandSpec
    /// Receives the parsed arguments, the terminal and the strategies known by name (the
    /// registry given to `main`).
    let execute: @Sendable (ParsedArguments, TerminalOutput, StrategyRegistry) throws -> Int32
  }

  static let verbs: [Verb] = [
    RunCommand.verb, ValidateCommand.verb, ListCommand.verb, BenchCommand.verb, CheckCommand.verb,
    TraceCommand.verb, TraceNetworkCommand.verb, ReportCommand.verb, CompareCommand.verb, MetricsCommand.verb,
    ConstantsCommand.verb, MergeCommand.verb, SweepCommand.verb, SchemaCommand.verb, InitCommand.verb,
    ImportCommand.verb, FitUsersCommand.verb, RecommendCommand.verb,
  ]

  static let root = CommandSpec(
    name: "prefetchlab",
    abstract: "Simulate list-prefetch strategies against users and networks, and compare them.",
    discussion: """
      Replays user-scroll and network scenarios against pluggable prefetch strategies in a \
      deterministic discrete-event simulation and writes stall, blank-screen, time-to-content \
      and wasted-fetch metrics as CSV.
      """,
    version: ToolVersion.current,
    subcommands: verbs.map(\.spec))

  /// Runs the command for `arguments` (without the program name) and returns the exit status.
  ///
  /// - Parameters:
  ///   - strategies: the strategies known by name, handed to every verb (`run`, `check`,
  ///     `trace`, `validate`, `list`, `bench`). Pass a registry with your own strategies added to
  ///     build a `prefetchlab` of your own:
  ///     `exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst()), strategies: mine))`.
  ///     nil (the default) is `StrategyRegistry.builtIn`, made only when a verb runs, so
  ///     `--help`, `--version` and usage errors do not build it.
  ///   - environment: the variables the verbs see instead of the process's: `PATH` decides
  ///     whether gnuplot is found (`run`, `report`, `trace-network`). Tests pass a `PATH` with or
  ///     without gnuplot to make its presence a stated condition.
  public static func main(
    _ arguments: [String], terminal: TerminalOutput = StandardTerminal(),
    strategies: StrategyRegistry? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    dispatch(arguments, terminal: EscapingTerminal(terminal), registry: strategies, environment: environment)
  }

  private static func dispatch(
    _ arguments: [String], terminal: TerminalOutput, registry: StrategyRegistry?,
    environment: [String: String]
  ) -> Int32 {
    let parser = ArgumentParser(root)
    let parsed: ParsedArguments
    do {
      switch try parser.parse(arguments) {
      case .help(let text):
        terminal.out(text.hasSuffix("\n") ? text : text + "\n")
        return ExitStatus.ok
      case .version(let text):
        terminal.out(text + "\n")
        return ExitStatus.ok
      case .command(var result):
        result.environment = environment
        parsed = result
      }
    } catch {
      terminal.err(error.text + "\n")
      return ExitStatus.usage
    }
    // The verb is the first word after the program's name (`import` for `import har`).
    let verbName = parsed.commandPath.dropFirst().first
    guard let verb = verbs.first(where: { $0.spec.name == verbName }) else {
      terminal.err("Error: unknown command\n")
      return ExitStatus.usage
    }
    let status: Int32
    do {
      status = try verb.execute(parsed, terminal, registry ?? .builtIn)
    } catch {
      InterruptHandling.waitIfInterrupted()
      return report(error, parsed: parsed, parser: parser, terminal: terminal)
    }
    InterruptHandling.waitIfInterrupted()
    return status
  }

  /// Prints `error` as its kind is reported and returns the exit status it maps to.
  private static func report(
    _ error: any Error, parsed: ParsedArguments, parser: ArgumentParser, terminal: TerminalOutput
  ) -> Int32 {
    do {
      throw error
    } catch let error as UsageError {
      terminal.err(error.text + "\n")
      return ExitStatus.usage
    } catch let error as ValidationError {
      terminal.err(parser.usageError(error, for: parsed).text + "\n")
      return ExitStatus.usage
    } catch let error as OutputRefusal {
      terminal.err("Error: \(error.description)\n")
      return ExitStatus.usage
    } catch let error as InputError {
      terminal.err(error.lines.map { "Error: \($0)\n" }.joined())
      return ExitStatus.badInput
    } catch let error as InputErrors {
      // A problem found through several routes (one scenario file run by two population
      // segments) is the same line each time: printed once.
      var seen: Set<String> = []
      let lines = error.errors.flatMap(\.lines).filter { seen.insert($0).inserted }
      terminal.err(lines.map { "Error: \($0)\n" }.joined())
      return ExitStatus.badInput
    } catch let error as OutputError {
      terminal.err("Error: \(error.description)\n")
      return ExitStatus.failure
    } catch let error as CommandFailure {
      terminal.err("Error: \(error.message)\n")
      return error.status
    } catch {
      terminal.err("Error: \(error)\n")
      return ExitStatus.failure
    }
  }
}
