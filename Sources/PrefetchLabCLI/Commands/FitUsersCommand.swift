import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab fit-users SESSION.csv… --scenario FILE --out POPULATION.json [--physics P]
/// [--clusters K] [--name NAME]`: synthetic users fitted to recorded scroll sessions, as a
/// population file `run --population` takes, and a report comparing recorded and fitted
/// sessions on standard error.
enum FitUsersCommand {
  static let spec = CommandSpec(
    name: "fit-users",
    abstract: "Fit synthetic users to recorded scroll sessions and write them as a population file.",
    discussion: """
      Each session is an offset_csv (t_ms,offset_pt, and a phase column as prefetchlab trace and \
      the recorders in recorders/ write it). The sessions are cut into touches (drags, flings), \
      jumps and dwells, fitted one by one to the synthetic user model, and grouped: each joins \
      the nearest of the models reader, skimmer, flinger, searcher and jumper, or with \
      --clusters K one of K k-means clusters (K ≤ 5, at most the number of sessions). Each group's \
      user is fitted to all its sessions' gestures (lognormal maximum likelihood, shares by \
      counting) and becomes a segment running --scenario's feed and network, weighted by its \
      number of sessions. Standard error gets the fit per group and a comparison of recorded and \
      fitted sessions (velocity, drag and fling velocity, dwell, distance per minute, reversal \
      rate: medians, 90th percentiles, two-sample Kolmogorov–Smirnov distance). --out replaces \
      only a population this command wrote, never an input.
      """,
    arguments: [
      .positional("sessions", repeating: true, help: "Recorded sessions (offset_csv files)."),
      .option("scenario", required: true, help: "The scenario whose feed and network each segment runs."),
      .option("out", required: true, help: "The population file to write."),
      .option(
        "physics",
        help:
          "Scroll physics of the recordings and the fitted users: ios, ios_fast or android (default: the scenario's)."
      ),
      .option(
        "clusters", range: 1...5,
        help: "Group into this many k-means clusters, 1...5, instead of by nearest model."),
      .option("name", help: "The population's name, 1...100 characters (default: --out's file name)."),
    ],
    validate: { parsed throws(ValidationError) in
      try OutputPathRule.check(parsed, option: "out", target: .file)
      if let physics = parsed.string("physics"), ScrollPhysics(rawValue: physics) == nil {
        throw .invalidValue(physics, for: "physics", reason: "must be one of ios, ios_fast, android")
      }
      if let k = parsed.int("clusters"), k > parsed.strings("sessions").count {
        throw .invalidValue(String(k), for: "clusters", reason: "must be at most the number of sessions")
      }
      if let name = parsed.string("name"), name.isEmpty || name.count > 100 {
        throw .invalidValue(name, for: "name", reason: "must be 1 to 100 characters")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, registry in
    try execute(parsed, terminal, registry: registry)
  }

  /// A population file this command wrote: its description starts so.
  static let descriptionPrefix = "Fitted by prefetchlab fit-users"

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    let paths = parsed.strings("sessions")
    let scenarioPath = parsed.string("scenario") ?? ""
    let out = parsed.string("out") ?? ""
    try ReplaceableFile.check(out, label: "--out \(out)", inputs: paths + [scenarioPath], isOwn: isOwn)
    let files = try ScenarioInputs.files(from: [scenarioPath])
    guard files.count == 1 else {
      throw InputError(
        file: scenarioPath, location: "", message: "--scenario takes one scenario file, got a folder")
    }
    guard let prepared = try ScenarioInputs.load(files, registry: registry).first else {
      return ExitStatus.ok
    }
    var sessions: [RecordedSession] = []
    var problems: [InputError] = []
    for path in paths {
      do throws(InputError) {
        sessions.append(try RecordedSession.load(path: path))
      } catch {
        problems.append(error)
      }
    }
    if !problems.isEmpty { throw InputErrors(errors: problems) }
    let physics = parsed.string("physics").flatMap(ScrollPhysics.init) ?? prepared.scenario.scroll.physics
    let grouping: SessionGrouping = parsed.int("clusters").map { .clusters($0) } ?? .named
    let fit = UserPopulationFit(sessions: sessions, grouping: grouping)
    let name = parsed.string("name") ?? defaultName(out)
    let outFolder = (out as NSString).deletingLastPathComponent
    let json = fit.populationJSON(
      name: name, scenarioPath: FolderPath.relative(scenarioPath, from: outFolder.isEmpty ? "." : outFolder),
      physics: physics, sessionCount: sessions.count)
    try AtomicFile.writeNew(
      json.serialized(pretty: true) + "\n", to: out, label: "--out \(out)", mayReplace: isOwn)
    terminal.err(fitText(fit, sessions: sessions, out: out))
    let synthetic = try fit.syntheticSessions(
      scenario: prepared.scenario, physics: physics, recorded: sessions)
    terminal.err(
      "\nRecorded against fitted sessions (\(synthetic.count) traced on \(prepared.scenario.name) under \(physics.rawValue)):\n"
        + SessionComparison(recorded: sessions, synthetic: synthetic).text)
    return ExitStatus.ok
  }

  static func isOwn(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path),
      let json = try? JSONValue(parsing: Array(data)),
      let description = json["description"]?.stringValue
    else { return false }
    return description.hasPrefix(descriptionPrefix)
  }

  /// `--out`'s file name without `.json`, cut to 100 characters.
  static func defaultName(_ out: String) -> String {
    var name = (out as NSString).lastPathComponent
    if name.hasSuffix(".json") { name.removeLast(5) }
    return name.isEmpty ? "fitted" : String(name.prefix(100))
  }

  /// Per group: its sessions, gestures and every parameter with the observations behind it.
  static func fitText(_ fit: UserPopulationFit, sessions: [RecordedSession], out: String) -> String {
    var text =
      "Wrote \(out): \(fit.groups.count) segment\(fit.groups.count == 1 ? "" : "s") from \(sessions.count) session\(sessions.count == 1 ? "" : "s")\n"
    let unphased = sessions.filter { !$0.hasPhases }.count
    if unphased > 0 {
      text +=
        "Note: \(unphased) session(s) have no phase column; drags and flings were told apart by speed alone\n"
    }
    for group in fit.groups {
      let f = group.fit
      text +=
        "\n\(group.model.rawValue)-like: \(group.sessions.count) session(s), \(f.gestureCount) gestures, \(f.touchCount) touches\n"
      var rows: [[String]] = [["parameter", "fitted", "n"]]
      func lognormal(_ name: String, _ value: FittedUser.Lognormal?) {
        guard let value else {
          rows.append([name, "model default (fewer than \(FittedUser.minimumSamples) observations)", "-"])
          return
        }
        rows.append([
          name,
          "LN(\(DecimalFormat.readable((value.median * 10).rounded() / 10)), \(DecimalFormat.readable((value.sigma * 1000).rounded() / 1000)))",
          String(value.count),
        ])
      }
      func share(_ name: String, _ value: Double?, _ n: Int) {
        rows.append([
          name, value.map { DecimalFormat.readable(($0 * 1000).rounded() / 1000) } ?? "model default",
          String(n),
        ])
      }
      lognormal("dwell_ms", f.dwellMs)
      if let reread = f.rereadDwellMs { lognormal("reread_dwell_ms", reread) }
      lognormal("stroke_ms", f.strokeMs)
      lognormal("drag_velocity_pt_s", f.dragVelocityPtS)
      share("fling_fraction", f.flingFraction, f.touchCount)
      lognormal("fling_velocity_pt_s", f.flingVelocityPtS)
      share("reversal_fraction", f.reversalFraction, f.directedPairCount)
      share("jump_fraction", f.jumpFraction, f.gestureCount)
      text += TextTable.render(rows, rightAligned: [2], indent: "  ")
    }
    return text
  }
}
