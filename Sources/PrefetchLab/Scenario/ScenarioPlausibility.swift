import Foundation

/// What `validate` shows of a valid scenario at a glance, and what it warns about: values the
/// loader accepts (they are in range) but that are implausible for a real app and network, each
/// with the unit slip that most likely produced it (seconds typed as milliseconds, kilobytes as
/// bytes, pixels as points). Warnings never stop a run; `validate --strict` makes them errors.
public struct ScenarioPlausibility: Sendable {
  public struct Warning: Sendable, Equatable, CustomStringConvertible {
    /// JSON path of the key: `network.rtt_ms`.
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
  }

  /// Derived figures, in a fixed order: (name, value with unit).
  public let figures: [(name: String, value: String)]
  public let warnings: [Warning]

  /// Thresholds (judgements: the fastest real round trips are a few ms within a data centre; a
  /// mobile request slower than a minute is timed out by every platform's default; a feed image
  /// under 1 kB is an icon, not content; a link under 10 kbit/s is below GPRS).
  public static let rttRangeMs = 5.0...60_000.0
  public static let minimumMediaBytes = 1000.0
  public static let minimumPageBytes = 100.0
  public static let minimumBandwidthKbps = 10.0
  /// Items on one screen above which a run's cost is warned of (a judgement). Every frame walks
  /// every item on screen (visibility, blank area, time to content): in a debug build, a 30 s
  /// session at 60 Hz with infinite_scroll took 0.20 s with 8.5 items on screen, 0.55 s with 85
  /// and 3.3 s with 850 (about 2.3 µs per item and frame), so past 1000 a two-minute session
  /// costs tens of seconds per run and strategy, and more with every seed. The densest real
  /// grids, a photo library zoomed out, show a few hundred cells; more is likely a slip
  /// (columns, or pixels typed as points).
  public static let maximumItemsPerScreen = 1000.0

  /// - Parameter traceDurationUs: the scroll trace's length with the scenario's seed.
  public init(_ scenario: Scenario, traceDurationUs: Int64) {
    func number(_ value: Double, _ places: Int = 0) -> String { DecimalFormat.fixed(value, places: places) }
    let network = scenario.network
    let feed = scenario.feed
    var figures: [(String, String)] = []
    var warnings: [Warning] = []
    let rttP50 = network.rttMs.quantile(0.5)
    let recordedLatency = network.trace?.format == .periods
    if recordedLatency {
      figures.append(("RTT", "from the periods trace"))
    } else {
      figures.append(
        ("RTT p50 / p95", number(rttP50, 1) + " / " + number(network.rttMs.quantile(0.95), 1) + " ms"))
      if rttP50 < Self.rttRangeMs.lowerBound {
        warnings.append(
          Warning(
            path: "network.rtt_ms",
            message:
              rttP50 == 0
              ? "median RTT 0 ms: a 0 ms round trip is not physical (even a data centre's are a few ms); "
                + "give the network's measured round trip"
              : "median RTT \(number(rttP50, 3)) ms is below 5 ms: seconds typed as milliseconds? "
                + "(\(number(rttP50, 3)) s would be \(number(rttP50 * 1000)) ms)"))
      } else if rttP50 > Self.rttRangeMs.upperBound {
        warnings.append(
          Warning(
            path: "network.rtt_ms",
            message: "median RTT \(number(rttP50)) ms is above 60 s: microseconds typed as milliseconds?"))
      }
    }
    // Transfer time at the origin's bandwidth: RTT p50 + bytes × 8 / kbit/s = ms.
    func fetch(_ bytes: Double, over origin: NetworkSpec) -> String {
      let originRtt = origin.rttMs.quantile(0.5)
      guard let kbps = origin.bandwidthKbps, origin.trace == nil else {
        return origin.trace != nil
          ? "depends on the trace" : number(originRtt, 1) + " ms (RTT; unlimited bandwidth)"
      }
      return number(originRtt + bytes * 8 / kbps, 1) + " ms"
    }
    let pageP50 = feed.pageBytes.quantile(0.5)
    figures.append(("median page fetch", fetch(pageP50, over: network)))
    if let media = feed.mediaBytes {
      let mediaP50 = media.quantile(0.5)
      // Images come from network.media (a CDN) when the scenario has one: its own RTT, and its
      // own link unless it shares the API's.
      if let mediaNetwork = scenario.mediaNetwork {
        figures.append(
          ("median image fetch", fetch(mediaP50, over: mediaNetwork.network) + " (network.media)"))
      } else {
        figures.append(("median image fetch", fetch(mediaP50, over: network)))
      }
      if mediaP50 < Self.minimumMediaBytes {
        warnings.append(
          Warning(
            path: "feed.media_bytes",
            message:
              "median image of \(number(mediaP50)) bytes is below 1 kB: kilobytes typed as bytes? "
              + "(\(number(mediaP50)) kB would be \(number(mediaP50 * 1000)))"))
      }
    }
    if pageP50 < Self.minimumPageBytes {
      warnings.append(
        Warning(
          path: "feed.page_bytes",
          message:
            "median page of \(number(pageP50)) bytes is below 100 bytes: kilobytes typed as bytes? "
            + "(\(number(pageP50)) kB would be \(number(pageP50 * 1000)))"))
    }
    if let kbps = network.bandwidthKbps, network.trace == nil, kbps < Self.minimumBandwidthKbps {
      warnings.append(
        Warning(
          path: "network.bandwidth_kbps",
          message:
            "\(number(kbps, 3)) kbit/s is below 10 kbit/s: Mbit/s typed as kbit/s? "
            + "(\(number(kbps, 3)) Mbit/s would be \(number(kbps * 1000)))"))
    }
    let itemP50 = feed.itemHeightPt.quantile(0.5)
    let viewport = scenario.viewport.heightPt
    // A grid row is as tall as the tallest of its `columns` items, drawn independently: the
    // median row is the item distribution's 0.5^(1/columns) quantile (P(max <= x) = F(x)^c).
    let columns = feed.columns
    // Drawn heights are snapped as the layout snaps them (at least 1 pt).
    let rowP50 = FeedContent.snapToGrid(
      columns == 1 ? itemP50 : feed.itemHeightPt.quantile(pow(0.5, 1 / Double(columns))))
    let rowsPerScreen = viewport / rowP50
    let itemsPerScreen = rowsPerScreen * Double(columns)
    figures.append(
      columns == 1
        ? ("items per screen", number(itemsPerScreen, 1) + " (one column; median item \(number(itemP50)) pt)")
        : (
          "items per screen",
          number(itemsPerScreen, 1) + " (\(number(rowsPerScreen, 1)) rows × \(columns) columns; median row "
            + "\(number(rowP50)) pt, the tallest of its \(columns) items; median item \(number(itemP50)) pt)"
        ))
    if itemP50 > viewport {
      warnings.append(
        Warning(
          path: "feed.item_height_pt",
          message:
            "median item of \(number(itemP50)) pt is taller than the viewport (\(number(viewport)) pt): pixels "
            + "typed as points? (at 3x, \(number(itemP50)) px is \(number(itemP50 / 3)) pt)"))
    }
    if itemsPerScreen > Self.maximumItemsPerScreen {
      let frames = Double(traceDurationUs) / 1_000_000 * Double(scenario.viewport.frameRateHz)
      warnings.append(
        Warning(
          path: columns > 1 ? "feed.columns" : "feed.item_height_pt",
          message:
            "about \(number(itemsPerScreen)) items on one screen (\(number(rowsPerScreen, 1)) rows × \(columns) "
            + "column\(columns == 1 ? "" : "s")), more than \(number(Self.maximumItemsPerScreen)): every frame walks "
            + "every item on screen, so each run of each strategy walks about "
            + number(itemsPerScreen * frames / 1e6, 1) + " million items (\(number(frames)) frames), "
            + "\(number(itemsPerScreen / 10)) times a phone list's ten; real grids show a few hundred at most. "
            + "Fewer columns, or pixels typed as points?"))
    }
    figures.append(("session", number(Double(traceDurationUs) / 1_000_000, 1) + " s of scroll trace"))
    figures.append(
      (
        "seeds",
        scenario.seedCount == 1
          ? "1 (seed \(scenario.seed)): comparisons untested; add \"seeds\": 10"
          : "\(scenario.seedCount) (\(scenario.seed)–\(scenario.seed + UInt64(scenario.seedCount) - 1))"
      ))
    // prefetch_distance is Paging 3's PagingConfig.prefetchDistance in every strategy that
    // declares it (paging3, and the lists over Paging 3: recyclerview, compose_paging).
    for (index, spec) in scenario.strategies.enumerated() where spec.parameters["prefetch_distance"] != nil {
      let placeholders = spec.parameters["enable_placeholders"].map { $0 == .bool(true) } ?? true
      if spec.parameters["prefetch_distance"] == .number(0), feed.pagination == .cursor || !placeholders {
        warnings.append(
          Warning(
            path: "strategies[\(index)].prefetch_distance",
            message:
              "0 never loads past the first page "
              + (feed.pagination == .cursor ? "on a cursor feed" : "without placeholders")
              + ": Paging 3 appends only when a row within prefetch_distance of the end is accessed, and "
              + "no row lies within 0 (PagingConfig.prefetchDistance); every session stalls at the end of the "
              + "first page until the user abandons"))
      }
    }
    self.figures = figures
    self.warnings = warnings
  }
}
