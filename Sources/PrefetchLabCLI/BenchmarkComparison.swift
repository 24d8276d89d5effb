import PrefetchLab

/// A bench run judged against a saved one (`prefetchlab bench --baseline FILE`), as
/// package-benchmark judges against a baseline: per case and strategy, the median session frames
/// per CPU-second may drop by at most `tolerancePercent` before it counts as a regression.
///
/// Only rows that simulated the same work are compared: the same case, strategy, session length
/// and sessions per sample, and the same frame counts (which differ when the engine's behaviour
/// changed). Others are listed as not comparable, as are rows on one side only.
struct BenchmarkComparison {
  enum Verdict: Equatable {
    case regression
    case improvement
    case within
  }

  struct Compared: Equatable {
    var key: String
    var baselineRate: Double
    var currentRate: Double
    var verdict: Verdict
    /// Relative change of the median rate, percent (negative = slower).
    var changePercent: Double { (currentRate / baselineRate - 1) * 100 }
  }

  let tolerancePercent: Double
  let baselineLabel: String
  private(set) var compared: [Compared] = []
  /// Rows measured now whose work differs from the baseline's, with why.
  private(set) var differentWork: [(key: String, reason: String)] = []
  /// Keys in the baseline not measured now, and measured now but not in the baseline.
  private(set) var onlyInBaseline: [String] = []
  private(set) var onlyInCurrent: [String] = []

  init(current: BenchmarkReport, baseline: BenchmarkReport, tolerancePercent: Double, baselineLabel: String) {
    self.tolerancePercent = tolerancePercent
    self.baselineLabel = baselineLabel
    let baselineRows = Dictionary(baseline.rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    let currentKeys = Set(current.rows.map(\.key))
    onlyInBaseline = baseline.rows.map(\.key).filter { !currentKeys.contains($0) }
    let settingsDiffer =
      current.settings.seconds != baseline.settings.seconds
      || current.settings.sessions != baseline.settings.sessions
    for row in current.rows {
      guard let old = baselineRows[row.key] else {
        onlyInCurrent.append(row.key)
        continue
      }
      if settingsDiffer {
        differentWork.append(
          (
            row.key,
            "sessions of \(baseline.settings.seconds) s × \(baseline.settings.sessions) in the baseline, "
              + "\(current.settings.seconds) s × \(current.settings.sessions) now"
          ))
        continue
      }
      guard old.sessionFrames == row.sessionFrames && old.fullFrames == row.fullFrames else {
        differentWork.append(
          (
            row.key,
            "\(old.fullFrames) frames computed in full in the baseline, \(row.fullFrames) now: the simulation changed"
          ))
        continue
      }
      let before = old.sessionRate.median
      let now = row.sessionRate.median
      let limit = tolerancePercent / 100
      let verdict: Verdict =
        now < before * (1 - limit) ? .regression : now > before * (1 + limit) ? .improvement : .within
      compared.append(Compared(key: row.key, baselineRate: before, currentRate: now, verdict: verdict))
    }
  }

  var regressions: [Compared] { compared.filter { $0.verdict == .regression } }

  /// 0 within tolerance, 2 on a regression, 3 when some rows measured other work (and none
  /// regressed), as `check` does.
  var status: Int32 {
    if !regressions.isEmpty { return ExitStatus.regression }
    if !differentWork.isEmpty { return ExitStatus.fingerprintMismatch }
    return ExitStatus.ok
  }

  var text: String {
    let tolerance = DecimalFormat.fixed(tolerancePercent, places: 2)
    var text =
      "\nCompared with \(baselineLabel): median session frames per CPU-second, tolerance \(tolerance) %\n"
    for entry in compared where entry.verdict != .within {
      let name = entry.verdict == .regression ? "slower" : "faster"
      text += "  \(name): \(entry.key): \(millions(entry.baselineRate)) M → \(millions(entry.currentRate)) M "
      text += "(\(signed(entry.changePercent)) %)\n"
    }
    for (key, reason) in differentWork { text += "  not comparable: \(key): \(reason)\n" }
    for key in onlyInBaseline { text += "  not measured now: \(key)\n" }
    for key in onlyInCurrent { text += "  not in the baseline: \(key)\n" }
    let count = compared.count == 1 ? "1 row" : "\(compared.count) rows"
    switch status {
    case ExitStatus.regression:
      let slower = regressions.count == 1 ? "1 row is" : "\(regressions.count) rows are"
      text += "FAIL: \(slower) slower than the baseline by more than \(tolerance) % (of \(count) compared)\n"
    case ExitStatus.fingerprintMismatch:
      text +=
        "DIFFERENT WORK: \(differentWork.count) not comparable; \(count) compared within \(tolerance) %\n"
    default:
      text += "PASS: \(count) within \(tolerance) % of the baseline or faster\n"
    }
    return text
  }

  private func millions(_ value: Double) -> String { DecimalFormat.fixed(value / 1e6, places: 2) }

  private func signed(_ value: Double) -> String {
    (value >= 0 ? "+" : "") + DecimalFormat.fixed(value, places: 1)
  }
}
