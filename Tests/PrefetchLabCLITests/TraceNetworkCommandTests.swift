import Foundation
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// `prefetchlab trace-network`: capacity per bin computed by hand for small traces of each
/// format, the summary, where output goes, errors, and the plot with and without gnuplot.
@Suite struct TraceNetworkCommandTests {
  /// 1.5 s at 800 kbit/s, 2 s at 0, 0.5 s at 1600 kbit/s. In 1 s bins: [0,1) 800; [1,2) half at
  /// 800 → 400; [2,3) 0; [3,4) half at 1600 → 800. Mean (1.5 × 800 + 0.5 × 1600) / 4 = 500.
  static let periods = """
    [{"duration_ms": 1500, "bandwidth_kbps": 800, "latency_ms": 50},
     {"duration_ms": 2000, "bandwidth_kbps": 0, "latency_ms": 50},
     {"duration_ms": 500, "bandwidth_kbps": 1600, "latency_ms": 70}]
    """

  @Test func periodsTraceBinsAndSummary() throws {
    let folder = ScratchFolder()
    let trace = folder.write("link.json", Self.periods)
    let result = runCLI(["trace-network", trace, "--out", folder.path + "/link.csv", "--no-plots"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let csv = try String(contentsOfFile: folder.path + "/link.csv", encoding: .utf8)
    #expect(
      csv
        == "t_ms,capacity_kbps,latency_ms\r\n0,800,50\r\n1000,400,50\r\n2000,0,50\r\n3000,800,50\r\n")
    #expect(
      result.stdout == """
        link.json: periods trace, 4 s long (runs loop over it)
        capacity: mean 0.5 Mbit/s; 1 s bins: smallest 0, median 0.6, largest 0.8 Mbit/s
        no capacity: 1 stretch of whole 1 s bins, 1 s in all; the longest 1 s from 2 s
        round trip: 50…70 ms, set by the trace (it replaces rtt_ms)
        capacity over time written to \(folder.path)/link.csv

        """)
    #expect(folder.entries == ["link.csv", "link.json"])
  }

  /// Mahimahi, guessed from its first line: opportunities at 1, 1, 2 and 4 ms deliver 1500 bytes
  /// each over the millisecond before; 1 ms bins: 3000, 1500, 0 and 1500 bytes, i.e. 24000,
  /// 12000, 0 and 12000 kbit/s. Without --out the CSV goes to stdout, the summary to stderr.
  @Test func mahimahiTraceGuessedAndWrittenToStandardOutput() {
    let folder = ScratchFolder()
    let trace = folder.write("tiny.down", "1\n1\n2\n4\n")
    let result = runCLI(["trace-network", trace, "--interval-ms", "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "t_ms,capacity_kbps,latency_ms\r\n0,24000,\r\n1,12000,\r\n2,0,\r\n3,12000,\r\n")
    #expect(result.stderr.hasPrefix("tiny.down: mahimahi trace, 0 s long"))
    #expect(
      result.stderr.contains("capacity: mean 12 Mbit/s; 1 ms bins: smallest 0, median 12, largest 24 Mbit/s"))
    #expect(!result.stderr.contains("round trip"))
  }

  /// A throughput trace (tab-separated, as Pensieve's) is guessed from its two columns; row i's
  /// rate holds over (t[i−1], t[i]], so the first row's value is never used.
  @Test func throughputTraceGuessed() {
    let folder = ScratchFolder()
    let trace = folder.write("cooked", "0.0\t9.0\n2.0\t1.5\n3.0\t0.0\n4.0\t3.0\n")
    let result = runCLI(["trace-network", trace])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == "t_ms,capacity_kbps,latency_ms\r\n0,1500,\r\n1000,1500,\r\n2000,0,\r\n3000,3000,\r\n")
    #expect(result.stderr.contains("capacity: mean 1.5 Mbit/s"))
  }

  /// The bundled metro ride: its 87 s tunnel from 649.4 s covers the whole bins from 650 s to
  /// 736 s (86 of them).
  @Test func bundledMetroRideShowsItsTunnel() {
    let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "scenarios/traces/sabre/report.2010-09-21_0742CEST.json"
      )
      .path
    let result = runCLI(["trace-network", trace])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("periods trace, 1133.7 s long"))
    #expect(result.stderr.contains("capacity: mean 0.68 Mbit/s"))
    #expect(
      result.stderr.contains(
        "no capacity: 3 stretches of whole 1 s bins, 132 s in all; the longest 86 s from 650 s"))
    #expect(result.stdout.split(separator: "\r\n").count == 1 + 1134)
  }

  @Test(arguments: [
    (
      ["--format", "csv"],
      "Error: The value 'csv' is invalid for '--format <format>': expected mahimahi, throughput or periods"
    ),
    (
      ["--interval-ms", "0"],
      "Error: The value '0' is invalid for '--interval-ms <interval-ms>': must be in 1...1000000000"
    ),
    (["--plots"], "Error: --plots needs --out: the plot is written beside the CSV"),
    (
      ["--out", "x.png"],
      "Error: The value 'x.png' is invalid for '--out <out>': names the CSV; the plot is written beside it"
    ),
  ])
  func usageErrorsExit64(extra: [String], expectedStart: String) {
    let folder = ScratchFolder()
    let trace = folder.write("link.json", Self.periods)
    let result = runCLI(["trace-network", trace] + extra)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(expectedStart), "\(result.stderr)")
  }

  /// A file whose format cannot be told is a usage error asking for --format; a malformed trace
  /// is bad input naming the file and line; neither writes anything.
  @Test func unknownAndMalformedFiles() {
    let folder = ScratchFolder()
    let notes = folder.write("notes.txt", "hello world again\n")
    let guessed = runCLI(["trace-network", notes, "--out", folder.path + "/x.csv"])
    #expect(guessed.status == 64)
    #expect(guessed.stderr.contains("cannot tell its format from its first line: give --format"))
    let bad = folder.write("bad.down", "1\n3\n2\n")
    let malformed = runCLI(["trace-network", bad, "--out", folder.path + "/x.csv"])
    #expect(malformed.status == 65)
    #expect(malformed.stderr.hasPrefix("Error: \(bad): line 3:"), "\(malformed.stderr)")
    let missing = runCLI(["trace-network", folder.path + "/none.json"])
    #expect(missing.status == 65)
    #expect(folder.entries == ["bad.down", "notes.txt"])
  }

  /// Without gnuplot: the CSV and one warning; --plots fails before writing anything.
  @Test func withoutGnuplot() {
    let folder = ScratchFolder()
    let trace = folder.write("link.json", Self.periods)
    let relaxed = runCLI(
      ["trace-network", trace, "--out", folder.path + "/link.csv"], environment: Gnuplot.absent)
    #expect(relaxed.status == 0)
    #expect(
      relaxed.stderr
        == "warning: gnuplot not found on PATH: no plot drawn; install it with 'apt-get install gnuplot-nox' "
        + "(Debian, Ubuntu) or 'brew install gnuplot' (macOS)\n")
    #expect(folder.entries == ["link.csv", "link.json"])
    let strict = runCLI(
      ["trace-network", trace, "--out", folder.path + "/strict.csv", "--plots"], environment: Gnuplot.absent)
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("--plots needs gnuplot, which is not on PATH"))
    #expect(folder.entries == ["link.csv", "link.json"])
  }

  /// With gnuplot: PNG, SVG and the script beside the CSV, named after it.
  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: the trace-network plot is not tested"))
  func withGnuplot() throws {
    let folder = ScratchFolder()
    let trace = folder.write("link.json", Self.periods)
    let result = runCLI(
      ["trace-network", trace, "--out", folder.path + "/out/metro.csv", "--plots"],
      environment: try #require(Gnuplot.installed))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    #expect(
      result.stdout.hasSuffix(
        "plot written to \(folder.path)/out/metro.png and \(folder.path)/out/metro.svg (script: \(folder.path)/out/metro.gp)\n"
      ))
    let png = try #require(FileManager.default.contents(atPath: folder.path + "/out/metro.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let svg = try String(contentsOfFile: folder.path + "/out/metro.svg", encoding: .utf8)
    #expect(svg.contains("link.json: capacity over time"))
    #expect(svg.contains("no capacity"))
    let script = try String(contentsOfFile: folder.path + "/out/metro.gp", encoding: .utf8)
    #expect(script.contains("set output 'metro.png'") && !script.contains(folder.path))
  }

  /// A plot file that appears while gnuplot draws (after the start-up check) is the user's: it
  /// is left as it is and the command exits 64 naming it, as for the CSV. A gnuplot wrapper
  /// creates metro.png just before the real one runs.
  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: the trace-network plot is not tested"))
  func aPlotFileMadeWhileGnuplotDrawsIsKept() throws {
    let folder = ScratchFolder()
    let trace = folder.write("link.json", Self.periods)
    let real = try #require(GnuplotRunner.locate()).executable
    let wrapper = folder.write(
      "bin/gnuplot", "#!/bin/sh\nprintf precious > '\(folder.path)/metro.png'\nexec '\(real)' \"$@\"\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)
    var environment = try #require(Gnuplot.installed)
    environment["PATH"] = folder.path + "/bin:" + (environment["PATH"] ?? "")
    let result = runCLI(
      ["trace-network", trace, "--out", folder.path + "/metro.csv"], environment: environment)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(folder.path)/metro.png (the plot beside --out \(folder.path)/metro.csv): appeared while this command "
          + "ran and was not written by it; it was left as it is and nothing was written. Choose another name, or "
          + "move this one away yourself"), "\(result.stderr)")
    #expect(try String(contentsOfFile: folder.path + "/metro.png", encoding: .utf8) == "precious")
    #expect(!folder.entries.contains { $0.hasPrefix(".metro") })
  }
}
