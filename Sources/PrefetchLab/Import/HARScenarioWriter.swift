import Foundation

/// Builds the scenario `HARImport` writes, key by key, with a `$comment` per object saying where
/// each value came from, and the report rows of the fits.
struct HARScenarioWriter {
  let classes: TrafficClass
  let files: [String]
  /// Where varying throughput traces go: `<stem>.<pages|media>.throughput`; nil: none (the
  /// median rate is written instead).
  let traceStem: String?
  /// Trace files to write beside the scenario: full path and text.
  private(set) var traces: [(path: String, text: String)] = []
  private var topNotes: [String] = []
  private var network: [(key: String, value: JSONValue)] = []
  private var networkNotes: [String] = []
  private var media: [(key: String, value: JSONValue)] = []
  private var mediaNotes: [String] = []
  private var feed: [(key: String, value: JSONValue)] = []
  private var feedNotes: [String] = []
  private(set) var fits: [FittedQuantity] = []
  /// The scroll physics the requests' User-Agent points to (`ScrollPhysicsGuess`).
  var physics = ScrollPhysicsGuess(userAgents: [])
  private(set) var warnings: [String] = []

  init(classes: TrafficClass, files: [String], traceStem: String?) {
    self.classes = classes
    self.files = files
    self.traceStem = traceStem
  }

  mutating func note(_ text: String) { topNotes.append(text) }

  private mutating func add(_ key: String, _ value: JSONValue, note: String, to object: String) {
    switch object {
    case "network":
      network.append((key, value))
      networkNotes.append(note)
    case "network.media":
      media.append((key, value))
      mediaNotes.append(note)
    default:
      feed.append((key, value))
      feedNotes.append(note)
    }
  }

  /// `rtt_ms`, `bandwidth_kbps`, `max_concurrent_requests`, `failure_rate` of one class's origin.
  mutating func fitNetwork(_ traffic: HARImport.ClassTraffic, key object: String, sharedLink: Bool = false) {
    let requests = traffic.network
    let answered = requests.filter { $0.status != 0 }
    let origins = traffic.origins.joined(separator: ", ")
    if let rtt = fit(
      answered.map(\.firstByteMs), key: object + ".rtt_ms", unit: "ms", resolution: 0.1,
      sources: answered.map(\.source))
    {
      add(
        "rtt_ms", rtt.json,
        note:
          "rtt_ms: time to first byte of \(answered.count) \(traffic.singular) requests to \(origins) (HAR timings.wait, plus timings.connect where the request opened a connection); \(describe(rtt)).",
        to: object)
    }
    let failures = requests.filter(\.isFailure).count
    let rate = (Double(failures) / Double(requests.count) * 10_000).rounded() / 10_000
    add(
      "failure_rate", JSONValue(rate),
      note:
        "failure_rate: \(failures) of \(requests.count) requests got an error status (4xx, 5xx) or no response.",
      to: object)
    if sharedLink {
      add(
        "shared_link", true,
        note:
          "shared_link: pages and media come from the same origin (\(origins)), so they share its link and connections.",
        to: object)
      return
    }
    let large = requests.filter {
      (200...299).contains($0.status) && ($0.bodyBytes ?? 0) >= HARImport.throughputMinimumBytes
        && $0.receiveMs >= 1
    }
    let timed = large.map { entry in
      (
        timeS: (entry.startMs + entry.firstByteMs + entry.receiveMs) / 1000,
        kbps: (entry.bodyBytes ?? 0) * 8 / entry.receiveMs
      )
    }
    let rates = timed.map(\.kbps).sorted()
    if let traceStem, let trace = Self.throughputTrace(timed) {
      let path = traceStem + "." + traffic.name + ".throughput"
      let name = path.split(separator: "/").last.map(String.init) ?? path
      traces.append((path, trace))
      add(
        "trace", .object([("path", .string(name)), ("format", "throughput"), ("loop", false)]),
        note:
          "trace: the rates of \(rates.count) bodies of at least \(Int(HARImport.throughputMinimumBytes)) bytes over their timings.receive vary (p10 \(Int(LognormalFit.sampleQuantile(rates, 0.1))), p90 \(Int(LognormalFit.sampleQuantile(rates, 0.9))) kbit/s): their median per bin over the session, in \(name); the last rate holds after it.",
        to: object)
    } else if !rates.isEmpty {
      let median = max(0.001, LognormalFit.sampleQuantile(rates, 0.5).rounded())
      fits.append(
        FittedQuantity(
          key: object + ".bandwidth_kbps", unit: "kbit/s", count: rates.count,
          dataQuantiles: [0.5, 0.9, 0.99].map { LognormalFit.sampleQuantile(rates, $0) },
          fitQuantiles: [median, median, median], ksDistance: nil, distribution: .constant(median)))
      add(
        "bandwidth_kbps", JSONValue(median),
        note:
          "bandwidth_kbps: median rate of \(rates.count) bodies of at least \(Int(HARImport.throughputMinimumBytes)) bytes over their timings.receive (one transfer's rate: a lower bound on the link's capacity when transfers overlapped).",
        to: object)
    } else {
      add(
        "$unfitted_bandwidth", .null,
        note:
          "bandwidth_kbps: left out (unlimited): no body of at least \(Int(HARImport.throughputMinimumBytes)) bytes to measure; set it from your users' network.",
        to: object)
    }
    let peak = Self.peakConcurrency(requests)
    add(
      "max_concurrent_requests", JSONValue(max(1, peak)),
      note:
        "max_concurrent_requests: the most \(traffic.singular) requests in flight at once to one origin (\(Self.connectionText(requests))); a client limit shows only where it was reached.",
      to: object)
  }

  /// `page_bytes`, `media_bytes`, `page_size`, `media_fraction`.
  mutating func fitFeed(
    pages: HARImport.ClassTraffic, media: HARImport.ClassTraffic, mediaURLs: Set<String>
  ) {
    func sized(_ traffic: HARImport.ClassTraffic) -> [HAREntry] {
      traffic.network.filter { (200...299).contains($0.status) && ($0.bodyBytes ?? 0) > 0 }
    }
    let pageSized = sized(pages)
    let pageSizes = pageSized.compactMap(\.bodyBytes)
    let bodies = pages.network.filter { (200...299).contains($0.status) }.compactMap(\.bodyText)
    let counts = HARPageBodies(classes: classes, mediaURLs: mediaURLs).count(bodies)
    if let counts {
      add(
        "page_size", JSONValue(counts.pageSize),
        note:
          "page_size: median length of the largest JSON array of \(counts.pages) page bodies.",
        to: "feed")
    }
    if let bytes = fit(
      pageSizes, key: "feed.page_bytes", unit: "bytes", resolution: 1, sources: pageSized.map(\.source))
    {
      add(
        "page_bytes", bytes.json,
        note: "page_bytes: body bytes of \(pageSizes.count) page responses; \(describe(bytes)).", to: "feed")
    }
    let mediaSized = sized(media)
    let mediaSizes = mediaSized.compactMap(\.bodyBytes)
    if mediaSizes.isEmpty && !media.network.isEmpty {
      // network.media is fitted from their timings, but without a size no row gets an image.
      let reason =
        "none of the \(media.network.count) media responses gives a body size (response._transferSize, bodySize and content.size absent or 0)"
      warnings.append(
        "feed.media_bytes: \(reason), so the scenario has NO images: its rows load pages only. "
          + "Export the HAR with sizes (a browser's DevTools and Playwright's record_har_path give them), "
          + "or set feed.media_bytes yourself")
      feedNotes.append("media_bytes: left out, so rows have no images: \(reason).")
    }
    if let bytes = fit(
      mediaSizes, key: "feed.media_bytes", unit: "bytes", resolution: 1, sources: mediaSized.map(\.source),
      quietWhenEmpty: !media.network.isEmpty)
    {
      add(
        "media_bytes", bytes.json,
        note: "media_bytes: body bytes of \(mediaSizes.count) media responses; \(describe(bytes)).",
        to: "feed")
      if let counts {
        add(
          "media_fraction", JSONValue((counts.mediaFraction * 1000).rounded() / 1000),
          note:
            "media_fraction: share of those items with a media URL of the HAR or an image file name among their strings.",
          to: "feed")
      }
    }
    if counts == nil {
      feedNotes.append(
        "page_size and media_fraction: not in the HAR (no JSON page bodies; export with content): the defaults apply, set them from your API."
      )
    }
  }

  /// A lognormal fitted to `samples` (rounded to `resolution` and 3 decimals of sigma), or their
  /// empirical distribution when there are fewer than `FittedQuantity.minimumFitSamples`; nil
  /// without samples. Records the report row and any warning.
  ///
  /// `sources` names each sample's entry (`file log.entries[i]`, same order): samples more than
  /// `outlierFactor` times the median or less than its reciprocal are named in a warning, since a
  /// few of them move a fitted sigma far (a one-hour wait among 100 ms ones).
  private mutating func fit(
    _ samples: [Double], key: String, unit: String, resolution: Double, sources: [String],
    quietWhenEmpty: Bool = false
  ) -> Distribution? {
    let positive = samples.filter { $0 > 0 }.sorted()
    guard !positive.isEmpty else {
      if !quietWhenEmpty { warnings.append("\(key): no samples; left out (its default applies)") }
      return nil
    }
    let median = LognormalFit.sampleQuantile(positive, 0.5)
    let far = zip(samples, sources).filter { sample, _ in
      sample > 0 && (sample > median * Self.outlierFactor || sample * Self.outlierFactor < median)
    }
    if !far.isEmpty {
      let places = unit == "ms" ? 1 : 0
      func number(_ x: Double) -> String { DecimalFormat.fixed(x, places: places) }
      let shown = far.prefix(5).map { "\($1) (\(number($0)) \(unit))" }.joined(
        separator: ", ")
      warnings.append(
        "\(key): \(far.count) of \(positive.count) samples more than \(Int(Self.outlierFactor)) times the median (\(number(median)) \(unit)) or less than 1/\(Int(Self.outlierFactor)) of it, which skew the fit: \(shown)\(far.count > 5 ? " and \(far.count - 5) more" : ""); check those entries, or leave them out of the HAR"
      )
    }
    // Through the reciprocal, so that 0.1 ms steps print as 40.3, not 40.300000000000004.
    func rounded(_ x: Double) -> Double {
      max(resolution, (x * (1 / resolution)).rounded() / (1 / resolution))
    }
    let distribution: Distribution
    var ks: Double? = nil
    if positive.count < FittedQuantity.minimumFitSamples {
      warnings.append(
        "\(key): only \(positive.count) samples (fewer than \(FittedQuantity.minimumFitSamples)): the empirical distribution of the samples is written instead of a fit"
      )
      distribution = .empirical(positive.map(rounded))
    } else {
      let fit = LognormalFit(positive)!
      let median = rounded(fit.median)
      let sigma = (fit.sigma * 1000).rounded() / 1000
      distribution = .lognormal(median: median, sigma: sigma)
      ks = LognormalFit.ksDistance(
        positive,
        cdf: { x in sigma > 0 ? StandardNormal.cdf(log(x / median) / sigma) : (x >= median ? 1 : 0) },
        leftLimit: { x in sigma > 0 ? StandardNormal.cdf(log(x / median) / sigma) : (x > median ? 1 : 0) })
    }
    let levels = [0.5, 0.9, 0.99]
    fits.append(
      FittedQuantity(
        key: key, unit: unit, count: positive.count,
        dataQuantiles: levels.map { LognormalFit.sampleQuantile(positive, $0) },
        fitQuantiles: levels.map { distribution.quantile($0) }, ksDistance: ks, distribution: distribution))
    return distribution
  }

  /// How far from its quantity's median a sample is named as an outlier (both ways): two
  /// decades, beyond the spread of real round trips and image sizes of one page (sigma about 1).
  static let outlierFactor = 100.0

  private func describe(_ distribution: Distribution) -> String {
    if case .empirical(let values) = distribution {
      return "only \(values.count) samples, so their empirical distribution"
    }
    return "a lognormal fitted by maximum likelihood on the logarithms"
  }

  /// The most requests in flight at once to one origin (from `startedDateTime` to the end of
  /// `receive`). O(n log n).
  static func peakConcurrency(_ requests: [HAREntry]) -> Int {
    var peak = 0
    for origin in Set(requests.map(\.origin)) {
      var edges: [(Double, Int)] = []
      for entry in requests where entry.origin == origin {
        edges.append((entry.startMs, 1))
        edges.append((entry.startMs + entry.firstByteMs + entry.receiveMs, -1))
      }
      // Ends before starts at equal times: back-to-back requests are not concurrent.
      edges.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
      var open = 0
      for edge in edges {
        open += edge.1
        peak = max(peak, open)
      }
    }
    return peak
  }

  static func connectionCount(_ requests: [HAREntry]) -> Int {
    Set(requests.compactMap { entry in entry.connectionID.map { entry.origin + " " + $0 } }).count
  }

  /// The connections the requests used, as the comment says it: a count where the HAR names
  /// them (Chrome DevTools' `connection`), else that it does not (Playwright's, Firefox's HARs
  /// leave the field out), rather than "0 connections".
  static func connectionText(_ requests: [HAREntry]) -> String {
    let count = connectionCount(requests)
    return count > 0
      ? "connections seen: \(count)"
      : "the HAR does not name connections (no entry has the optional 'connection' field), so their number is unknown"
  }

  /// The scenario, checked by the loader (a file that does not load is a bug here, not bad input).
  func finish() throws(InputError) -> HARImport.Result {
    func object(_ members: [(key: String, value: JSONValue)], _ notes: [String]) -> JSONValue {
      .object(
        [("$comment", .string(notes.joined(separator: " ")))]
          + members.filter { !$0.key.hasPrefix("$unfitted") })
    }
    var networkMembers = network
    if !media.isEmpty { networkMembers.append(("media", object(media, mediaNotes))) }
    let scenario: JSONValue = .object([
      ("$comment", .string(topNotes.joined(separator: " "))),
      ("name", "imported-har"),
      ("description", .string("Fitted to \(files.joined(separator: ", ")) by prefetchlab import har")),
      // What `validate` asks a scenario without it to add; `--seeds` overrides it.
      ("seeds", 10),
      ("feed", object(feed, feedNotes)),
      ("network", object(networkMembers, networkNotes)),
      (
        "scroll",
        .object([
          (
            "$comment",
            .string(
              "Not in a HAR: choose the user (a model, a script, or a recorded trace; see docs/scenario-format.md). "
                + physics.note)
          ), ("physics", .string(physics.name.rawValue)), ("model", "skimmer"),
        ])
      ),
    ])
    let text = scenario.serialized(pretty: true) + "\n"
    do {
      _ = try ScenarioLoader.load(
        data: Array(text.utf8), file: "imported-har.json", baseDirectory: "", checksFiles: false)
    } catch {
      throw InputError(
        file: files.joined(separator: ", "), location: "",
        message: "the fitted scenario does not load: \(error.description)")
    }
    return HARImport.Result(scenarioText: text, fits: fits, warnings: warnings, traces: traces)
  }
}
