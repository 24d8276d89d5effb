extension ScenarioDefinitions {
  public static let network = ObjectDefinition(
    "network", keys: networkKeys + [mediaNetworkKey], excludes: [("trace", "bandwidth_kbps")])

  /// The keys of `network` that describe one origin's network (all but `media`).
  static let networkKeys: [KeyDefinition] = [
    KeyDefinition(
      "profile", .choice(NetworkProfile.allCases.map(\.rawValue)),
      summary: "A named preset setting rtt_ms and bandwidth_kbps; explicit keys override it.",
      note: "a named preset, see [Network profiles](#network-profiles); explicit keys override it"),
    KeyDefinition(
      "rtt_ms", .distribution(timeMs), unit: "ms", default: 0, defaultText: "`0`, or the profile's",
      summary: "Round trip of each request attempt (request out, first byte back).",
      note:
        "not with a `periods` trace, whose `latency_ms` replaces it (and replaces a profile's round trip too)"
    ),
    KeyDefinition(
      "bandwidth_kbps",
      .number(.within(InputLimits.bandwidthKbps.lowerBound...InputLimits.bandwidthKbps.upperBound)),
      unit: "kbit/s", defaultText: "unlimited, or the profile's",
      summary: "Link capacity shared fairly by transfers; absent = unlimited.",
      note: "1 bit/s to 100 Gbit/s; not together with `trace`"),
    KeyDefinition(
      "trace", .object(bandwidthTrace), summary: "A recorded link replacing bandwidth_kbps.",
      note: "see below"),
    KeyDefinition(
      "max_concurrent_requests", .integer(.integer(atLeast: 1)), unit: "requests",
      default: JSONValue(NetworkSpec().maxConcurrentRequests),
      defaultText:
        "`6`: Chromium's per-host socket limit (`net/socket/client_socket_pool_manager.cc`); URLSession's `httpMaximumConnectionsPerHost` is 6 on macOS, 4 on iOS",
      summary: "Requests that may hold a connection at once."),
    KeyDefinition(
      "timeout_ms", .number(.atLeast(InputLimits.minTimeoutMs, atMost: InputLimits.maxMilliseconds)),
      unit: "ms",
      default: JSONValue(NetworkSpec().timeoutMs),
      defaultText:
        "`15000`: a common client-side request timeout (a judgement; URLSession's own default is 60 s)",
      summary: "An attempt not finished this long after it started fails.",
      note:
        "at least 1 ms, as long as an error response takes: a shorter timeout fails every attempt at once"),
    KeyDefinition(
      "failure_rate", .number(fraction), unit: "share of attempts", default: 0,
      summary: "Chance that an attempt gets an error response instead of its body.",
      note: "see [Failures and retries](#failures-and-retries)"),
    KeyDefinition(
      "retry", .object(retry),
      defaultText: "none: a failed request is not retried (URLSession does not retry)",
      summary: "Retries with exponential backoff after failed attempts.",
      note: "see [`network.retry`](#networkretry)"),
    KeyDefinition(
      "outages", .array(.object(outage), minimumCount: 0), unit: "ms", default: [],
      defaultText: "none", summary: "Times the network is down, in order, not overlapping.",
      note: "see [Outages](#outages)"),
    KeyDefinition(
      "coalescing", .boolean, default: true,
      defaultText:
        "`true`: image pipelines coalesce by URL (Nuke's `isTaskCoalescingEnabled`, SDWebImage's one download operation per URL)",
      summary: "Media requests join a transfer already queued or in flight.",
      note: "see [Coalescing and priority](#coalescing-and-priority)"),
    KeyDefinition(
      "rate_limit", .alternatives([.choice(["nuke"]), .object(rateLimit)]), unit: "requests/s, requests",
      summary:
        "Token-bucket limit on attempt starts: \"nuke\" (80/s, burst 25) or {requests_per_s, burst}.",
      note:
        "`\"nuke\"` = 80/s, burst 25 (Nuke's `RateLimiter` defaults); see [`rate_limit`](#coalescing-and-priority)"
    ),
  ]

  public static let bandwidthTrace = ObjectDefinition(
    "network.trace",
    keys: [
      KeyDefinition(
        "path", .text(.path), required: true,
        summary: "The trace file, relative to the scenario file's folder.",
        note: "a readable regular file; relative paths are relative to the scenario file's folder"),
      KeyDefinition(
        "format", .choice(BandwidthTraceFormat.allCases.map(\.rawValue)), required: true,
        summary: "mahimahi, throughput (Pensieve) or periods (Sabre).",
        note:
          "`\"mahimahi\"` (one ms timestamp per line, each a 1500-byte delivery opportunity), `\"throughput\"` (`time_s  Mbit/s` rows, as Pensieve's cooked traces), `\"periods\"` (JSON list of `{duration_ms, bandwidth_kbps, latency_ms}`, as Sabre's network files)"
      ),
      KeyDefinition(
        "loop", .boolean, default: true,
        defaultText: "`true`: replay from the start when the trace ends, as mm-link and Sabre do",
        summary: "Replay from the start when the trace ends (false: hold the last rate).",
        note: "`false` holds the last rate for ever"),
    ])

  public static let retry = ObjectDefinition(
    "network.retry",
    keys: [
      KeyDefinition(
        "max_attempts", .integer(.integer(atLeast: 1, atMost: 1_000_000)), unit: "attempts",
        default: JSONValue(RetryPolicy.alamofire.maxAttempts),
        defaultText: "`3`: Alamofire `RetryPolicy.defaultRetryLimit` (2 retries) + the first attempt",
        summary: "Attempts per request, the first included; 1 = no retries.", note: "1 = no retries"),
      KeyDefinition(
        "backoff_ms", .number(.atLeast(0, atMost: InputLimits.maxMilliseconds)), unit: "ms",
        default: JSONValue(RetryPolicy.alamofire.backoffMs),
        defaultText: "`500`: Alamofire `defaultExponentialBackoffScale` (0.5 s)",
        summary: "Wait before the first retry."),
      KeyDefinition(
        "multiplier", .number(.atLeast(1, atMost: 1000)),
        default: JSONValue(RetryPolicy.alamofire.multiplier),
        defaultText: "`2`: Alamofire `defaultExponentialBackoffBase`",
        summary: "Growth of the wait per retry.",
        note: "waits are capped at 1000000000 ms"),
      KeyDefinition(
        "jitter", .number(fraction), unit: "share of the wait", default: 0,
        defaultText: "`0` (Alamofire adds none)",
        summary: "Share of each wait that is randomised away.",
        note:
          "1 = \"full jitter\", 0.5 = \"equal jitter\" (M. Brooker, \"Exponential Backoff and Jitter\", AWS Architecture Blog, 2015)"
      ),
    ])

  public static let outage = ObjectDefinition(
    "network.outages[]",
    keys: [
      KeyDefinition(
        "start_ms", .number(.atLeast(0, atMost: InputLimits.maxMilliseconds)), unit: "ms", required: true,
        summary: "Start, ms after the first page request.", note: "at or after the previous outage's end"),
      KeyDefinition(
        "duration_ms", .number(msRule), unit: "ms", required: true, summary: "Length of the outage."),
    ])

  public static let rateLimit = ObjectDefinition(
    "network.rate_limit",
    keys: [
      KeyDefinition(
        "requests_per_s",
        .number(.within(InputLimits.requestsPerSecond.lowerBound...InputLimits.requestsPerSecond.upperBound)),
        unit: "requests/s", required: true, summary: "Refill rate of the token bucket.",
        note: "one token per 10^6 s (a session) at the least"),
      KeyDefinition(
        "burst", .integer(.integer(atLeast: 1, atMost: 1e9)), unit: "requests", required: true,
        summary: "Bucket size: attempts that may start at once after a quiet spell."),
    ])
}
