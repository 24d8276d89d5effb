import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs fuzz inputs in batches, each in a child process (`--worker`), `jobs` at a time. A child
/// reports every input it starts and finishes (`FuzzWorker`), so when one crashes (killed by a
/// signal) or hangs (no report for `deadline` seconds; it is then killed) the input at fault is
/// the one it began last: that input is recorded and saved, and a new child carries on with the
/// next. A child is also limited to `memoryLimitBytes` of address space, so an input that makes
/// memory grow without bound fails fast as a crash instead of exhausting the machine.
final class FuzzCoordinator {
  struct Options {
    var seed: UInt64
    var count: Int
    var first = 0
    var jobs = 2
    var batch = 200
    var deadlineS = 60.0
    var corpus = "scenarios"
    var failures = "fuzz-failures"
    var runLimitS = 600.0
    var memoryLimitBytes: UInt64 = 6 << 30
    var externalCLI: String?
  }

  struct Failure {
    let index: Int
    let kind: String
    let detail: String
  }

  let options: Options
  let executable: String
  private(set) var failures: [Failure] = []
  private(set) var counts: [String: Int] = [:]
  private(set) var finished = 0

  init(options: Options) {
    self.options = options
    let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    executable = link ?? CommandLine.arguments[0]
  }

  /// A running child and what it has said. Its buffer and clock are written by the pipe's reading
  /// thread under `lock`; everything else only by the coordinator's loop.
  private final class Child: @unchecked Sendable {
    let process = Process()
    let pipe = Pipe()
    let lock = NSLock()
    var buffer = Data()
    var lastHeard = Date()
    var current: Int?
    var next: Int
    let end: Int
    var done = false
    /// The pipe reached end of file: every report has been read.
    var closed = false

    var isClosed: Bool {
      lock.lock()
      defer { lock.unlock() }
      return closed
    }

    init(next: Int, end: Int) {
      self.next = next
      self.end = end
    }

    func take() -> [String] {
      lock.lock()
      defer { lock.unlock() }
      var lines: [String] = []
      while let newline = buffer.firstIndex(of: 0x0A) {
        lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
        buffer.removeSubrange(buffer.startIndex...newline)
      }
      return lines
    }
  }

  func run() throws {
    var pending: [(Int, Int)] = []
    var start = options.first
    let end = options.first + options.count
    while start < end {
      pending.append((start, min(end, start + options.batch)))
      start += options.batch
    }
    pending.reverse()
    var running: [Child] = []
    let began = Date()
    var lastReport = Date()
    while !pending.isEmpty || !running.isEmpty {
      while running.count < options.jobs, let (from, to) = pending.popLast() {
        running.append(try launch(from: from, to: to))
      }
      Thread.sleep(forTimeInterval: 0.05)
      for child in running {
        for line in child.take() { handle(line, child) }
        if !child.process.isRunning && child.isClosed {
          for line in child.take() { handle(line, child) }
          if let current = child.current {
            let status = child.process.terminationStatus
            let reason =
              child.process.terminationReason == .uncaughtSignal ? "signal \(status)" : "exit \(status)"
            record(
              Failure(index: current, kind: "crash", detail: "worker died (\(reason)) in input \(current)"))
            child.current = nil
            if current + 1 < child.end { pending.append((current + 1, child.end)) }
          } else if child.next < child.end {
            // Exited between inputs without finishing its batch: the harness itself failed.
            throw FuzzFailure(
              "a worker exited (status \(child.process.terminationStatus)) before input \(child.next)")
          }
          child.done = true
        } else if let current = child.current, Date().timeIntervalSince(child.lastHeard) > options.deadlineS {
          kill(child.process.processIdentifier, SIGKILL)
          record(Failure(index: current, kind: "hang", detail: "no progress for \(Int(options.deadlineS)) s"))
          child.current = nil
          if current + 1 < child.end { pending.append((current + 1, child.end)) }
          child.done = true
        }
      }
      running.removeAll(where: \.done)
      if Date().timeIntervalSince(lastReport) > 30 {
        lastReport = Date()
        report(progress: true, seconds: Date().timeIntervalSince(began))
      }
    }
    report(progress: false, seconds: Date().timeIntervalSince(began))
  }

  private func launch(from: Int, to: Int) throws -> Child {
    let child = Child(next: from, end: to)
    child.process.executableURL = URL(fileURLWithPath: executable)
    child.process.arguments =
      [
        "--worker", "--seed", String(options.seed), "--first", String(from), "--count", String(to - from),
        "--corpus", options.corpus, "--run-limit-s", String(options.runLimitS),
        "--memory-limit-bytes", String(options.memoryLimitBytes),
      ] + (options.externalCLI.map { ["--cli", $0] } ?? [])
    child.process.standardOutput = child.pipe
    child.process.standardError = FileHandle.nullDevice
    try child.process.run()
    // A thread per child reads its reports as they come (blocking reads end at end of file).
    let handle = child.pipe.fileHandleForReading
    Thread.detachNewThread {
      while true {
        let data = handle.availableData
        child.lock.lock()
        child.buffer.append(data)
        child.lastHeard = Date()
        child.lock.unlock()
        if data.isEmpty { break }
      }
      child.lock.lock()
      child.closed = true
      child.lock.unlock()
    }
    return child
  }

  private func handle(_ line: String, _ child: Child) {
    let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, let index = Int(parts[1]) else { return }
    switch parts[0] {
    case "begin":
      child.current = index
    case "problem":
      record(
        Failure(
          index: index, kind: parts.count > 2 ? parts[2] : "problem", detail: parts.count > 3 ? parts[3] : "")
      )
    case "done":
      child.current = nil
      child.next = index + 1
      finished += 1
      counts["validate \(parts.count > 2 ? parts[2] : "?")", default: 0] += 1
      if parts.count > 3 && parts[3] != "-" { counts["run \(parts[3])", default: 0] += 1 }
    default: break
    }
  }

  private func record(_ failure: Failure) {
    failures.append(failure)
    FileHandle.standardError.write(
      Data("FAIL input \(failure.index) [\(failure.kind)] \(failure.detail)\n".utf8))
    save(failure)
  }

  /// Writes the input's files where they can be looked at and replayed.
  private func save(_ failure: Failure) {
    let folder = options.failures + "/\(failure.kind)-seed\(options.seed)-input\(failure.index)"
    guard let corpus = try? FuzzCase.Corpus(folder: options.corpus) else { return }
    let input = FuzzCase(
      seed: options.seed, index: failure.index, corpus: corpus, strategies: FuzzWorker.strategies)
    _ = try? input.write(into: folder)
    let note = """
      \(failure.kind): \(failure.detail)
      replay: prefetchlab-fuzz --replay \(failure.index) --seed \(options.seed) --corpus \(options.corpus)
      run options: \(input.runOptions.joined(separator: " "))

      """
    try? Data(note.utf8).write(to: URL(fileURLWithPath: folder + "/FAILURE.txt"))
  }

  func report(progress: Bool, seconds: Double) {
    let crashes = failures.filter { $0.kind == "crash" }.count
    let hangs = failures.filter { $0.kind == "hang" }.count
    let other = failures.count - crashes - hangs
    let tally = counts.keys.sorted().map { "\($0): \(counts[$0]!)" }.joined(separator: ", ")
    let line =
      "\(progress ? "…" : "fuzz:") seed \(options.seed), inputs \(options.first)..<\(options.first + options.count): "
      + "\(finished) finished in \(Int(seconds)) s (\(tally)); crashes \(crashes), hangs \(hangs), other problems \(other)\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  }
}
