import Foundation
import PrefetchLab
import PrefetchLabReports

/// What every accepted run's outputs must satisfy, whatever the input: finite, non-negative
/// numbers, ratios in [0, 1], parts no larger than their wholes.
enum OutputInvariants {
  /// Problems found in the results folder `folder`, empty when there are none.
  static func problems(inFolder folder: String) -> [String] {
    let summary: CSVTable
    do {
      summary = try CSVTable(contentsOfFile: folder + "/summary.csv")
    } catch {
      return ["summary.csv unreadable: \(error)"]
    }
    var problems: [String] = []
    for (rowIndex, row) in summary.rows.enumerated() {
      var values: [String: Double] = [:]
      for (column, cell) in zip(summary.header, row) {
        guard let metric = MetricCatalogue.definition(column), !cell.isEmpty else { continue }
        guard let value = Double(cell), value.isFinite else {
          problems.append("row \(rowIndex + 1) \(column): not a finite number: \(cell)")
          continue
        }
        values[column] = value
        if value < 0 { problems.append("row \(rowIndex + 1) \(column): negative: \(cell)") }
        if metric.kind == .ratio && value > 1 {
          problems.append("row \(rowIndex + 1) \(column): ratio above 1: \(cell)")
        }
        if metric.kind == .flag && value != 0 && value != 1 {
          problems.append("row \(rowIndex + 1) \(column): flag not 0 or 1: \(cell)")
        }
      }
      func check(_ part: String, _ whole: [String], _ what: String) {
        guard let partValue = values[part] else { return }
        let wholeValue = whole.compactMap { values[$0] }.reduce(0, +)
        if partValue > wholeValue + 1e-9 * max(1, wholeValue) {
          problems.append("row \(rowIndex + 1): \(part) \(partValue) > \(what) \(wholeValue)")
        }
      }
      check("wasted_fetches", ["page_requests", "media_requests"], "requests")
      check("wasted_bytes", ["bytes_fetched"], "bytes_fetched")
      check("stall_max_ms", ["stall_ms"], "stall_ms")
      check("items_seen_incomplete", ["items_seen"], "items_seen")
      check("ttc_p50_ms", ["ttc_p95_ms"], "ttc_p95_ms")
      check("ttc_p95_ms", ["ttc_max_ms"], "ttc_max_ms")
      check("requests_failed", ["page_requests", "media_requests"], "requests")
    }
    // The run tables hold numbers and the program's own words; names (scenario, strategy)
    // could hold such a token, so only the columns after the run's key are searched.
    for table in RunTable.allCases {
      guard let text = try? table.text(in: folder) else { continue }
      for line in text.split(separator: "\r\n").dropFirst() {
        let numbers = line.split(separator: ",", omittingEmptySubsequences: false).suffix(
          table.runColumns.count)
        for token in ["nan", "inf", "NaN", "Inf"] where numbers.contains(where: { $0.contains(token) }) {
          problems.append("\(table.fileName) holds \(token)")
        }
      }
    }
    return problems
  }

  /// The trace lengths `validate` printed (`ok  path  'name': 12.0 s trace, …`), in s.
  static func traceSeconds(inValidateOutput text: String) -> [Double] {
    text.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: " s trace") else { return nil }
      let before = line[..<range.lowerBound]
      return Double(before.split(separator: " ").last ?? "")
    }
  }
}
