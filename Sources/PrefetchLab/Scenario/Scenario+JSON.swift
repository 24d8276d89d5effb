/// A scenario written back as a scenario file: what `manifest.json` records of each scenario run.
///
/// Every key the loader reads is written with its value, defaults included, so the file states
/// the whole scenario and no longer depends on this version's defaults. `ScenarioLoader` reads the
/// text back to an equal `Scenario` (given the same `file` for `sourcePath`; trace paths as
/// `tracePath` wrote them, resolved against the loader's `baseDirectory`). Keys come in the
/// loader's order; a script that is one block repeated is written as a `repeat`.
extension Scenario {
  /// - Parameter tracePath: maps each trace file's path as stored (`network.trace.path`,
  ///   `scroll.trace.path`) to the text to write; the manifest writes paths relative to the
  ///   results folder, hashes write none.
  public func json(tracePath: (String) -> String = { $0 }) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(name)), ("description", .string(description)),
    ]
    if let durationUs { members.append(("duration_s", JSONValue(Double(durationUs) / 1_000_000))) }
    members.append(("seed", .number(Double(seed), isInteger: true)))
    // Written only when not the default, so a scenario without the key keeps the hash (and a
    // baseline's fingerprint) it had before the key existed.
    if seedCount != 1 { members.append(("seeds", .number(Double(seedCount), isInteger: true))) }
    members += [
      ("patience_ms", JSONValue(Double(patienceUs) / 1000)),
      (
        "viewport",
        .object([
          ("height_pt", JSONValue(viewport.heightPt)), ("frame_rate_hz", JSONValue(viewport.frameRateHz)),
        ])
      ),
      ("feed", feed.json),
      (
        "network",
        network.json(tracePath: tracePath, media: mediaNetwork.map { $0.json(tracePath: tracePath) })
      ),
      ("scroll", scroll.json(tracePath: tracePath)),
      ("strategies", .array(strategies.map(\.json))),
    ]
    if let cache {
      members.append(
        (
          "cache",
          .object([
            ("memory_bytes", .number(Double(cache.memoryBytes), isInteger: true)),
            ("disk_bytes", .number(Double(cache.diskBytes), isInteger: true)),
            ("cache_duration_ms", JSONValue(cache.cacheDurationMs)), ("disk_read_ms", cache.diskReadMs.json),
            ("ignore_cache", .bool(cache.ignoreCache)),
          ])
        ))
    }
    if let render {
      members.append(
        ("render", .object([("time_ms", render.timeMs.json), ("workers", JSONValue(render.workers))])))
    }
    // The profile only when it is not the default, so that scenarios written before profiles
    // existed keep their fingerprints.
    var radioMembers: [(key: String, value: JSONValue)] = [("model", .string(radio.model.rawValue))]
    if radio.profile != RadioSpec.Profile.huang2012 {
      radioMembers.append(("profile", .string(radio.profile.rawValue)))
    }
    radioMembers.append(("promotion_delays_requests", .bool(radio.promotionDelaysRequests)))
    members.append(("radio", .object(radioMembers)))
    return .object(members)
  }
}

extension FeedSpec {
  /// Every `feed` key; `media_fraction` only with `media_bytes`, which it needs.
  var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("total_items", JSONValue(totalItems)), ("page_size", JSONValue(pageSize)),
      ("initial_page_size", JSONValue(initialPageSize)), ("pagination", .string(pagination.rawValue)),
      ("end_signal", .string(endSignal.rawValue)), ("apply_delay_ms", applyDelayMs.json),
      ("item_height_pt", itemHeightPt.json), ("page_bytes", pageBytes.json),
    ]
    if let mediaBytes {
      members += [("media_bytes", mediaBytes.json), ("media_fraction", JSONValue(mediaFraction))]
    }
    members += [
      ("footer_height_pt", JSONValue(footerHeightPt)),
      ("placeholder_height_pt", JSONValue(placeholderHeightPt)),
    ]
    if let serverMaxPageSize { members.append(("server_max_page_size", JSONValue(serverMaxPageSize))) }
    members.append(("short_page_rate", JSONValue(shortPageRate)))
    members += [("opens_at", .string(opensAt.rawValue)), ("anchor_prepends", .bool(anchorPrepends))]
    if let changes {
      members.append(
        (
          "changes",
          .object([
            ("inserts_per_min", JSONValue(changes.insertsPerMin)),
            ("deletes_per_min", JSONValue(changes.deletesPerMin)),
            ("arrivals", .string(changes.arrivals.rawValue)),
          ])
        ))
    }
    // A list (one column) writes no key: manifests of scenarios without grids stay as they were.
    if columns != 1 { members.append(("columns", JSONValue(columns))) }
    if let carousel {
      var fields: [(String, JSONValue)] = [
        ("row_fraction", JSONValue(carousel.rowFraction)), ("sub_items", JSONValue(carousel.subItems)),
        ("sub_item_width_pt", JSONValue(carousel.subItemWidthPt)),
        ("visible_width_pt", JSONValue(carousel.visibleWidthPt)),
      ]
      if let heights = carousel.rowHeightPt { fields.append(("row_height_pt", heights.json)) }
      if let bytes = carousel.mediaBytes {
        fields.append(("media_bytes", bytes.json))
        fields.append(("media_fraction", JSONValue(carousel.mediaFraction)))
      }
      members.append(("carousel", .object(fields)))
    }
    return .object(members)
  }
}

extension NetworkSpec {
  /// Every `network` key that applies. The profile is written for the record; the explicit
  /// `rtt_ms` and `bandwidth_kbps` after it hold the values in force (a trace replaces the
  /// bandwidth, a periods trace the RTT, so those are left out then, as the loader demands).
  /// - Parameter media: `network.media` as written, appended last.
  func json(tracePath: (String) -> String, media: JSONValue? = nil) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    if let profile { members.append(("profile", .string(profile.rawValue))) }
    if trace?.format != .periods { members.append(("rtt_ms", rttMs.json)) }
    if trace == nil, let bandwidthKbps { members.append(("bandwidth_kbps", JSONValue(bandwidthKbps))) }
    if let trace {
      members.append(
        (
          "trace",
          .object([
            ("path", .string(tracePath(trace.path))), ("format", .string(trace.format.rawValue)),
            ("loop", .bool(trace.loop)),
          ])
        ))
    }
    members += [
      ("max_concurrent_requests", JSONValue(maxConcurrentRequests)), ("timeout_ms", JSONValue(timeoutMs)),
      ("failure_rate", JSONValue(failureRate)),
      (
        "retry",
        .object([
          ("max_attempts", JSONValue(retry.maxAttempts)), ("backoff_ms", JSONValue(retry.backoffMs)),
          ("multiplier", JSONValue(retry.multiplier)), ("jitter", JSONValue(retry.jitter)),
        ])
      ),
      (
        "outages",
        .array(
          outages.map {
            .object([("start_ms", JSONValue($0.startMs)), ("duration_ms", JSONValue($0.durationMs))])
          })
      ),
      ("coalescing", .bool(coalescing)),
    ]
    if let rateLimit {
      members.append(
        (
          "rate_limit",
          .object([
            ("requests_per_s", JSONValue(rateLimit.requestsPerSecond)), ("burst", JSONValue(rateLimit.burst)),
          ])
        ))
    }
    if let media { members.append(("media", media)) }
    return .object(members)
  }
}

extension StrategySpec {
  /// `"name"`, or `{"name": …, parameters by name}` (sorted, so the text is deterministic).
  public var json: JSONValue {
    guard !parameters.isEmpty else { return .string(name) }
    var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
    for key in parameters.keys.sorted() {
      switch parameters[key] {
      case .number(let value): members.append((key, JSONValue(value)))
      case .bool(let flag): members.append((key, .bool(flag)))
      case .string(let text): members.append((key, .string(text)))
      case nil: break
      }
    }
    return .object(members)
  }
}

extension Distribution {
  /// A number for a constant, else `{"family": {parameters}}` (`{"empirical": [values]}`).
  var json: JSONValue {
    func family(_ name: String, _ parameters: [(String, Double)]) -> JSONValue {
      .object([(name, .object(parameters.map { ($0.0, JSONValue($0.1)) }))])
    }
    switch self {
    case .constant(let value): return JSONValue(value)
    case .uniform(let low, let high): return family("uniform", [("min", low), ("max", high)])
    case .normal(let mean, let sd): return family("normal", [("mean", mean), ("sd", sd)])
    case .lognormal(let median, let sigma):
      return family("lognormal", [("median", median), ("sigma", sigma)])
    case .pareto(let scale, let shape): return family("pareto", [("scale", scale), ("shape", shape)])
    case .empirical(let values): return .object([("empirical", .array(values.map { JSONValue($0) }))])
    }
  }
}
