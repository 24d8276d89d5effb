import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab import har FILE.har… [--pages REGEX] [--media REGEX] [--out FILE]`: a scenario
/// fitted to recorded traffic (`HARImport`), with the fit report on stderr.
enum ImportHarCommand {
  static let spec = CommandSpec(
    name: "har",
    abstract:
      "Fit a scenario's network and feed to HAR files (browser DevTools, Charles, Proxyman, mitmproxy).",
    discussion: """
      Reads every request of the HAR files and writes a scenario (feed, network, network.media) \
      fitted to them, with a $comment in each object saying what came from where. Pages are \
      JSON responses and media image/* responses unless --pages or --media name their URLs. \
      Round trips (time to first byte: timings.wait, plus timings.connect where a connection \
      was opened) and body sizes are lognormals fitted by maximum likelihood on their \
      logarithms; with fewer than 20 samples the samples themselves are written as an empirical \
      distribution, with a warning. Cache hits and redirects are left out. The report on \
      standard error gives per fitted quantity n, the data's p50, p90 and p99 beside the \
      fit's, and the Kolmogorov-Smirnov distance. The scroll user is not in a HAR: the scenario \
      names a skimmer to replace. Without --out the scenario goes to standard output; --out \
      never replaces a file. When transfer rates vary over the recording (p90 at least twice p10, \
      10 bodies over 10 s or more) and --out is given, the link is a throughput trace written \
      beside it (FILE.pages.throughput, FILE.media.throughput) instead of the median rate. A malformed HAR exits 65 naming the file and the entry's JSON path, as does a timing above 10^9 ms or a body size above 10^9 bytes (beyond what a scenario holds) in a page or media request it fits; requests it leaves out (other requests, cache hits, redirects) may hold any size or time. Warnings name entries more than 100 times their quantity's median (or under a hundredth of it), say when media have no body sizes (the scenario then has no images), and count repeated entries (the same HAR twice) once. Recording a HAR: docs/scenario-format.md.
      """,
    arguments: [
      .positional("har-files", repeating: true, help: "HAR files (HAR 1.2 JSON), read together."),
      .option("pages", help: "A regular expression matching the URLs of page (API) requests."),
      .option("media", help: "A regular expression matching the URLs of media requests."),
      .option("out", help: "Write the scenario to this new file instead of standard output."),
    ],
    validate: { parsed throws(ValidationError) in
      for option in ["pages", "media"] {
        if let pattern = parsed.string(option), (try? Regex(pattern)) == nil {
          throw .invalidValue(pattern, for: option, reason: "not a regular expression (Swift Regex syntax)")
        }
      }
      try OutputPathRule.check(parsed, option: "out", target: .file)
      if let out = parsed.string("out"), FileManager.default.fileExists(atPath: out) {
        throw ValidationError(
          "--out \(out) already exists; choose another name (import never replaces a file)")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, _ in
    let files = parsed.strings("har-files")
    var entries: [HAREntry] = []
    for file in files {
      entries += try HARReader.entries(contentsOf: file)
    }
    // The session's clock starts at the earliest request of all files.
    let origin = entries.map(\.startMs).min() ?? 0
    for index in entries.indices { entries[index].startMs -= origin }
    // The patterns were checked by `validate`.
    let classes = try TrafficClass(pages: parsed.string("pages"), media: parsed.string("media"))
    let out = parsed.string("out")
    let stem = out.map { $0.hasSuffix(".json") ? String($0.dropLast(5)) : $0 }
    let result = try HARImport(entries: entries, classes: classes, files: files, traceStem: stem).run()
    terminal.err(report(result))
    if let out {
      // Every file is new: a trace that would replace one is refused before anything is written.
      for trace in result.traces where FileManager.default.fileExists(atPath: trace.path) {
        throw UsageError(
          message: "\(trace.path) already exists",
          text:
            "Error: \(trace.path) already exists; move it away or choose another --out (import never replaces a file)"
        )
      }
      // Published without replacing: a file made at --out since the start-up check is kept, and
      // the traces this import wrote for it are taken back, so a refusal leaves nothing behind
      // (they would block the next try) and "nothing was written" holds.
      var written: [String] = []
      do {
        for trace in result.traces {
          try AtomicFile.writeNew(trace.text, to: trace.path, label: trace.path)
          written.append(trace.path)
        }
        try AtomicFile.writeNew(result.scenarioText, to: out, label: "--out \(out)")
      } catch {
        for path in written { unlink(path) }
        throw error
      }
      for path in written { terminal.err("wrote \(path)\n") }
      terminal.err("wrote \(out); check it with 'prefetchlab validate \(out)'\n")
    } else {
      terminal.out(result.scenarioText)
    }
    return ExitStatus.ok
  }

  /// The fit report: one row per quantity, then the warnings.
  static func report(_ result: HARImport.Result) -> String {
    var rows: [[String]] = []
    for fit in result.fits {
      func number(_ x: Double) -> String { DecimalFormat.fixed(x, places: fit.unit == "ms" ? 1 : 0) }
      let kind: String
      switch fit.distribution {
      case .empirical: kind = "empirical"
      case .constant: kind = "median"
      default: kind = "lognormal"
      }
      var row: [String] = [fit.key, fit.unit, String(fit.count)]
      row += fit.dataQuantiles.map(number)
      row.append(kind)
      row += fit.fitQuantiles.map(number)
      row.append(fit.ksDistance.map { DecimalFormat.fixed($0, places: 3) } ?? "-")
      rows.append(row)
    }
    let header = [
      "quantity", "unit", "n", "data_p50", "data_p90", "data_p99", "written", "fit_p50", "fit_p90", "fit_p99",
      "ks_distance",
    ]
    var text = "Fit report (lognormals by maximum likelihood on the logarithms):\n"
    text += TextTable.render([header] + rows, rightAligned: Set(2..<header.count).subtracting([6]))
    for warning in result.warnings { text += "Warning: \(warning)\n" }
    return text
  }
}
