import Foundation
import Testing

/// `scripts/frontier-figure.sh`, the figure quoted for adaptive (issue: "lies on the stall-versus-
/// waste Pareto frontier in ≥ 80 % of scenarios and is never the worst"), on a summary.csv whose
/// answer is worked out by hand.
@Suite struct FrontierScriptTests {
  static func script(_ arguments: [String]) throws -> Prefetchlab.Result {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.url.appendingPathComponent("out")
    let err = scratch.url.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["scripts/frontier-figure.sh"] + arguments
    process.currentDirectoryURL = Prefetchlab.packageRoot
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return Prefetchlab.Result(
      status: process.terminationStatus, out: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      err: String(decoding: try Data(contentsOf: err), as: UTF8.self))
  }

  /// a: adaptive (0 ms, 0 B) beside fixed_threshold (0, 100) and the oracle (left out): on it.
  /// b: adaptive (100, 50) is dominated by infinite_scroll (80, 0) and dynamic_threshold (50, 20)
  /// and has the highest stall and waste alone. c: over two seeds adaptive's mean stall is 20 ms, tied with infinite_scroll for
  /// the highest; fixed_threshold (5, 10) does not dominate it (more waste): on it. "d, quoted":
  /// a name with a comma, quoted in the CSV, adaptive alone: on it. 3 of 4.
  @Test func theFigureIsWorkedOutByHand() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let rows = [
      "scenario,strategy,params,seed,stall_ms,stall_count,wasted_bytes",
      "a,fixed_threshold,,1,0,0,100", "a,adaptive,,1,0,0,0", "a,oracle,,1,0,0,0",
      "b,infinite_scroll,,1,80,1,0", "b,dynamic_threshold,,1,50,1,20", "b,adaptive,,1,100,2,50",
      "b,oracle,,1,0,0,0",
      "c,infinite_scroll,,1,20,1,0", "c,infinite_scroll,,2,20,1,0", "c,fixed_threshold,,1,5,1,10",
      "c,fixed_threshold,,2,5,1,10", "c,adaptive,,1,10,1,0", "c,adaptive,,2,30,1,0",
      "\"d, quoted\",adaptive,,1,0,0,0",
    ]
    try FileManager.default.createDirectory(atPath: scratch.path("r"), withIntermediateDirectories: true)
    try Data((rows.joined(separator: "\r\n") + "\r\n").utf8).write(
      to: URL(fileURLWithPath: scratch.path("r/summary.csv")))
    let result = try Self.script([scratch.path("r")])
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines.contains("a 0.0 0.0 yes"))
    #expect(
      lines.contains(
        "b 100.0 0.1 no dominated by infinite_scroll,dynamic_threshold; worst stall; worst waste"))
    #expect(lines.contains("c 20.0 0.0 yes tied worst stall"))
    #expect(lines.contains("d, quoted 0.0 0.0 yes"))
    #expect(
      result.out.hasSuffix(
        "adaptive is on the stall-versus-waste Pareto frontier in 3 of 4 scenarios (75 %); the worst (alone) on stall in 1, on waste in 1.\n"
      ), "\(result.out)")
    // Another strategy by name (dominated by adaptive in a, on the frontier in c, absent from b
    // and d); one that did not run, and no folder.
    let fixed = try Self.script([scratch.path("r"), "fixed_threshold"])
    #expect(
      fixed.out.contains("fixed_threshold is on the stall-versus-waste Pareto frontier in 1 of 2 scenarios"))
    #expect(try Self.script([scratch.path("r"), "nothing"]).status == 65)
    #expect(try Self.script([scratch.path("missing")]).status == 65)
    #expect(try Self.script([]).status == 64)
  }
}
