import Testing

@testable import PrefetchLab

/// One broken rule per case: the member replaced (nil = removed), its JSON, and the exact error.
struct ScenarioRuleCase: Sendable, CustomTestStringConvertible {
  var key: String
  var json: String?
  var error: String

  init(_ key: String, _ json: String?, _ error: String) {
    self.key = key
    self.json = json
    self.error = "scenarios/x.json: " + error
  }

  var testDescription: String { "\(key): \(json ?? "(removed)")" }
}

@Suite struct ScenarioLoaderRuleTests {
  static let validKeys =
    "name, description, duration_s, seed, seeds, patience_ms, viewport, feed, network, scroll, strategies, cache, render,"
    + " radio"

  static let rootCases: [ScenarioRuleCase] = [
    ScenarioRuleCase("nmae", #""x""#, "unknown key 'nmae' (did you mean 'name'?); valid keys: \(validKeys)"),
    ScenarioRuleCase("name", nil, "missing required key 'name'"),
    ScenarioRuleCase("scroll", nil, "missing required key 'scroll'"),
    ScenarioRuleCase("name", #""""#, #"name: must not be empty or blank, got """#),
    ScenarioRuleCase("name", #""   ""#, #"name: must not be empty or blank, got "   ""#),
    ScenarioRuleCase(
      "name", "\"" + String(repeating: "é", count: 101) + "\"",
      "name: must be at most 100 characters, got 101 characters"),
    ScenarioRuleCase("name", "5", "name: must be a string, got number 5"),
    ScenarioRuleCase("description", "null", "description: must be a string, got null"),
    ScenarioRuleCase("duration_s", "0", "duration_s: must be > 0, got 0"),
    ScenarioRuleCase("duration_s", "-3", "duration_s: must be > 0, got -3"),
    ScenarioRuleCase("duration_s", "1e7", "duration_s: must be <= 1000000, got 10000000"),
    ScenarioRuleCase(
      "duration_s", "1e-7", "duration_s: must be at least 0.000001 (1 µs, the clock's resolution), got 1e-7"),
    ScenarioRuleCase("duration_s", #""120""#, #"duration_s: must be a number, got string "120""#),
    ScenarioRuleCase("seed", "2.5", "seed: must be an integer, got 2.5"),
    ScenarioRuleCase("seed", "-1", "seed: must be >= 0, got -1"),
    ScenarioRuleCase("seed", "1e300", "seed: must be <= 2^53 − 1 (9007199254740991), got 1e300"),
    ScenarioRuleCase(
      "seed", "9007199254740992", "seed: must be <= 2^53 − 1 (9007199254740991), got 9007199254740992"),
    ScenarioRuleCase("seed", #""1""#, #"seed: must be an integer, got string "1""#),
    ScenarioRuleCase("patience_ms", "0", "patience_ms: must be > 0, got 0"),
    ScenarioRuleCase("patience_ms", "1e12", "patience_ms: must be <= 1000000000, got 1000000000000"),
    ScenarioRuleCase("patience_ms", "true", "patience_ms: must be a number, got boolean true"),
    ScenarioRuleCase("viewport", #"{"height_pt": 0}"#, "viewport.height_pt: must be > 0, got 0"),
    ScenarioRuleCase("viewport", #"{"height_pt": -852}"#, "viewport.height_pt: must be > 0, got -852"),
    ScenarioRuleCase(
      "viewport", #"{"height_pt": 100000}"#, "viewport.height_pt: must be <= 10000, got 100000"),
    ScenarioRuleCase(
      "viewport", #"{"frame_rate_hz": 0}"#, "viewport.frame_rate_hz: must be in 1...240, got 0"),
    ScenarioRuleCase(
      "viewport", #"{"frame_rate_hz": 241}"#, "viewport.frame_rate_hz: must be in 1...240, got 241"),
    ScenarioRuleCase(
      "viewport", #"{"frame_rate_hz": 59.94}"#, "viewport.frame_rate_hz: must be an integer, got 59.94"),
    ScenarioRuleCase(
      "viewport", #"{"width_pt": 390}"#,
      "viewport: unknown key 'width_pt'; valid keys: height_pt, frame_rate_hz"),
    ScenarioRuleCase("viewport", "[]", "viewport: must be an object, got array []"),
    ScenarioRuleCase("feed", "null", "feed: must be an object, got null"),
    ScenarioRuleCase("cache", "true", "cache: must be an object, got boolean true"),
    ScenarioRuleCase(
      "cache", #"{"memory_mb": 10}"#,
      "cache: unknown key 'memory_mb'; valid keys: memory_bytes, disk_bytes, cache_duration_ms, disk_read_ms,"
        + " ignore_cache"),
    ScenarioRuleCase("cache", #"{"memory_bytes": -1}"#, "cache.memory_bytes: must be >= 0, got -1"),
    ScenarioRuleCase("cache", #"{"memory_bytes": 1.5}"#, "cache.memory_bytes: must be an integer, got 1.5"),
    ScenarioRuleCase("cache", #"{"disk_bytes": -5}"#, "cache.disk_bytes: must be >= 0, got -5"),
    ScenarioRuleCase("cache", #"{"cache_duration_ms": 0}"#, "cache.cache_duration_ms: must be > 0, got 0"),
    ScenarioRuleCase("cache", #"{"disk_read_ms": -2}"#, "cache.disk_read_ms: must be >= 0, got -2"),
    ScenarioRuleCase(
      "cache", #"{"ignore_cache": "yes"}"#, #"cache.ignore_cache: must be true or false, got string "yes""#),
    ScenarioRuleCase("radio", #""5g""#, #"radio: must be one of lte, 3g, none, got "5g""#),
    ScenarioRuleCase(
      "radio", "1",
      "radio: must be one of lte, 3g, none or an object {model, profile, promotion_delays_requests}, got number 1"
    ),
    ScenarioRuleCase(
      "radio", #"{"model": "lte", "tail_ms": 1}"#,
      "radio: unknown key 'tail_ms'; valid keys: model, profile, promotion_delays_requests"),
    ScenarioRuleCase(
      "radio", #"{"promotion_delays_requests": 1}"#,
      "radio.promotion_delays_requests: must be true or false, got number 1"),
    ScenarioRuleCase("render", "{}", "render: missing required key 'time_ms'"),
    ScenarioRuleCase(
      "render", #"{"time_ms": 5, "threads": 2}"#,
      "render: unknown key 'threads'; valid keys: time_ms, workers"),
    ScenarioRuleCase("render", #"{"time_ms": -1}"#, "render.time_ms: must be >= 0, got -1"),
    ScenarioRuleCase("render", #"{"time_ms": 5, "workers": 0}"#, "render.workers: must be >= 1, got 0"),
    ScenarioRuleCase(
      "render", #"{"time_ms": 5, "workers": 1.5}"#, "render.workers: must be an integer, got 1.5"),
  ]

  static let feedValidKeys =
    "total_items, page_size, initial_page_size, pagination, end_signal, apply_delay_ms, item_height_pt, page_bytes, media_bytes, media_fraction, footer_height_pt, placeholder_height_pt, server_max_page_size, short_page_rate, opens_at, anchor_prepends, changes, columns, carousel"
  static let families = "constant, uniform, normal, lognormal, pareto, empirical"

  static let feedCases: [ScenarioRuleCase] = [
    ScenarioRuleCase(
      "feed", #"{"page_sise": 50}"#,
      "feed: unknown key 'page_sise' (did you mean 'page_size'?); valid keys: \(feedValidKeys)"),
    ScenarioRuleCase("feed", #"{"page_size": 2.5}"#, "feed.page_size: must be an integer, got 2.5"),
    ScenarioRuleCase("feed", #"{"page_size": 0}"#, "feed.page_size: must be in 1...10000, got 0"),
    ScenarioRuleCase(
      "feed", #"{"page_size": "20"}"#, #"feed.page_size: must be an integer, got string "20""#),
    ScenarioRuleCase(
      "feed", #"{"initial_page_size": 0}"#, "feed.initial_page_size: must be in 1...10000, got 0"),
    ScenarioRuleCase("feed", #"{"total_items": -1}"#, "feed.total_items: must be >= 0, got -1"),
    ScenarioRuleCase("feed", #"{"page_size": 20000}"#, "feed.page_size: must be in 1...10000, got 20000"),
    ScenarioRuleCase(
      "feed", #"{"pagination": "offset", "total_items": 20000000}"#,
      "feed.total_items: with offset pagination must be <= 10000000 (every row is laid out), got 20000000"),
    ScenarioRuleCase(
      "feed", #"{"total_items": 1e300}"#,
      "feed.total_items: must be <= 2^53 − 1 (9007199254740991), got 1e300"),
    ScenarioRuleCase("feed", #"{"total_items": 10.5}"#, "feed.total_items: must be an integer, got 10.5"),
    ScenarioRuleCase(
      "feed", #"{"pagination": "Cursor"}"#,
      #"feed.pagination: must be one of cursor, offset, got "Cursor" (did you mean "cursor"?)"#),
    ScenarioRuleCase(
      "feed", #"{"pagination": 1}"#, "feed.pagination: must be one of cursor, offset, got number 1"),
    ScenarioRuleCase(
      "feed", #"{"end_signal": "eof"}"#, #"feed.end_signal: must be one of flag, empty_page, got "eof""#),
    ScenarioRuleCase("feed", #"{"item_height_pt": -40}"#, "feed.item_height_pt: must be > 0, got -40"),
    ScenarioRuleCase("feed", #"{"item_height_pt": 0}"#, "feed.item_height_pt: must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"constant": -5}}"#, "feed.item_height_pt: constant must be > 0, got -5"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"uniform": {"min": 0, "max": 10}}}"#,
      "feed.item_height_pt: uniform.min must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"uniform": {"min": 80, "max": 40}}}"#,
      "feed.item_height_pt: uniform.max must be >= uniform.min (80), got 40"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"uniform": {"min": 80}}}"#,
      "feed.item_height_pt: missing required key 'uniform.max'"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"uniform": {"min": 80, "max": 400, "mode": 1}}}"#,
      "feed.item_height_pt: unknown key 'uniform.mode'; valid keys: min, max"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"uniform": {"min": "80", "max": 400}}}"#,
      #"feed.item_height_pt: uniform.min must be a number, got string "80""#),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"uniform": [80, 400]}}"#,
      "feed.item_height_pt: uniform must be an object, got array [80,400]"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"normal": {"mean": 100, "sd": 40}}}"#,
      "feed.item_height_pt: normal.mean must be >= 3 × normal.sd (120) so that heights stay clear of 0;"
        + " lognormal suits skewed heights, got 100"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"normal": {"mean": 0, "sd": 0}}}"#,
      "feed.item_height_pt: normal.mean must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"normal": {"mean": 200, "sd": -1}}}"#,
      "feed.item_height_pt: normal.sd must be >= 0, got -1"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"gauss": {"mean": 200, "sd": 1}}}"#,
      "feed.item_height_pt: unknown key 'gauss'; valid keys: \(families)"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {}}"#, "feed.item_height_pt: needs exactly one of \(families), got none"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"constant": 1, "uniform": {"min": 1, "max": 2}}}"#,
      "feed.item_height_pt: needs exactly one of \(families), got constant, uniform"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": "tall"}"#,
      #"feed.item_height_pt: must be a number or a distribution object (\#(families)), got string "tall""#),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"empirical": []}}"#,
      "feed.item_height_pt: empirical must list at least one value, got []"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"empirical": [80, 0]}}"#,
      "feed.item_height_pt: empirical[1] must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"empirical": 80}}"#,
      "feed.item_height_pt: empirical must be an array, got number 80"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"lognormal": {"median": 100, "sigma": 100}}}"#,
      "feed.item_height_pt: lognormal.sigma must be small enough that every draw is finite, got 100"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"lognormal": {"median": 1e-300, "sigma": 10}}}"#,
      "feed.item_height_pt: lognormal.sigma must be small enough that every draw is > 0, got 10"),
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"lognormal": {"median": 0, "sigma": 1}}}"#,
      "feed.item_height_pt: lognormal.median must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"page_bytes": {"pareto": {"scale": 1000, "shape": 0.01}}}"#,
      "feed.page_bytes: pareto.shape must be large enough that every draw is finite, got 0.01"),
    ScenarioRuleCase(
      "feed", #"{"page_bytes": {"pareto": {"scale": 0, "shape": 1}}}"#,
      "feed.page_bytes: pareto.scale must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"page_bytes": {"pareto": {"scale": 1, "shape": 0}}}"#,
      "feed.page_bytes: pareto.shape must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"page_bytes": {"normal": {"mean": 1e308, "sd": 1e308}}}"#,
      "feed.page_bytes: normal.mean must be <= 1000000000, got 1e308"),
    ScenarioRuleCase(
      "feed", #"{"page_bytes": {"normal": {"mean": 1000, "sd": 1e308}}}"#,
      "feed.page_bytes: normal.sd must be small enough that every draw is finite, got 1e308"),
    ScenarioRuleCase("feed", #"{"page_bytes": -1}"#, "feed.page_bytes: must be >= 0, got -1"),
    ScenarioRuleCase("feed", #"{"media_bytes": -1}"#, "feed.media_bytes: must be >= 0, got -1"),
    ScenarioRuleCase(
      "feed", #"{"media_bytes": null}"#,
      "feed.media_bytes: must be a number or a distribution object (\(families)), got null"),
    ScenarioRuleCase(
      "feed", #"{"media_bytes": {"lognormal": {"median": 60000, "sigma": -1}}}"#,
      "feed.media_bytes: lognormal.sigma must be >= 0, got -1"),
    ScenarioRuleCase(
      "feed", #"{"apply_delay_ms": {"normal": {"mean": -100, "sd": 10}}}"#,
      "feed.apply_delay_ms: normal.mean must be > -8 × normal.sd (-80) so that draws above 0 remain, got -100"
    ),
    ScenarioRuleCase(
      "feed", #"{"apply_delay_ms": {"normal": {"mean": -1, "sd": 0}}}"#,
      "feed.apply_delay_ms: normal.mean must be >= 0, got -1"),
    ScenarioRuleCase(
      "feed", #"{"apply_delay_ms": {"uniform": {"min": -1, "max": 5}}}"#,
      "feed.apply_delay_ms: uniform.min must be >= 0, got -1"),
    ScenarioRuleCase(
      "feed", #"{"apply_delay_ms": {"empirical": [1, -2]}}"#,
      "feed.apply_delay_ms: empirical[1] must be >= 0, got -2"),
    ScenarioRuleCase(
      "feed", #"{"media_bytes": 1000, "media_fraction": 1.5}"#,
      "feed.media_fraction: must be in 0...1, got 1.5"),
    ScenarioRuleCase(
      "feed", #"{"media_bytes": 1000, "media_fraction": -0.1}"#,
      "feed.media_fraction: must be in 0...1, got -0.1"),
    ScenarioRuleCase(
      "feed", #"{"media_fraction": 0.5}"#,
      "feed.media_fraction: needs feed.media_bytes; without it rows have no media"),
    ScenarioRuleCase("feed", #"{"footer_height_pt": -1}"#, "feed.footer_height_pt: must be >= 0, got -1"),
    ScenarioRuleCase(
      "feed", #"{"placeholder_height_pt": 0}"#, "feed.placeholder_height_pt: must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"pagination": "offset", "item_height_pt": {"pareto": {"scale": 50, "shape": 1}}}"#,
      "feed: missing required key 'placeholder_height_pt': item_height_pt has no finite mean to default to"),
    ScenarioRuleCase(
      "feed", #"{"server_max_page_size": 0}"#, "feed.server_max_page_size: must be >= 1, got 0"),
    ScenarioRuleCase(
      "feed", #"{"server_max_page_size": 7.5}"#, "feed.server_max_page_size: must be an integer, got 7.5"),
    ScenarioRuleCase("feed", #"{"short_page_rate": 1.2}"#, "feed.short_page_rate: must be in 0...1, got 1.2"),
    ScenarioRuleCase(
      "feed", #"{"pagination": "offset", "short_page_rate": 0.1}"#,
      "feed.short_page_rate: needs cursor pagination; offset APIs (offset + limit) return full pages except the last"
    ),
    ScenarioRuleCase(
      "feed", #"{"opens_at": "middle"}"#, "feed.opens_at: must be one of start, end, got \"middle\""),
    ScenarioRuleCase(
      "feed", #"{"pagination": "offset", "opens_at": "end"}"#,
      "feed.opens_at: \"end\" needs cursor pagination (a chat loads older pages by cursor)"),
    ScenarioRuleCase(
      "feed", #"{"anchor_prepends": false}"#,
      "feed.anchor_prepends: false needs \"opens_at\": \"end\" (only a chat prepends pages)"
    ),
  ]

  static let networkValidKeys =
    "profile, rtt_ms, bandwidth_kbps, trace, max_concurrent_requests, timeout_ms, failure_rate, retry, outages,"
    + " coalescing, rate_limit, media"

  static let networkCases: [ScenarioRuleCase] = [
    ScenarioRuleCase(
      "network", #"{"rtt_ms": {"lognormal": {"median": 80, "sigma": -1}}}"#,
      "network.rtt_ms: lognormal.sigma must be >= 0, got -1"),
    ScenarioRuleCase(
      "network", #"{"rtt_ms": {"lognormal": {"median": 80}}}"#,
      "network.rtt_ms: missing required key 'lognormal.sigma'"),
    ScenarioRuleCase("network", #"{"rtt_ms": -5}"#, "network.rtt_ms: must be >= 0, got -5"),
    ScenarioRuleCase(
      "network", #"{"bandwidth_kbps": 0}"#, "network.bandwidth_kbps: must be in 0.001...100000000, got 0"),
    ScenarioRuleCase(
      "network", #"{"bandwidth_kbps": "fast"}"#,
      #"network.bandwidth_kbps: must be a number, got string "fast""#),
    ScenarioRuleCase(
      "network", #"{"bandwidth_kbps": {"constant": 1000}}"#,
      #"network.bandwidth_kbps: must be a number, got object {"constant":1000}"#),
    ScenarioRuleCase(
      "network", #"{"max_concurrent_requests": 0}"#, "network.max_concurrent_requests: must be >= 1, got 0"),
    ScenarioRuleCase(
      "network", #"{"max_concurrent_requests": 2.5}"#,
      "network.max_concurrent_requests: must be an integer, got 2.5"),
    ScenarioRuleCase("network", #"{"timeout_ms": 0}"#, "network.timeout_ms: must be >= 1, got 0"),
    ScenarioRuleCase(
      "network", #"{"timeout_ms": 1e10}"#, "network.timeout_ms: must be <= 1000000000, got 10000000000"),
    ScenarioRuleCase(
      "network", #"{"bandwidth_kbps": 1000, "trace": {"path": "t.log", "format": "mahimahi"}}"#,
      "network.trace: cannot be combined with network.bandwidth_kbps; a trace replaces it"),
    ScenarioRuleCase(
      "network", #"{"trace": {"path": "t.log", "format": "pcap"}}"#,
      #"network.trace.format: must be one of mahimahi, throughput, periods, got "pcap""#),
    ScenarioRuleCase(
      "network", #"{"trace": {"path": "t.log"}}"#, "network.trace: missing required key 'format'"),
    ScenarioRuleCase(
      "network", #"{"trace": {"format": "mahimahi"}}"#, "network.trace: missing required key 'path'"),
    ScenarioRuleCase(
      "network", #"{"trace": {"path": "t.log", "format": "mahimahi", "loop": "yes"}}"#,
      #"network.trace.loop: must be true or false, got string "yes""#),
    ScenarioRuleCase(
      "network", #"{"trace": {"path": "", "format": "mahimahi"}}"#,
      #"network.trace.path: must be a file path, got """#),
    ScenarioRuleCase(
      "network", #"{"trace": {"path": 5, "format": "mahimahi"}}"#,
      "network.trace.path: must be a string, got number 5"),
    ScenarioRuleCase(
      "network", #"{"trace": {"path": "t.log", "format": "mahimahi"}}"#,
      "network.trace.path: file not found: t.log"),
    ScenarioRuleCase(
      "network", #"{"trace": {"file": "t.log", "format": "mahimahi"}}"#,
      "network.trace: unknown key 'file'; valid keys: path, format, loop"),
    ScenarioRuleCase(
      "network", #"{"latency_ms": 80}"#, "network: unknown key 'latency_ms'; valid keys: \(networkValidKeys)"),
    ScenarioRuleCase(
      "network", #"{"failure_rate": 1.5}"#, "network.failure_rate: must be in 0...1, got 1.5"),
    ScenarioRuleCase(
      "network", #"{"failure_rate": "often"}"#, #"network.failure_rate: must be a number, got string "often""#
    ),
    ScenarioRuleCase("network", #"{"retry": 3}"#, "network.retry: must be an object, got number 3"),
    ScenarioRuleCase(
      "network", #"{"retry": {"tries": 3}}"#,
      "network.retry: unknown key 'tries'; valid keys: max_attempts, backoff_ms, multiplier, jitter"),
    ScenarioRuleCase(
      "network", #"{"retry": {"max_attempts": 0}}"#, "network.retry.max_attempts: must be >= 1, got 0"),
    ScenarioRuleCase(
      "network", #"{"retry": {"max_attempts": 2.5}}"#,
      "network.retry.max_attempts: must be an integer, got 2.5"),
    ScenarioRuleCase(
      "network", #"{"retry": {"backoff_ms": -1}}"#, "network.retry.backoff_ms: must be >= 0, got -1"),
    ScenarioRuleCase(
      "network", #"{"retry": {"multiplier": 0.5}}"#, "network.retry.multiplier: must be >= 1, got 0.5"),
    ScenarioRuleCase(
      "network", #"{"retry": {"jitter": 2}}"#, "network.retry.jitter: must be in 0...1, got 2"),
    ScenarioRuleCase("network", #"{"outages": {}}"#, "network.outages: must be an array, got object {}"),
    ScenarioRuleCase(
      "network", #"{"outages": [{"start_ms": 0}]}"#, "network.outages[0]: missing required key 'duration_ms'"),
    ScenarioRuleCase(
      "network", #"{"outages": [{"start_ms": -1, "duration_ms": 5}]}"#,
      "network.outages[0].start_ms: must be >= 0, got -1"),
    ScenarioRuleCase(
      "network", #"{"outages": [{"start_ms": 0, "duration_ms": 0}]}"#,
      "network.outages[0].duration_ms: must be > 0, got 0"),
    ScenarioRuleCase(
      "network",
      #"{"outages": [{"start_ms": 1000, "duration_ms": 2000}, {"start_ms": 2500, "duration_ms": 1}]}"#,
      "network.outages[1].start_ms: must be >= the end of the previous outage (3000);"
        + " list outages in time order without overlaps, got 2500"),
    ScenarioRuleCase(
      "network", #"{"profile": "5g"}"#,
      #"network.profile: must be one of 3g, edge, lte, wifi, dsl, very_bad_network, slow_3g, fast_3g, got "5g""#
    ),
    ScenarioRuleCase(
      "network",
      #"{"profile": "lte", "bandwidth_kbps": 1000, "trace": {"path": "t.log", "format": "mahimahi"}}"#,
      "network.trace: cannot be combined with network.bandwidth_kbps; a trace replaces it"),
    ScenarioRuleCase(
      "network", #"{"coalescing": 1}"#, "network.coalescing: must be true or false, got number 1"),
    ScenarioRuleCase(
      "network", #"{"rate_limit": "fast"}"#,
      #"network.rate_limit: must be "nuke" or an object {requests_per_s, burst}, got "fast""#),
    ScenarioRuleCase(
      "network", #"{"rate_limit": 80}"#,
      #"network.rate_limit: must be "nuke" or an object {requests_per_s, burst}, got number 80"#),
    ScenarioRuleCase(
      "network", #"{"rate_limit": {"requests_per_s": 80}}"#,
      "network.rate_limit: missing required key 'burst'"),
    ScenarioRuleCase(
      "network", #"{"rate_limit": {"requests_per_s": 0, "burst": 1}}"#,
      "network.rate_limit.requests_per_s: must be in 0.000001...1000000, got 0"),
    ScenarioRuleCase(
      "network", #"{"rate_limit": {"requests_per_s": 10, "burst": 0}}"#,
      "network.rate_limit.burst: must be >= 1, got 0"),
  ]

  @Test(arguments: modelCases) func modelRules(_ rule: ScenarioRuleCase) { check(rule) }

  @Test(arguments: rootCases) func rootRules(_ rule: ScenarioRuleCase) { check(rule) }
  @Test(arguments: feedCases) func feedRules(_ rule: ScenarioRuleCase) { check(rule) }
  @Test(arguments: networkCases) func networkRules(_ rule: ScenarioRuleCase) { check(rule) }
  @Test(arguments: scrollCases) func scrollRules(_ rule: ScenarioRuleCase) { check(rule) }
  @Test(arguments: strategyCases) func strategyRules(_ rule: ScenarioRuleCase) { check(rule) }

  private func check(_ rule: ScenarioRuleCase) {
    #expect(ScenarioFixture.error(ScenarioFixture.text([(rule.key, rule.json)])) == rule.error)
  }

  /// A repeated strategy names the entry it repeats by its place in the file, also after an
  /// entry that could not be read; and a long list is checked in linear time (this one took
  /// seconds when each entry was compared with every earlier one).
  @Test func aRepeatedStrategyNamesTheEntryItRepeats() {
    do {
      _ = try ScenarioFixture.load(ScenarioFixture.text([("strategies", #"[5, "a", {"name": "a"}]"#)]))
      Issue.record("a number and a repeated strategy were accepted")
    } catch {
      #expect(
        error.lines == [
          #"scenarios/x.json: strategies[0]: must be a strategy name or an object with "name" and parameters, "#
            + "got number 5",
          "scenarios/x.json: strategies[2]: repeats strategies[1] (same name and parameters)",
        ])
    }
    let many = (0..<20_000).map { #"{"name": "a", "k": \#($0)}"# }.joined(separator: ", ")
    let long = ScenarioFixture.error(
      ScenarioFixture.text([("strategies", "[" + many + #", {"name": "a", "k": 7}]"#)]))
    #expect(long == "scenarios/x.json: strategies[20000]: repeats strategies[7] (same name and parameters)")
  }

  @Test func unknownKeysAreReportedBeforeOtherRulesOfTheSameObject() {
    // The typo explains the page_size error below it; report the typo.
    #expect(
      ScenarioFixture.error(ScenarioFixture.text([("feed", #"{"page_size": 0, "totl_items": 5}"#)]))
        == "scenarios/x.json: feed: unknown key 'totl_items' (did you mean 'total_items'?); valid keys: \(Self.feedValidKeys)"
    )
  }
}
