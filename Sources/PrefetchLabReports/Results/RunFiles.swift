import Foundation
import PrefetchLab

/// One run's rows of the run tables (`RunTable`: timeline, events, times to content; columns in
/// docs/metrics.md) as CSV bytes, and the names that runs, plots and the per-run files of
/// earlier versions are given.
public enum RunFiles {
  /// `<scenario>--<strategy label>--<seed>.csv`, each part made safe by `nameComponent`.
  public static func fileName(scenario: String, strategyLabel: String, seed: UInt64) -> String {
    "\(nameComponent(scenario))--\(nameComponent(strategyLabel))--\(seed).csv"
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

  /// Longest name part kept as it is: a run's file name (two parts, the seed, `--` twice,
  /// `.csv`) and its timeline plot (`timeline--` before it, `.png` for `.csv`) then stay far below
  /// the 255 bytes file systems allow.
  public static let maximumComponentBytes = 80

  /// `text` as a part of a file name: `safeComponent`, and when that is longer than
  /// `maximumComponentBytes`, its first characters, `~` and 12 hex digits of the SHA-256 of
  /// `text` (unique: two long labels that share a beginning still differ). A strategy label
  /// keeps its strategy name: `directional_ranges@leading_screens=2+…` becomes
  /// `directional_ranges@leading_screens=2+trail~3fa29c1b2d4e`. The manifest lists every
  /// shortened part with the text it stands for (`shortened_names`).
  public static func nameComponent(_ text: String) -> String {
    let safe = safeComponent(text)
    guard safe.utf8.count > maximumComponentBytes else { return safe }
    let keep = maximumComponentBytes - 13
    var prefix = ""
    for character in safe {
      if prefix.utf8.count + character.utf8.count > keep { break }
      prefix.append(character)
    }
    // A "~hash" that safeComponent appended is recomputed from the whole text below.
    if let tilde = prefix.lastIndex(of: "~"), safe.hasSuffix(String(safe[tilde...])) {
      prefix = String(prefix[..<tilde])
    }
    while prefix.hasSuffix("-") { prefix.removeLast() }
    return prefix + "~" + String(SHA256.hex(Array(text.utf8)).prefix(12))
  }

  /// Whether `nameComponent(text)` had to shorten `text`.
  public static func isShortened(_ text: String) -> Bool {
    safeComponent(text).utf8.count > maximumComponentBytes
  }

  public static func safeComponent(_ text: String) -> String {
    // Most names (scenario names, strategy labels) are already safe: checked byte by byte, they
    // come back as they are without the per-Character set lookups and Foundation search below.
    isSafeAsItIs(text) ? text : rewrittenComponent(text)
  }

  /// `safeComponent` the long way, for any text: unsafe characters become `_`, a leading `.` and
  /// each `--` are broken up, and a changed text gets `~` and 8 hex digits of its SHA-256.
  static func rewrittenComponent(_ text: String) -> String {
    var result = String(text.map { allowed.contains($0) ? $0 : "_" })
    // No hidden files: a leading dot becomes "_" (which also covers "." and "..").
    if result.hasPrefix(".") { result = "_" + result.dropFirst() }
    // "--" separates the parts of a run's file name.
    result = result.replacingOccurrences(of: "--", with: "-_")
    if result != text { result += "~" + String(SHA256.hex(Array(text.utf8)).prefix(8)) }
    return result
  }

  /// Whether `safeComponent(text)` is `text` itself: every byte ASCII and allowed, no leading
  /// `.` and no `--`.
  static func isSafeAsItIs(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      guard byte < 0x80, allowedBytes[Int(byte)] else { return false }
      if byte == UInt8(ascii: "-") && previous == byte { return false }
      if previous == 0 && byte == UInt8(ascii: ".") { return false }
      previous = byte
    }
    return true
  }

  /// `allowed` as a table by ASCII code.
  private static let allowedBytes: [Bool] = (0..<128).map { code in
    allowed.contains(Character(Unicode.Scalar(UInt8(code))))
  }

  private static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._@=+-")

  /// A run's timeline rows: `samples` where something changes (plus the first and last), as
  /// `timelineRows` keeps them; with `key`, the run's rows of `timeline.csv` (key cells first,
  /// no header), without it a standalone file with its header. Columns: t_ms, trace_ms,
  /// offset_pt, velocity_pt_s, content_height_pt, blank_fraction, in_flight, stalled.
  public static func timelineCSV(_ samples: [TimelineSample], key: RunKey? = nil) -> [UInt8] {
    let columns = TimelineSample.columnNames
    let kept = timelineRows(samples)
    // About 40 bytes of numbers a row (a steady drag's rows take 30–40).
    var csv =
      key.map {
        CSVBuffer(
          rowsOf: columns.count, prefix: RunTable.prefix($0), rows: kept.count, capacity: kept.count * 48)
      }
      ?? CSVBuffer(header: columns, capacity: 64 + kept.count * 64)
    // Below 1e12 (far beyond any position or speed in points) a value fits the in-place row.
    let limit = 1e12
    for index in kept {
      let sample = samples[index]
      if abs(sample.offsetPt) < limit && abs(sample.velocityPtS) < limit
        && abs(sample.contentHeightPt) < limit
        && abs(sample.blankFraction) < limit
      {
        csv.numberRow { row in
          row.milliseconds(sample.timeUs)
          row.milliseconds(sample.traceUs)
          row.decimal(sample.offsetPt, places: 3)
          row.decimal(sample.velocityPtS, places: 3)
          row.decimal(sample.contentHeightPt, places: 3)
          row.decimal(sample.blankFraction, places: 6)
          row.integer(sample.inFlight)
          row.bit(sample.stalled)
        }
        continue
      }
      csv.milliseconds(sample.timeUs)
      csv.milliseconds(sample.traceUs)
      csv.decimal(sample.offsetPt, places: 3)
      csv.decimal(sample.velocityPtS, places: 3)
      csv.decimal(sample.contentHeightPt, places: 3)
      csv.decimal(sample.blankFraction, places: 6)
      csv.integer(sample.inFlight)
      csv.bit(sample.stalled)
      csv.endRow()
    }
    return csv.takeBytes()
  }

  /// The positions of the samples a timeline keeps: the first, the last, and every sample a
  /// reader cannot get back from the rows kept around it. The columns are read two ways, as the
  /// timeline plot draws them: `in_flight` and `stalled` are steps (a row's value holds until
  /// the next row: gnuplot's `steps`, the stall shading from a row with `stalled` 1 to the next
  /// with 0), every other column a straight line between rows. A sample is left out when its
  /// requests in flight and stall state are those of the sample before it, its content height
  /// and blank fraction are those of both its neighbours, and its time, trace time, offset and
  /// velocity are each the mean of its neighbours' (as written: µs times, the offset and
  /// velocity to 0.001). On a steady drag that leaves, around each page, the sample where the
  /// request is first in flight, the sample before the page lands and the sample where it has
  /// landed; the sample before a request goes out is the line and the step before it. A plot,
  /// or a reader interpolating the line columns and holding the step columns, gives back every
  /// value left out, and a time average of a step column, the content height or the blank
  /// fraction, weighing each row by the time to the next one, is unchanged.
  ///
  /// Complexity: O(n).
  public static func timelineRows(_ samples: [TimelineSample]) -> [Int] {
    guard samples.count > 2 else { return Array(samples.indices) }
    var kept = [0]
    kept.reserveCapacity(samples.count / 4 + 2)
    // Each sample's position and speed as written are computed once, not once for each of the
    // three triples it is in (rounding was most of the filter's time on a long session).
    var before = Written(samples[0])
    var middle = Written(samples[1])
    for index in 1..<(samples.count - 1) {
      let after = Written(samples[index + 1])
      if !liesBetween(samples[index - 1], samples[index], samples[index + 1], before, middle, after) {
        kept.append(index)
      }
      before = middle
      middle = after
    }
    kept.append(samples.count - 1)
    return kept
  }

  /// A sample's offset and velocity as written: thousandths of a point, exact integers well
  /// inside Int64 for any position the in-place row writes (below 1e12); nil beyond 9e15.
  struct Written {
    let offset: Int64?
    let velocity: Int64?

    @inline(__always) init(_ sample: TimelineSample) {
      offset = Self.thousandths(sample.offsetPt)
      velocity = Self.thousandths(sample.velocityPtS)
    }

    @inline(__always) static func thousandths(_ value: Double) -> Int64? {
      let scaled = (value * 1000).rounded()
      return abs(scaled) < 9e15 ? Int64(scaled) : nil
    }
  }

  /// Whether `middle` is what linear interpolation between `before` and `after` gives in the
  /// line columns and what `before` holds in the step columns, in the resolution the file has
  /// (`Written`: the three samples' positions and speeds as written).
  static func liesBetween(
    _ before: TimelineSample, _ middle: TimelineSample, _ after: TimelineSample, _ writtenBefore: Written,
    _ writtenMiddle: Written, _ writtenAfter: Written
  ) -> Bool {
    // Drawn as lines: the same on both sides. Drawn as steps: the same as the row before.
    @inline(__always) func sameLevel(_ a: TimelineSample, _ b: TimelineSample) -> Bool {
      a.contentHeightPt == b.contentHeightPt && a.blankFraction == b.blankFraction
    }
    guard sameLevel(before, middle), sameLevel(middle, after), before.inFlight == middle.inFlight,
      before.stalled == middle.stalled
    else { return false }
    @inline(__always) func onLine(_ a: Int64, _ b: Int64, _ c: Int64) -> Bool { b &* 2 == a &+ c }
    guard onLine(before.timeUs, middle.timeUs, after.timeUs) else { return false }
    switch (before.traceUs, middle.traceUs, after.traceUs) {
    case (nil, nil, nil): break
    case (let a?, let b?, let c?): guard onLine(a, b, c) else { return false }
    default: return false
    }
    guard let a = writtenBefore.offset, let b = writtenMiddle.offset, let c = writtenAfter.offset,
      onLine(a, b, c),
      let d = writtenBefore.velocity, let e = writtenMiddle.velocity, let f = writtenAfter.velocity,
      onLine(d, e, f)
    else { return false }
    return true
  }

  /// `ttc/<run>.csv`: one row per item that became visible, by item: item, first_visible_ms,
  /// ttc_ms (0 = complete at first sight), complete (0 = the clock stopped on an incomplete item,
  /// which leaves the viewport or is still loading when the run ends). The rows are exactly the
  /// samples behind summary.csv's `ttc_*` columns.
  /// With `key`, the run's rows of `ttc.csv` (key cells first, no header).
  public static func timeToContentCSV(_ records: [TimeToContent], key: RunKey? = nil) -> [UInt8] {
    let columns = TimeToContent.columnNames
    var csv =
      key.map {
        CSVBuffer(
          rowsOf: columns.count, prefix: RunTable.prefix($0), rows: records.count,
          capacity: records.count * 32)
      }
      ?? CSVBuffer(header: columns, capacity: 64 + records.count * 32)
    for record in records {
      csv.integer(record.item)
      csv.milliseconds(record.firstVisibleUs)
      csv.milliseconds(record.durationUs)
      csv.bit(record.complete)
      csv.endRow()
    }
    return csv.takeBytes()
  }

  public static let eventColumns = [
    "t_ms", "event", "request_id", "kind", "page", "item", "priority", "attempt", "bytes", "prefetch",
  ]

  /// `events/<run>.csv`: one row per step of a request's life (issued, started, first_byte,
  /// completed, cancelled, timeout, failed), page application and re-prioritisation.
  /// With `key`, the run's rows of `events.csv` (key cells first, no header).
  public static func eventsCSV(_ events: [RequestEvent], key: RunKey? = nil) -> [UInt8] {
    var csv =
      key.map {
        CSVBuffer(
          rowsOf: eventColumns.count, prefix: RunTable.prefix($0), rows: events.count,
          capacity: events.count * 56)
      }
      ?? CSVBuffer(header: eventColumns, capacity: 64 + events.count * 64)
    for event in events {
      // Every cell is an integer, a millisecond count or one of the program's own words.
      csv.numberRow { row in
        row.milliseconds(event.timeUs)
        row.word(event.kind.rawValue)
        row.integer(event.requestID)
        switch event.resource {
        case .page(let index):
          row.word("page")
          row.integer(index)
          row.empty()
        case .media(let index):
          row.word("media")
          row.empty()
          row.integer(index)
        case .subItemMedia(let index, _):
          // A carousel sub-item's image, listed under its row.
          row.word("sub_item_media")
          row.empty()
          row.integer(index)
        }
        row.word(event.priority.description)
        row.integer(event.attempt)
        row.integer(event.bytes)
        row.bit(event.isPrefetch)
      }
    }
    return csv.takeBytes()
  }
}
