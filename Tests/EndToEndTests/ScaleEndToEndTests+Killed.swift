import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a command killed outright (SIGKILL: no handler of its own runs) leaves behind: no
/// gnuplot drawing on, and no temporary folder once the next command of its kind has run.
extension ScaleEndToEndTests {
  /// The first `setpriv` on the test's PATH (util-linux), which the plotter starts gnuplot
  /// through so that it dies with the command; nil where there is none (macOS).
  static let setpriv: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/setpriv" }.first {
      $0.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// A plotting run killed with SIGKILL takes its gnuplot with it when `setpriv` is on PATH; with
  /// none the gnuplot it started runs on (what every SIGKILLed plotting run did before, and the
  /// proof that the first half can fail). gnuplot is a stand-in that notes its pid and sleeps
  /// (`exec`, so the pid is the sleeping process), on a PATH that holds only it and, in the first
  /// half, a link to `setpriv`.
  @Test(.enabled(if: setpriv != nil, "needs util-linux's setpriv"), arguments: [true, false])
  func gnuplotDiesWithAKilledRun(withSetpriv: Bool) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bin = scratch.path("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let pids = scratch.path("gnuplot-pids")
    try Data("#!/bin/sh\necho $$ >> '\(pids)'\nexec /bin/sleep 300\n".utf8)
      .write(to: URL(fileURLWithPath: bin + "/gnuplot"))
    chmod(bin + "/gnuplot", 0o755)
    if withSetpriv, let setpriv = Self.setpriv {
      try FileManager.default.createSymbolicLink(atPath: bin + "/setpriv", withDestinationPath: setpriv)
    }
    let run = try startRun(
      ["run", "scenarios/reader-lte.json", "--seeds", "1", "--plots", "--out", scratch.path("out")], path: bin
    )
    var gnuplot: Int32?
    for _ in 0..<12_000 where gnuplot == nil {
      gnuplot = (try? String(contentsOfFile: pids, encoding: .utf8))?.split(separator: "\n").first.flatMap {
        Int32($0)
      }
      if gnuplot == nil { usleep(10_000) }
    }
    let pid = try #require(gnuplot, "the stand-in gnuplot never started")
    defer { kill(pid, SIGKILL) }
    kill(run.processIdentifier, SIGKILL)
    run.waitUntilExit()
    // The kernel signals gnuplot as the command's thread exits; its end is seen a moment later.
    var running = Self.isRunning(pid)
    for _ in 0..<200 where running {
      usleep(10_000)
      running = Self.isRunning(pid)
    }
    #expect(running != withSetpriv, "gnuplot \(pid) \(running ? "outlived" : "died with") the run")
  }

  /// Whether process `pid` exists and has not exited (a zombie nobody reaped has).
  static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
  }

  /// `check`'s fresh run goes into a staging folder under the temporary folder; a check killed
  /// with SIGKILL leaves it, and the next check (its process gone, same host) removes it and
  /// says so, leaving the temporary folder as it found it.
  @Test func aKilledChecksTemporaryFolderIsRemovedByTheNextCheck() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let made = try Prefetchlab.run([
      "run", "scenarios/reader-lte.json", "--seeds", "1-4", "--timeline-interval-ms", "0", "--no-plots",
      "--quiet", "--out", scratch.path("base"),
    ])
    #expect(made.status == 0, "\(made.err)")
    let temporary = scratch.path("tmp")
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let arguments = ["check", "--baseline", scratch.path("base"), "--details-file", scratch.path("d.txt")]
    let killed = try startRun(arguments, path: Gnuplot.absentPath, temporary: temporary)
    var leftover: String?
    for _ in 0..<12_000 where leftover == nil {
      leftover = (try? FileManager.default.contentsOfDirectory(atPath: temporary))?.first {
        $0.hasPrefix("prefetchlab-check.partial-")
      }
      if leftover == nil { usleep(10_000) }
    }
    let name = try #require(leftover, "no temporary folder appeared")
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [name], "SIGKILL leaves it")

    let errorFile = scratch.path("stderr")
    _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
    let next = try startRun(arguments, stderr: errorFile, path: Gnuplot.absentPath, temporary: temporary)
    next.waitUntilExit()
    let message = try String(contentsOfFile: errorFile, encoding: .utf8)
    #expect(next.terminationStatus == 0, "\(message)")
    #expect(
      message.contains("removed \(temporary)/\(name), left unfinished by a check that no longer exists"),
      "\(message)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
  }
}
