import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab recommend RESULTS [--minimize M1,M2,…] [--limit METRIC<=VALUE …]
/// [--format text|csv|markdown]`: the strategy to use per scenario (and for a population run).
enum RecommendCommand {
  static let spec = CommandSpec(
    name: "recommend",
    abstract: "Say which strategy to use per scenario of a results folder, the runner-up, and why.",
    discussion: """
      Reads a results folder and states, per scenario and for a population run, the recommended \
      strategy (its full label), the runner-up, each one's mean ± 95 % CI on the headline metrics \
      with the paired difference between them, and why; or 'no clear winner: A, B' when the seeds \
      run cannot tell the best apart, with about how many seeds would likely separate them. The \
      objective's metrics are taken in order (default stall_ms, then blank_ms): at each, strategies \
      the best mean beats significantly (paired by seed, the test 'compare' uses) drop out. The \
      oracle is the bound and never recommended; a strategy whose users abandon significantly more \
      than another's is ruled out; blank time, data, requests, radio time and energy are compared \
      per minute. Limits apply to a strategy's mean as summary.csv gives it. Exit 0; \
      64 for a bad metric or limit, 65 for a folder that cannot be read.
      """,
    arguments: [
      .positional(
        "results-dir", help: "The results folder (run, sweep or merge output), or its summary.csv."),
      .option(
        "minimize", valueName: "metrics",
        help:
          "Objective metrics in priority order, comma-separated (default stall_ms,blank_ms); each judged by its polarity."
      ),
      .option(
        "limit", valueName: "metric<=value", repeating: true,
        help: "Only strategies whose mean keeps this bound (METRIC<=VALUE or METRIC>=VALUE; repeatable)."),
      .option("format", default: "text", help: "Output format: text, markdown or csv."),
    ],
    validate: { parsed throws(ValidationError) in
      if let format = parsed.string("format"), RecommendationFormat(rawValue: format) == nil {
        throw .invalidValue(format, for: "format", reason: "expected text, markdown or csv")
      }
      _ = try objective(parsed)
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func objective(_ parsed: ParsedArguments) throws(ValidationError) -> Objective {
    var objective = Objective.standard
    if let text = parsed.string("minimize") {
      do throws(ObjectiveError) {
        objective.metrics = try Objective.metrics(text)
      } catch {
        throw .invalidValue(text, for: "minimize", reason: error.description)
      }
    }
    for text in parsed.strings("limit") {
      do throws(ObjectiveError) {
        objective.limits.append(try Objective.limit(text))
      } catch {
        throw .invalidValue(text, for: "limit", reason: error.description)
      }
    }
    return objective
  }

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws -> Int32
  {
    // A summary.csv or manifest.json names its folder, as for check.
    let folder = try CheckCommand.folderPath(parsed.string("results-dir") ?? "")
    let data = try ResultsData(path: folder)
    guard !data.folder.rows.isEmpty else {
      throw InputError(
        file: (folder as NSString).appendingPathComponent("summary.csv"), location: "",
        message: "holds no runs (only its header row): nothing to recommend from")
    }
    let objective = try objective(parsed)
    var recommendations = data.scenarios.map { Recommendation($0, objective: objective) }
    if let population = data.folder.manifest?.population {
      recommendations.append(
        Recommendation(
          Contest(Contender.population(population, rows: data.folder.rows)),
          scope: "population \(population.name)", objective: objective))
    }
    let format = RecommendationFormat(rawValue: parsed.string("format") ?? "text") ?? .text
    terminal.out(format.render(recommendations))
    return ExitStatus.ok
  }
}
