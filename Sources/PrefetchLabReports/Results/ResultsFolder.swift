import Foundation
import PrefetchLab

/// Identifies one run across results folders: common random numbers make rows with the same key
/// directly comparable (same user, same network draws), so compare and check pair by it.
public struct RunKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var scenario: String
  public var strategy: String
  /// Non-default parameters as written in summary.csv (`ratio=0.5`), "" for defaults.
  public var params: String
  public var seed: UInt64

  public init(scenario: String, strategy: String, params: String, seed: UInt64) {
    self.scenario = scenario
    self.strategy = strategy
    self.params = params
    self.seed = seed
  }

  /// The strategy with its parameters, `fixed_threshold` or `fixed_threshold:ratio=0.5`.
  public var strategyLabel: String { params.isEmpty ? strategy : "\(strategy):\(params)" }

  public var description: String { "\(scenario) / \(strategyLabel) / seed \(seed)" }

  public static func < (lhs: RunKey, rhs: RunKey) -> Bool {
    (lhs.scenario, lhs.strategy, lhs.params, lhs.seed) < (rhs.scenario, rhs.strategy, rhs.params, rhs.seed)
  }
}

/// One row of summary.csv: its key and every metric column as a number (nil = empty cell).
public struct RunRow: Sendable {
  public var key: RunKey
  public var metrics: [String: Double?]
  /// Line in summary.csv, for messages.
  public var line: Int

  public func value(_ metric: String) -> Double? { metrics[metric] ?? nil }
}

/// A results folder read back from disk: summary.csv (required) and manifest.json (when present).
public struct ResultsFolder: Sendable {
  public let path: String
  /// Metric columns in file order (every column after scenario, strategy, params, seed).
  public let metricColumns: [String]
  public let rows: [RunRow]
  public let manifest: Manifest?

  /// - Throws: `InputError` naming the file, line and problem: missing summary.csv, missing key
  ///   columns, a non-numeric metric cell, a duplicated key, or a row count other than the runs
  ///   manifest.json states (`runs`, or a shard's `shard.runs`): a summary cut at a row boundary
  ///   would otherwise read as a smaller, valid experiment.
  public init(path: String) throws(InputError) {
    self.path = path
    let summaryPath = (path as NSString).appendingPathComponent("summary.csv")
    guard FileManager.default.fileExists(atPath: summaryPath) else {
      throw InputError(file: summaryPath, location: "", message: "no such file: not a results folder")
    }
    let table = try CSVTable(contentsOfFile: summaryPath)
    for column in SummaryTable.keyColumns { _ = try table.requireColumn(column) }
    metricColumns = table.header.filter { !SummaryTable.keyColumns.contains($0) }
    var rows: [RunRow] = []
    var seen = Set<RunKey>()
    for index in 0..<table.count {
      let line = table.rowLines[index]
      let seedText = try table.string("seed", row: index)
      guard let seed = UInt64(seedText) else {
        throw InputError(
          file: summaryPath, location: "line \(line)",
          message: "seed must be a whole number, got '\(seedText)'")
      }
      let key = RunKey(
        scenario: try table.string("scenario", row: index),
        strategy: try table.string("strategy", row: index),
        params: try table.string("params", row: index), seed: seed)
      guard seen.insert(key).inserted else {
        throw InputError(file: summaryPath, location: "line \(line)", message: "duplicate row for \(key)")
      }
      var metrics: [String: Double?] = [:]
      for column in metricColumns { metrics[column] = try table.double(column, row: index) }
      rows.append(RunRow(key: key, metrics: metrics, line: line))
    }
    self.rows = rows
    let manifestPath = (path as NSString).appendingPathComponent("manifest.json")
    let manifest =
      FileManager.default.fileExists(atPath: manifestPath) ? try Manifest(contentsOf: manifestPath) : nil
    if let manifest {
      let expected = manifest.shard?.runs ?? manifest.runs
      let key = manifest.shard == nil ? "runs" : "shard.runs"
      guard rows.count == expected else {
        throw InputError(
          file: summaryPath, location: "",
          message:
            "expected \(expected) rows from manifest.json (\(key)), found \(rows.count): the file was cut short "
            + "or edited; run the experiment again or restore the file")
      }
    }
    self.manifest = manifest
  }

  /// Rows by key.
  public var rowsByKey: [RunKey: RunRow] { Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) }) }
}
