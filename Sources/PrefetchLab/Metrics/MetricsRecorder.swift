/// Accumulates a run's metrics as the engine reports what happens; `finish` turns them into a
/// `SummaryMetrics` row.
struct MetricsRecorder: Sendable {
  var summary = SummaryMetrics()
  /// ∫ blank fraction dt after first content, in fraction·µs.
  var blankIntegral = 0.0
  var ttcUs: [Int64] = []
  /// The same samples with their item, in the order their clocks stopped.
  var timesToContent: [TimeToContent] = []
  var itemsCompleteAtFirstSight = 0

  mutating func accumulateBlank(fraction: Double, overUs duration: Int64) {
    guard duration > 0, fraction > 0 else { return }
    summary.blankUs += duration
    if fraction >= 0.5 { summary.mostlyBlankUs += duration }
    blankIntegral += fraction * Double(duration)
  }

  mutating func recordStall(durationUs: Int64) {
    summary.stallCount += 1
    summary.stallUs += durationUs
    summary.stallMaxUs = max(summary.stallMaxUs, durationUs)
  }

  /// An item's time-to-content clock stopped at `untilUs`: complete, or left the viewport (or
  /// the run ended) still incomplete.
  mutating func recordTimeToContent(item: Int, firstVisibleUs: Int64, untilUs: Int64, complete: Bool) {
    let duration = untilUs - firstVisibleUs
    ttcUs.append(duration)
    timesToContent.append(
      TimeToContent(item: item, firstVisibleUs: firstVisibleUs, durationUs: duration, complete: complete))
    if !complete { summary.itemsSeenIncomplete += 1 }
  }

  /// Fills the derived columns: percentiles, blankness, ratios.
  mutating func finish(
    sessionUs: Int64, firstContentUs: Int64?, requests: [Request], itemsLoaded: Int, frames: Int
  ) {
    summary.sessionUs = sessionUs
    summary.firstContentUs = firstContentUs
    summary.itemsLoaded = itemsLoaded
    summary.frames = frames
    if let firstContentUs, sessionUs > firstContentUs {
      summary.blankness = blankIntegral / Double(sessionUs - firstContentUs)
    }
    ttcUs.sort()
    summary.ttcP50Us = Self.nearestRank(ttcUs, 0.50)
    summary.ttcP95Us = Self.nearestRank(ttcUs, 0.95)
    summary.ttcMaxUs = ttcUs.last
    summary.coverage =
      summary.itemsSeen > 0 ? Double(itemsCompleteAtFirstSight) / Double(summary.itemsSeen) : nil

    var usedPrefetches = 0
    var wastedPrefetches = 0
    for request in requests where !request.fromDisk {
      switch request.state {
      case .completed:
        // Bytes moved by the request's earlier, failed attempts.
        summary.wastedBytes += request.bytesMoved - request.bytes
        if !request.used {
          summary.wastedFetches += 1
          summary.wastedBytes += request.bytes
        }
        if request.isPrefetch { if request.used { usedPrefetches += 1 } else { wastedPrefetches += 1 } }
      case .cancelled, .failed:
        summary.wastedBytes += request.bytesMoved
        if request.isPrefetch { wastedPrefetches += 1 }
      case .queued, .connecting, .transferring, .backingOff, .readingDisk:
        break
      }
      if request.redundant { summary.redundantFetches += 1 }
    }
    let resolved = usedPrefetches + wastedPrefetches
    summary.prefetchAccuracy = resolved > 0 ? Double(usedPrefetches) / Double(resolved) : nil
  }

  /// The nearest-rank percentile (the smallest value with at least p of the data at or below
  /// it); nil for no data.
  static func nearestRank(_ sorted: [Int64], _ p: Double) -> Int64? {
    guard !sorted.isEmpty else { return nil }
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count, max(1, rank)) - 1]
  }
}
