import Foundation
import PrefetchLab

/// A results folder read back for plots and reports: summary.csv grouped by scenario and
/// strategy (in file order, which is the order `run` executed them), the manifest with the
/// scenarios it records, and the per-run rows (`RunData`, either layout). Reads nothing outside
/// the folder.
public struct ResultsData: Sendable {
  /// The folder as given.
  public let path: String
  public let folder: ResultsFolder
  public let scenarios: [ScenarioResults]
  /// The runs' timeline, events and time-to-content rows.
  public let runs: RunData

  /// - Throws: `InputError` when summary.csv or manifest.json is missing or malformed.
  public init(path: String) throws(InputError) {
    self.path = path
    let folder = try ResultsFolder(path: path)
    self.folder = folder
    runs = RunData(folder: path, expectedRows: folder.manifest?.tableRows)
    var order: [String] = []
    var rowsByScenario: [String: [RunRow]] = [:]
    for row in folder.rows {
      if rowsByScenario[row.key.scenario] == nil { order.append(row.key.scenario) }
      rowsByScenario[row.key.scenario, default: []].append(row)
    }
    scenarios = order.map { name in
      ScenarioResults(
        name: name, rows: rowsByScenario[name] ?? [],
        details: ScenarioDetails(name: name, manifest: folder.manifest, folder: path))
    }
  }

  /// The metric columns of summary.csv, in file order.
  public var metricColumns: [String] { folder.metricColumns }

}

/// One scenario's rows, grouped by strategy (with parameters).
public struct ScenarioResults: Sendable {
  public let name: String
  /// In order of first appearance in summary.csv.
  public let strategies: [StrategyResults]
  /// Every seed that appears, ascending.
  public let seeds: [UInt64]
  public let details: ScenarioDetails

  init(name: String, rows: [RunRow], details: ScenarioDetails) {
    self.name = name
    var labels: [String] = []
    var grouped: [String: [RunRow]] = [:]
    for row in rows {
      let label = row.key.strategyLabel
      if grouped[label] == nil { labels.append(label) }
      grouped[label, default: []].append(row)
    }
    strategies = labels.map { StrategyResults(rows: grouped[$0] ?? []) }
    seeds = Set(rows.map(\.key.seed)).sorted()
    self.details = details
  }

  /// The row of run `key`, if this scenario has it.
  func row(_ key: RunKey) -> RunRow? {
    strategies.first { $0.strategy == key.strategy && $0.params == key.params }?.rows.first { $0.key == key }
  }
}

/// One strategy (with its parameters) in one scenario: a row per seed.
public struct StrategyResults: Sendable {
  /// The rows in summary.csv order.
  public let rows: [RunRow]

  init(rows: [RunRow]) {
    precondition(!rows.isEmpty)
    self.rows = rows
  }

  public var strategy: String { rows[0].key.strategy }
  public var params: String { rows[0].key.params }
  /// `fixed_threshold` or `fixed_threshold:ratio=0.5`.
  public var label: String { rows[0].key.strategyLabel }

  /// The non-empty values of `metric`, in file order.
  public func values(_ metric: String) -> [Double] { rows.compactMap { $0.value(metric) } }

  /// Mean and 95 % confidence interval of `metric` over the seeds with a value.
  public func estimate(_ metric: String) -> MeanEstimate { MeanEstimate(values(metric)) }
}

/// What the report can say about a scenario beyond its rows: its description and key
/// parameters, from the scenario the manifest records (so a folder moved anywhere, reported from
/// any directory, keeps them); when the manifest has none, a note why.
public struct ScenarioDetails: Sendable {
  /// The scenario file's name (no folders: reports never embed paths), when the manifest has it.
  public var fileName: String?
  /// SHA-256 of the scenario file.
  public var sha256: String?
  /// The scenario as recorded in the manifest.
  public var scenario: Scenario?
  /// Length of the scroll trace with the scenario's own seed, as recorded.
  public var traceDurationUs: Int64?
  /// Why `scenario` is nil, for the report.
  public var note: String?
  /// The recorded network's capacity over time, when the scenario replays a bandwidth trace and
  /// the trace file is still where the manifest says (timelines draw it); nil otherwise.
  public var capacity: BandwidthTrace?

  public init(
    fileName: String? = nil, sha256: String? = nil, scenario: Scenario? = nil, traceDurationUs: Int64? = nil,
    note: String? = nil
  ) {
    self.fileName = fileName
    self.sha256 = sha256
    self.scenario = scenario
    self.traceDurationUs = traceDurationUs
    self.note = note
  }

  /// The details of scenario `name` from the manifest of the results folder at `folder`.
  init(name: String, manifest: Manifest?, folder: String) {
    guard let manifest else {
      self.init(note: "no manifest.json: scenario details unavailable")
      return
    }
    guard let index = manifest.scenarios.firstIndex(where: { $0.name == name }) else {
      self.init(note: "not listed in manifest.json")
      return
    }
    let entry = manifest.scenarios[index]
    self.init(
      fileName: entry.path.isEmpty ? nil : (entry.path as NSString).lastPathComponent,
      sha256: entry.fileSHA256.isEmpty ? nil : entry.fileSHA256, traceDurationUs: entry.traceDurationUs)
    guard let json = entry.scenario else {
      note = "description and parameters unavailable: " + Manifest.regenerateAdvice
      return
    }
    // The trace files need not be at hand: the report only describes them.
    do {
      let loaded = try ScenarioLoader.load(
        data: Array(json.serialized().utf8), file: entry.path, baseDirectory: folder, checksFiles: false)
      scenario = loaded
      if let trace = loaded.network.trace {
        capacity = try? BandwidthTraceLoader.load(path: trace.path, format: trace.format, loop: trace.loop)
      }
    } catch {
      note = "the scenario recorded in manifest.json (scenarios[\(index)]) cannot be read: \(error.message)"
    }
  }

  /// Key parameters as (name, value) pairs in a fixed order, empty when the scenario is unknown.
  public var parameters: [(name: String, value: String)] {
    guard let scenario else { return [] }
    func number(_ x: Double) -> String { DecimalFormat.shortest(x) }
    var list: [(String, String)] = []
    if let traceDurationUs {
      list.append(
        ("scroll trace", DecimalFormat.fixed(Double(traceDurationUs) / 1_000_000, places: 1) + " s"))
    }
    list.append(("scroll physics", scenario.scroll.physics.rawValue))
    if case .script(let gestures) = scenario.scroll.source {
      list.append(("scroll source", "script of \(gestures.count) gesture\(gestures.count == 1 ? "" : "s")"))
    } else if case .recorded(let path, let format) = scenario.scroll.source {
      list.append(
        ("scroll source", "recorded \(format.rawValue) trace \((path as NSString).lastPathComponent)"))
    } else if case .touch(let path, let density) = scenario.scroll.source {
      list.append(
        ("scroll source", "touch_csv \((path as NSString).lastPathComponent) at density \(number(density))"))
    } else if case .model(let model) = scenario.scroll.source {
      list.append(("scroll source", "synthetic \(model.name.rawValue) user (one per seed)"))
    }
    list.append(
      ("viewport", "\(number(scenario.viewport.heightPt)) pt at \(scenario.viewport.frameRateHz) Hz"))
    let feed = scenario.feed
    list.append(
      (
        "feed",
        "\(feed.totalItems) items, pages of \(feed.pageSize) (first request \(feed.initialPageSize) items, "
          + "unless the strategy sets its own first load: Paging 3's initial_load_size is 3 pages by default), "
          + "\(feed.pagination.rawValue) pagination, end signal \(feed.endSignal.rawValue)"
      ))
    list.append(("item_height_pt", feed.itemHeightPt.description))
    list.append(("page_bytes", feed.pageBytes.description))
    if let media = feed.mediaBytes {
      list.append(("media_bytes", "\(media.description) on \(number(feed.mediaFraction * 100)) % of items"))
    } else {
      list.append(("media_bytes", "no media"))
    }
    list += Self.carouselParameters(scenario)
    if let cap = feed.serverMaxPageSize { list.append(("server_max_page_size", String(cap))) }
    if feed.shortPageRate > 0 { list.append(("short_page_rate", number(feed.shortPageRate))) }
    let network = scenario.network
    if let profile = network.profile { list.append(("network profile", profile.rawValue)) }
    if network.trace?.format == .periods {
      list.append(("rtt_ms", "from the periods trace's latency_ms"))
    } else {
      list.append(("rtt_ms", network.rttMs.description))
    }
    if let trace = network.trace {
      list.append(
        (
          "bandwidth",
          "\(trace.format.rawValue) trace \((trace.path as NSString).lastPathComponent)"
            + (trace.loop ? " (looped)" : "")
        ))
    } else {
      list.append(("bandwidth_kbps", network.bandwidthKbps.map(number) ?? "unlimited"))
    }
    list.append(("max_concurrent_requests", String(network.maxConcurrentRequests)))
    list.append(("timeout_ms", number(network.timeoutMs)))
    if network.failureRate > 0 { list.append(("failure_rate", number(network.failureRate))) }
    if network.retry.maxAttempts > 1 {
      let retry = network.retry
      list.append(
        (
          "retry",
          "up to \(retry.maxAttempts) attempts, backoff \(number(retry.backoffMs)) ms × \(number(retry.multiplier)), "
            + "jitter \(number(retry.jitter))"
        ))
    }
    if !network.outages.isEmpty {
      let windows = network.outages.map {
        "\(number($0.startMs / 1000))–\(number(($0.startMs + $0.durationMs) / 1000)) s"
      }
      list.append(("outages", windows.joined(separator: ", ")))
    }
    if !network.coalescing { list.append(("coalescing", "off")) }
    if let limit = network.rateLimit {
      list.append(("rate_limit", "\(number(limit.requestsPerSecond)) requests/s, burst \(limit.burst)"))
    }
    if let media = scenario.mediaNetwork {
      let spec = media.network
      var parts = ["rtt_ms " + (spec.trace?.format == .periods ? "from its trace" : spec.rttMs.description)]
      if media.sharedLink {
        parts.append("network's link and connections")
      } else {
        let link =
          spec.trace.map { "\($0.format.rawValue) trace \(($0.path as NSString).lastPathComponent)" }
          ?? spec.bandwidthKbps.map { number($0) + " kbit/s" } ?? "unlimited"
        parts += [link, "\(spec.maxConcurrentRequests) connections"]
      }
      if spec.failureRate > 0 { parts.append("failure_rate " + number(spec.failureRate)) }
      list.append(("network.media", parts.joined(separator: ", ")))
    }
    if let cache = scenario.cache {
      list.append(
        (
          "cache",
          "memory \(cache.memoryBytes) B, disk \(cache.diskBytes) B valid \(number(cache.cacheDurationMs)) ms"
            + (cache.ignoreCache ? ", ignored" : "")
        ))
    }
    if let render = scenario.render {
      list.append(("render", "\(render.timeMs.description) ms on \(render.workers) workers"))
    }
    list.append(
      (
        "radio",
        scenario.radio.model == .none
          ? "none"
          : scenario.radio.model.rawValue + " (" + scenario.radio.profile.rawValue + ")"
            + (scenario.radio.promotionDelaysRequests ? ", promotion delays requests" : "")
      ))
    list.append(("patience_ms", DecimalFormat.milliseconds(scenario.patienceUs)))
    return list
  }
}
