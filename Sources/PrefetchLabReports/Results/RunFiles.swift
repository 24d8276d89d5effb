import Foundation
import PrefetchLab

/// CSV text for one run's timeline and request events (columns in docs/metrics.md), and the file
/// name they share.
public enum RunFiles {
  /// `<scenario>--<strategy label>--<seed>.csv`, with every character outside
  /// `[A-Za-z0-9._@=+-]` replaced by `_` so a name can never escape the folder or break a shell.
  /// A name that had to be changed gets `~` and 8 hex digits of its SHA-256, so two names that
  /// differ only in such characters (`a/b`, `a:b`) still get different files.
  public static func fileName(scenario: String, strategyLabel: String, seed: UInt64) -> String {
    "\(safeComponent(scenario))--\(safeComponent(strategyLabel))--\(seed).csv"
  }

  /// The per-run file name of a summary row: the strategy label is rebuilt from the `params`
  /// cell the way `ConfiguredStrategy.label` builds it (`name@k=v+k2=v2`), so the writer and
  /// every reader of a results folder agree.
  public static func fileName(for key: RunKey) -> String {
    fileName(
      scenario: key.scenario, strategyLabel: fileLabel(strategy: key.strategy, params: key.params),
      seed: key.seed)
  }

  /// `fixed_threshold` or `fixed_threshold@ratio=0.5+guard_in_flight=false`.
  public static func fileLabel(strategy: String, params: String) -> String {
    params.isEmpty ? strategy : strategy + "@" + params.split(separator: ",").joined(separator: "+")
  }

  public static func safeComponent(_ text: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._@=+-")
    var result = String(text.map { allowed.contains($0) ? $0 : "_" })
    // No hidden files: a leading dot becomes "_" (which also covers "." and "..").
    if result.hasPrefix(".") { result = "_" + result.dropFirst() }
    // "--" separates the parts of a run's file name.
    result = result.replacingOccurrences(of: "--", with: "-_")
    if result != text { result += "~" + String(SHA256.hex(Array(text.utf8)).prefix(8)) }
    return result
  }

  /// `timeline/<run>.csv`: t_ms, trace_ms, offset_pt, velocity_pt_s, content_height_pt,
  /// blank_fraction, in_flight, stalled.
  public static func timelineCSV(_ samples: [TimelineSample]) -> String {
    var writer = CSVWriter(header: TimelineSample.columnNames)
    for sample in samples {
      writer.append([
        CSVCell.milliseconds(sample.timeUs),
        sample.traceUs.map(CSVCell.milliseconds) ?? "",
        CSVCell.decimal(sample.offsetPt, places: 3),
        CSVCell.decimal(sample.velocityPtS, places: 3),
        CSVCell.decimal(sample.contentHeightPt, places: 3),
        CSVCell.decimal(sample.blankFraction, places: 6),
        CSVCell.integer(sample.inFlight),
        CSVCell.bit(sample.stalled),
      ])
    }
    return writer.text
  }

  /// `ttc/<run>.csv`: one row per item that became visible, by item: item, first_visible_ms,
  /// ttc_ms (0 = complete at first sight), complete (0 = the clock stopped on an incomplete item,
  /// which leaves the viewport or is still loading when the run ends). The rows are exactly the
  /// samples behind summary.csv's `ttc_*` columns.
  public static func timeToContentCSV(_ records: [TimeToContent]) -> String {
    var writer = CSVWriter(header: TimeToContent.columnNames)
    for record in records {
      writer.append([
        CSVCell.integer(record.item), CSVCell.milliseconds(record.firstVisibleUs),
        CSVCell.milliseconds(record.durationUs), CSVCell.bit(record.complete),
      ])
    }
    return writer.text
  }

  public static let eventColumns = [
    "t_ms", "event", "request_id", "kind", "page", "item", "priority", "attempt", "bytes", "prefetch",
  ]

  /// `events/<run>.csv`: one row per step of a request's life (issued, started, first_byte,
  /// completed, cancelled, timeout, failed), page application and re-prioritisation.
  public static func eventsCSV(_ events: [RequestEvent]) -> String {
    var writer = CSVWriter(header: eventColumns)
    for event in events {
      let (kind, page, item): (String, String, String)
      switch event.resource {
      case .page(let index): (kind, page, item) = ("page", String(index), "")
      case .media(let index): (kind, page, item) = ("media", "", String(index))
      }
      writer.append([
        CSVCell.milliseconds(event.timeUs), event.kind.rawValue, String(event.requestID), kind, page, item,
        event.priority.description, String(event.attempt), String(event.bytes), CSVCell.bit(event.isPrefetch),
      ])
    }
    return writer.text
  }
}
