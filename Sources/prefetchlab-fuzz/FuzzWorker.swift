import Foundation
import PrefetchLab
import PrefetchLabCLI

#if canImport(Glibc)
  import Glibc
#endif

/// Runs fuzz inputs in this process through the CLI library, as `prefetchlab validate` and
/// `prefetchlab run` would, and reports each on standard output, one line at a time, so that the
/// coordinator can tell which input a crash or hang belongs to:
///
/// `begin I`, then `done I VALIDATE RUN` (exit statuses, `-` when not run), with a
/// `problem I KIND MESSAGE` line before it for every broken rule.
struct FuzzWorker {
  let seed: UInt64
  let corpus: FuzzCase.Corpus
  let workFolder: String
  /// Runs only sessions up to this long (trace time, s): longer ones are validated only, so a
  /// batch keeps its pace (a 10^6 s session is valid but takes minutes).
  let runLimitS: Double
  /// A `prefetchlab` binary to run as a separate process instead of the CLI library in this one
  /// (to fuzz another build, an older release say); its crashes and hangs (beyond
  /// `externalDeadlineS`) are reported as problems of the input.
  var externalCLI: String? = nil
  var externalDeadlineS = 30.0

  static let strategies = StrategyRegistry.builtIn.names

  func run(indexes: Range<Int>) {
    for index in indexes {
      emit("begin \(index)")
      let outcome = check(index)
      for problem in outcome.problems { emit("problem \(index) \(problem)") }
      emit("done \(index) \(outcome.validate) \(outcome.run.map(String.init) ?? "-")")
    }
  }

  struct Outcome {
    var validate: Int32 = -1
    var run: Int32?
    var problems: [String] = []
  }

  func check(_ index: Int) -> Outcome {
    var outcome = Outcome()
    let input = FuzzCase(seed: seed, index: index, corpus: corpus, strategies: Self.strategies)
    let folder = workFolder + "/input-\(index)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path: String
    do {
      path = try input.write(into: folder)
    } catch {
      outcome.problems.append("harness could not write the input: \(error)")
      return outcome
    }
    let validate = RecordingTerminal()
    outcome.validate = invoke(["validate", path], validate, &outcome)
    if outcome.validate != 0 && outcome.validate != 65 {
      outcome.problems.append("status validate exited \(outcome.validate): \(validate.stderr.prefix(300))")
    }
    if outcome.validate == 65 && !validate.stderr.hasPrefix("Error: ") {
      outcome.problems.append("message validate's exit 65 printed no error")
    }
    guard outcome.validate == 0 else { return outcome }
    let seconds = OutputInvariants.traceSeconds(inValidateOutput: validate.stdout)
    if let length = seconds.first, length > InputLimits.maxSessionSeconds {
      outcome.problems.append("invariant validate accepted a \(length) s session (the cap is 10^6 s)")
    }
    guard let length = seconds.first, length <= runLimitS else { return outcome }
    let out = folder + "/results"
    let run = RecordingTerminal()
    outcome.run = invoke(
      ["run", path, "--out", out, "--no-plots", "--jobs", "1"] + input.runOptions, run, &outcome)
    switch outcome.run {
    case 0:
      outcome.problems += OutputInvariants.problems(inFolder: out).prefix(5).map { "invariant \($0)" }
    case 65:
      if FileManager.default.fileExists(atPath: out) {
        outcome.problems.append("leftover run exited 65 but wrote \(out)")
      }
      let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      if let staged = siblings.first(where: { $0.hasPrefix(".") }) {
        outcome.problems.append("leftover run exited 65 but left \(staged)")
      }
    default:
      outcome.problems.append(
        "status run exited \(outcome.run ?? -1) after validate accepted: \(run.stderr.prefix(300))")
    }
    return outcome
  }

  /// The CLI's exit status for `arguments`: in this process, or in `externalCLI`'s (a crash or a
  /// hang there is recorded in `outcome` and reads as status 132 or 124).
  private func invoke(_ arguments: [String], _ terminal: RecordingTerminal, _ outcome: inout Outcome) -> Int32
  {
    guard let externalCLI else { return CommandLineTool.main(arguments, terminal: terminal) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: externalCLI)
    process.arguments = arguments
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-out-\(getpid())")
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-err-\(getpid())")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(at: errors)
    }
    guard let out = try? FileHandle(forWritingTo: output), let err = try? FileHandle(forWritingTo: errors)
    else {
      return -1
    }
    process.standardOutput = out
    process.standardError = err
    guard (try? process.run()) != nil else { return -1 }
    let started = Date()
    while process.isRunning && Date().timeIntervalSince(started) < externalDeadlineS {
      Thread.sleep(forTimeInterval: 0.01)
    }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      outcome.problems.append("hang \(arguments[0]) did not finish in \(Int(externalDeadlineS)) s")
      return 124
    }
    terminal.out((try? String(contentsOf: output, encoding: .utf8)) ?? "")
    terminal.err((try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    if process.terminationReason == .uncaughtSignal {
      outcome.problems.append(
        "crash \(arguments[0]) was killed by signal \(process.terminationStatus): \(terminal.stderr.suffix(300))"
      )
      return 132
    }
    return process.terminationStatus
  }

  private func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
  }
}
