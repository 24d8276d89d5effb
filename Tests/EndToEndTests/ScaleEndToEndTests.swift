import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Big runs: sharding and merging, progress and --quiet, leftovers and interruptions, output
/// safety and long labels, run through the built binary.
@Suite struct ScaleEndToEndTests {
  /// `--shard 1/3`, `2/3`, `3/3` and `merge` give the folder the unsharded run writes, byte for
  /// byte (summary.csv, manifest.json and the run tables), whatever order the shards are given
  /// in; the shards are moved, not copied: their folders are gone afterwards.
  @Test func threeShardsMergeIntoTheWholeRun() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // One seed of each bundled scenario: the slices cut across scenarios and strategies.
    let common = ["run", "scenarios/", "--seeds", "1", "--no-plots", "--quiet"]
    let whole = try Prefetchlab.run(common + ["--out", scratch.path("whole")])
    #expect(whole.status == 0, "\(whole.err)")
    var counts: [Int] = []
    for index in 1...3 {
      let shard = try Prefetchlab.run(
        common + ["--shard", "\(index)/3", "--out", scratch.path("shard-\(index)")])
      #expect(shard.status == 0, "\(shard.err)")
      #expect(shard.err == "")
      let lines = try String(contentsOfFile: scratch.path("shard-\(index)/summary.csv"), encoding: .utf8)
        .split(separator: "\r\n")
      counts.append(lines.count - 1)
    }
    let total = try Prefetchlab.bundledRunCount(seeds: 1)
    #expect(counts.reduce(0, +) == total)
    #expect(counts.max()! - counts.min()! <= 1, "balanced slices: \(counts)")
    let merged = try Prefetchlab.run([
      "merge", scratch.path("shard-3"), scratch.path("shard-1"), scratch.path("shard-2"), "--out",
      scratch.path("merged"), "--quiet",
    ])
    #expect(merged.status == 0, "\(merged.err)")
    #expect(
      merged.out
        == "\(total) runs from 3 shards merged into \(scratch.path("merged")); 3 shard folders removed\n")
    for index in 1...3 { #expect(!FileManager.default.fileExists(atPath: scratch.path("shard-\(index)"))) }
    try expectIdenticalFolders(scratch.path("whole"), scratch.path("merged"))
    for table in ["timeline.csv.gz", "events.csv.gz", "ttc.csv.gz"] {
      #expect(FileManager.default.fileExists(atPath: scratch.path("merged/" + table)), "\(table)")
    }
    #expect(
      FileManager.default.contents(atPath: scratch.path("whole/summary.csv"))
        == FileManager.default.contents(atPath: scratch.path("merged/summary.csv")))
  }

  /// Shards that do not make one run are refused with exit 65, naming them, and nothing is
  /// written: a missing slice, a slice given twice, a shard of another experiment.
  @Test func mergeRefusesShardsThatDoNotFit() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let common = ["run", "scenarios/reader-lte.json", "--seeds", "1-4", "--no-plots", "--quiet"]
    for index in 1...3 {
      let shard = try Prefetchlab.run(common + ["--shard", "\(index)/3", "--out", scratch.path("s\(index)")])
      #expect(shard.status == 0, "\(shard.err)")
    }
    let other = try Prefetchlab.run(
      [
        "run", "scenarios/reader-lte.json", "--seeds", "1-5", "--no-plots", "--quiet", "--shard", "2/3",
        "--out",
        scratch.path("other"),
      ])
    #expect(other.status == 0)
    let out = scratch.path("merged")
    let missing = try Prefetchlab.run(["merge", scratch.path("s1"), scratch.path("s3"), "--out", out])
    #expect(missing.status == 65)
    // Slice 2 of 3 holds the runs at positions 1, 4, 7, … of the canonical order.
    let runs = try Prefetchlab.strategyNames().count * 4
    let inSlice2 = (0..<runs).filter { $0 % 3 == 1 }.count
    #expect(
      missing.err.contains(
        "no folder for slice 2/3; \(inSlice2) of \(runs) runs missing: reader-lte / infinite_scroll / seed 2 (slice 2)"
      ),
      "\(missing.err)")
    let twice = try Prefetchlab.run([
      "merge", scratch.path("s1"), scratch.path("s2"), scratch.path("s1"), "--out", out,
    ])
    #expect(twice.status == 65)
    #expect(
      twice.err.contains(
        "\(scratch.path("s1")): manifest.json: shard: overlaps \(scratch.path("s1")): both hold slice 1/3"),
      "\(twice.err)")
    let foreign = try Prefetchlab.run([
      "merge", scratch.path("s1"), scratch.path("other"), scratch.path("s3"), "--out", out,
    ])
    #expect(foreign.status == 65)
    #expect(
      foreign.err.contains(
        "\(scratch.path("other")): manifest.json: comes from a different experiment than \(scratch.path("s1"))"
      ), "\(foreign.err)")
    #expect(foreign.err.contains("): merge only shards of the same command (run or sweep) and inputs\n"))
    let whole = try Prefetchlab.run([
      "run", "scenarios/reader-lte.json", "--seeds", "1", "--no-plots", "--quiet", "--out", scratch.path("w"),
    ])
    #expect(whole.status == 0)
    let notShard = try Prefetchlab.run(["merge", scratch.path("w"), "--out", out])
    #expect(notShard.status == 65)
    #expect(notShard.err.contains("not a shard"))
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).allSatisfy {
        !$0.contains("partial")
      })
  }

  /// `--quiet` prints nothing on stderr; without it, stderr that is not a terminal gets one
  /// closing line per phase and no carriage returns; stdout never carries progress.
  @Test func quietIsSilentAndLogsGetOneLinePerPhase() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let quiet = try Prefetchlab.run([
      "run", "scenarios/reader-lte.json", "--seeds", "1-2", "--no-plots", "--quiet", "--out",
      scratch.path("q"),
    ])
    #expect(quiet.status == 0)
    #expect(quiet.err == "")
    let logged = try Prefetchlab.run([
      "run", "scenarios/reader-lte.json", "--seeds", "1-2", "--no-plots", "--out", scratch.path("l"),
    ])
    #expect(logged.status == 0)
    let lines = logged.err.split(separator: "\n")
    #expect(lines.count == 1, "\(logged.err)")
    let runs = try Prefetchlab.strategyNames().count * 2
    #expect(lines[0].hasPrefix("simulating: \(runs) runs in "), "\(logged.err)")
    #expect(lines[0].contains("3 run tables") && lines[0].contains("CPU: simulating "))
    #expect(!logged.err.contains("\r"))
    #expect(!logged.out.contains("simulating"))
  }

  /// On a terminal (a pseudo-terminal here), stderr shows a progress line redrawn in place with
  /// the phase, runs done of the total, the rate and the time left.
  @Test func aTerminalShowsProgress() throws {
    let pty = try #require(PseudoTerminal.open())
    let master = pty.master
    defer { close(master) }
    let slavePath = pty.slavePath
    let slave = try #require(FileHandle(forWritingAtPath: slavePath))
    let scratch = try Scratch()
    defer { scratch.remove() }
    let process = Process()
    process.executableURL = Prefetchlab.executable
    process.arguments = [
      "run", "scenarios/", "--seeds", "1", "--no-plots", "--jobs", "1", "--out", scratch.path("r"),
    ]
    process.currentDirectoryURL = Prefetchlab.packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm"
    process.environment = environment
    let stdout = scratch.path("stdout")
    _ = FileManager.default.createFile(atPath: stdout, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
    process.standardError = slave
    // Read the terminal while the run writes to it, so it never blocks on a full buffer.
    let output = PTYReader(master)
    try process.run()
    process.waitUntilExit()
    try slave.close()
    let text = output.finish()
    #expect(process.terminationStatus == 0)
    // The run's own summary on stdout says how many runs the bundled scenarios make.
    let summary = try String(contentsOfFile: stdout, encoding: .utf8)
    let total = try #require(
      summary.split(separator: "\n").compactMap { line in
        line.contains(" runs written to ") ? Int(line.split(separator: " ")[0]) : nil
      }.first, "\(summary)")
    #expect(total > 0)
    #expect(text.contains("\r\u{1B}[K"), "a line redrawn in place")
    #expect(text.contains("simulating  0/\(total) runs  0 %"), "\(text.prefix(300))")
    #expect(text.contains(" runs/s  ETA "), "rate and time left")
    #expect(text.contains("simulating: \(total) runs in "), "the closing line")
  }

  /// A run killed with SIGKILL leaves its staging folder; the next run for the same --out removes
  /// it and says so. A folder of a live process, or one that is not a staging folder, is kept.
  @Test func aKilledRunsLeftoversAreCleanedByTheNextRun() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("results/latest")
    let killed = try startRun([
      "run", "scenarios/", "--seeds", "1-20", "--no-plots", "--jobs", "1", "--out", out,
    ])
    let partial = try waitForStaging(of: out)
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    #expect(FileManager.default.fileExists(atPath: partial), "SIGKILL leaves the staging folder")
    // Not ours: a look-alike folder without the marker and with a file we never write.
    let lookalike = out + ".partial-1-abc"
    try FileManager.default.createDirectory(atPath: lookalike, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: lookalike + "/notes.txt"))
    let next = try Prefetchlab.run([
      "run", "scenarios/reader-lte.json", "--seeds", "1", "--no-plots", "--out", out,
    ])
    #expect(next.status == 0, "\(next.err)")
    #expect(
      next.err.contains("removed \(partial), left unfinished by a run that no longer exists"), "\(next.err)")
    #expect(!FileManager.default.fileExists(atPath: partial))
    #expect(FileManager.default.fileExists(atPath: lookalike + "/notes.txt"))
  }

  /// A results folder at `relative` in `scratch` from an earlier run, its contents, and an
  /// empty file for the next run's stderr: what an interrupted run must leave as it was.
  private func earlierResults(in scratch: Scratch, at relative: String) throws -> (
    out: String, before: [String: Data], errorFile: String
  ) {
    let out = scratch.path(relative)
    let first = try Prefetchlab.run([
      "run", "scenarios/reader-lte.json", "--seeds", "1", "--no-plots", "--quiet", "--out", out,
    ])
    #expect(first.status == 0)
    let errorFile = scratch.path("stderr")
    _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
    return (out, try folderContents(out), errorFile)
  }

  /// Ctrl-C (SIGINT) and SIGTERM remove the run's staging folder and exit 130 and 143; the
  /// previous results stay as they were.
  @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
  func anInterruptedRunCleansUp(signal: Int32, status: Int32, name: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (out, before, errorFile) = try earlierResults(in: scratch, at: "results/latest")
    let process = try startRun(
      ["run", "scenarios/", "--seeds", "1-20", "--jobs", "1", "--out", out], stderr: errorFile)
    let partial = try waitForStaging(of: out)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationStatus == status)
    #expect(!FileManager.default.fileExists(atPath: partial))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("results")) == ["latest"])
    #expect(try folderContents(out) == before)
    let message = try String(contentsOfFile: errorFile, encoding: .utf8)
    #expect(message.contains("interrupted (\(name)): removed \(partial)"), "\(message)")
  }

  /// Ctrl-C while gnuplot draws exits 130 too, with the previous results intact, no `.partial-`
  /// folder and no gnuplot left running. It exited 1 ("plotting was interrupted", or "cannot create
  /// folder" in the staging folder being removed) and left `<out>.partial-…0` behind when the
  /// command's own error won the race with the clean-up, and gnuplot outlived it by about 1 s.
  @Test(.enabled(if: Gnuplot.isInstalled, "needs gnuplot"), arguments: [0, 500_000, 2_000_000])
  func anInterruptWhilePlottingCleansUp(delayMicroseconds: Int) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (out, before, errorFile) = try earlierResults(in: scratch, at: "rl")
    let process = try startRun(
      [
        "run", "scenarios/reader-lte.json", "--seeds", "1-30", "--timelines", "all", "--jobs", "2", "--out",
        out, "--replace",
      ],
      stderr: errorFile, path: Gnuplot.installedPath)
    let partial = try waitForStaging(of: out, holding: "plots")
    usleep(useconds_t(delayMicroseconds))
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    let message = try String(contentsOfFile: errorFile, encoding: .utf8)
    #expect(process.terminationStatus == 130, "\(message)")
    #expect(message.contains("interrupted (SIGINT): removed ") && !message.contains("Error:"), "\(message)")
    #expect(!FileManager.default.fileExists(atPath: partial))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["rl", "stderr"])
    #expect(try folderContents(out) == before)
    #expect(processesWorking(in: "prefetchlab-plots-\(process.processIdentifier)-").isEmpty)
  }

  /// `--out` never replaces a folder holding the run's own inputs, nor a folder prefetchlab did
  /// not write (a thesis beside a summary.csv): exit 64 with what to do, everything left as it was.
  @Test func outRefusesFoldersItMustNotReplace() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let experiment = scratch.path("exp")
    try FileManager.default.createDirectory(atPath: experiment, withIntermediateDirectories: true)
    let scenario = try Data(
      contentsOf: Prefetchlab.packageRoot.appendingPathComponent("scenarios/reader-lte.json"))
    try scenario.write(to: URL(fileURLWithPath: experiment + "/reader.json"))
    let own = try Prefetchlab.run(["run", experiment, "--replace", "--out", experiment, "--no-plots"])
    #expect(own.status == 64)
    #expect(
      own.err
        == "Error: \(experiment): holds \(experiment), which this run reads; refusing to replace it. Write the results elsewhere, e.g. --out results/exp\n",
      "\(own.err)")
    #expect(FileManager.default.contents(atPath: experiment + "/reader.json") == scenario)
    let thesis = scratch.path("thesis")
    try FileManager.default.createDirectory(atPath: thesis, withIntermediateDirectories: true)
    try Data("\\documentclass{article}".utf8).write(to: URL(fileURLWithPath: thesis + "/thesis.tex"))
    try Data("a,b\r\n".utf8).write(to: URL(fileURLWithPath: thesis + "/summary.csv"))
    let other = try Prefetchlab.run([
      "run", experiment + "/reader.json", "--replace", "--out", thesis, "--no-plots",
    ])
    #expect(other.status == 64)
    #expect(other.err.contains("exists and is not a results folder written by prefetchlab"))
    #expect(other.err.contains("Choose a new or empty folder for --out"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: thesis).sorted() == ["summary.csv", "thesis.tex"])
    // A results folder with a file of the user's added is not replaced either.
    let results = scratch.path("results")
    #expect(
      try Prefetchlab.run([
        "run", experiment + "/reader.json", "--replace", "--out", results, "--no-plots", "--quiet",
      ])
      .status == 0)
    try Data("notes".utf8).write(to: URL(fileURLWithPath: results + "/notes.txt"))
    let added = try Prefetchlab.run([
      "run", experiment + "/reader.json", "--replace", "--out", results, "--no-plots",
    ])
    #expect(added.status == 64)
    #expect(added.err.contains("also holds files prefetchlab did not write (notes.txt)"), "\(added.err)")
    #expect(FileManager.default.fileExists(atPath: results + "/notes.txt"))
  }

  /// directional_ranges with every range parameter given: the run's files get short, unique
  /// names (the label is longer than a file name may be) and the manifest says what they stand for.
  @Test func longLabelsGetShortUniqueFileNames() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let parameters = [
      "batch_leading_screens=2.5", "preload_leading=3", "preload_trailing=2", "display_leading=1.5",
      "display_trailing=0.75", "minimum_preload_leading=0.6", "minimum_preload_trailing=0.3",
      "minimum_display_leading=0.3", "minimum_display_trailing=0.2",
    ]
    let spec = "directional_ranges:" + parameters.joined(separator: ",")
    let other =
      "directional_ranges:" + parameters.dropLast().joined(separator: ",") + ",minimum_display_trailing=0.1"
    let out = scratch.path("r")
    let result = try Prefetchlab.run(
      [
        "run", "scenarios/reader-lte.json", "--strategy", spec, "--strategy", other, "--seeds", "1", "--out",
        out, "--quiet",
      ],
      path: Gnuplot.installedPath ?? Gnuplot.absentPath)
    #expect(result.status == 0, "\(result.err)")
    // The run tables name the runs in full, as summary.csv does (a parameter list with commas
    // is quoted); only file names are shortened.
    let table = try gunzipped(out + "/timeline.csv.gz")
    #expect(table.contains(",directional_ranges,\"" + parameters.joined(separator: ",") + "\",1,"))
    let manifest = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
    #expect(manifest.contains("\"shortened_names\""))
    #expect(manifest.contains(parameters.joined(separator: "+")))
    if Gnuplot.isInstalled {
      let names = try FileManager.default.contentsOfDirectory(atPath: out + "/plots").filter {
        $0.hasPrefix("timeline--") && $0.hasSuffix(".png")
      }
      #expect(names.count == 2)
      for name in names {
        #expect(name.utf8.count <= 130, "\(name)")
        #expect(
          name.hasPrefix(
            "timeline--reader-lte--directional_ranges@batch_leading_screens=2.5+preload_leading=3+"))
      }
    }
  }

  // MARK: - Helpers

  /// - Parameters:
  ///   - path: the PATH the run sees (gnuplot found or not); the test process's when nil.
  ///   - temporary: the run's `TMPDIR`; the test process's when nil.
  func startRun(
    _ arguments: [String], stderr: String? = nil, path: String? = nil, temporary: String? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = Prefetchlab.executable
    process.arguments = arguments
    if path != nil || temporary != nil {
      var environment = ProcessInfo.processInfo.environment
      if let path { environment["PATH"] = path }
      if let temporary { environment["TMPDIR"] = temporary }
      process.environment = environment
    }
    process.currentDirectoryURL = Prefetchlab.packageRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError =
      try stderr.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The pids of processes whose working folder's path contains `fragment` (from /proc: gnuplot
  /// runs in the command's scratch folder); none where /proc is missing.
  func processesWorking(in fragment: String) -> [String] {
    let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter {
      Int($0) != nil
    }
    return pids.filter {
      ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/cwd")) ?? "").contains(
        fragment)
    }
  }

  /// The staging folder of a run writing to `out`, once it exists with `holding` in it (a run
  /// table by default; `plots` once plotting has begun).
  func waitForStaging(of out: String, holding: String = "ttc.csv.gz") throws -> String {
    let parent = (out as NSString).deletingLastPathComponent
    let name = (out as NSString).lastPathComponent
    for _ in 0..<3000 {
      if let entry = try? FileManager.default.contentsOfDirectory(atPath: parent).first(where: {
        $0.hasPrefix(name + ".partial-")
      }), FileManager.default.fileExists(atPath: parent + "/" + entry + "/" + holding) {
        return parent + "/" + entry
      }
      usleep(10_000)
    }
    throw CancellationError()
  }
}

/// A pseudo-terminal pair from the C library's posix_openpt, grantpt, unlockpt and ptsname
/// (looked up at run time: the Swift Glibc module does not export them).
enum PseudoTerminal {
  typealias OpenPT = @convention(c) (Int32) -> Int32
  typealias PTName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  static func open() -> (master: Int32, slavePath: String)? {
    let handle = dlopen(nil, RTLD_NOW)
    func symbol<T>(_ name: String, as type: T.Type) -> T? {
      guard let pointer = dlsym(handle, name) else { return nil }
      return unsafeBitCast(pointer, to: type)
    }
    guard let openpt = symbol("posix_openpt", as: OpenPT.self),
      let grant = symbol("grantpt", as: OpenPT.self),
      let unlock = symbol("unlockpt", as: OpenPT.self), let name = symbol("ptsname", as: PTName.self)
    else { return nil }
    let master = openpt(O_RDWR | O_NOCTTY)
    guard master >= 0, grant(master) == 0, unlock(master) == 0, let path = name(master) else { return nil }
    return (master, String(decoding: UnsafeRawBufferPointer(start: path, count: strlen(path)), as: UTF8.self))
  }
}

/// Collects what a program writes to a pseudo-terminal, on a thread of its own.
final class PTYReader: @unchecked Sendable {
  private let thread: Thread

  init(_ fd: Int32) {
    let box = Box()
    thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { break }
        box.append(buffer[0..<count])
      }
      box.finish()
    }
    self.box = box
    thread.start()
  }

  private let box: Box

  /// The text read so far, once the writer side is closed (EIO from the master) or after 2 s.
  func finish() -> String {
    _ = box.done.wait(timeout: .now() + 2)
    return box.text
  }

  final class Box: @unchecked Sendable {
    let lock = NSLock()
    var data = Data()
    let done = DispatchSemaphore(value: 0)
    func append(_ bytes: ArraySlice<UInt8>) { lock.withLock { data.append(contentsOf: bytes) } }
    func finish() { done.signal() }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
  }
}
