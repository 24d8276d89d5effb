extension ScenarioLoader {
  static let networkKeys = [
    "profile", "rtt_ms", "bandwidth_kbps", "trace", "max_concurrent_requests", "timeout_ms", "failure_rate",
    "retry",
    "outages", "coalescing", "rate_limit",
  ]

  static func networkSpec(from field: JSONField, context: Context) throws(InputError) -> NetworkSpec {
    let network = try field.object(keys: networkKeys)
    var spec = NetworkSpec()
    if let profileField = network.optional("profile") {
      // A preset first; the explicit keys below override what it sets.
      let profile = try profileField.choice(NetworkProfile.self)
      spec.profile = profile
      spec.rttMs = .constant(profile.rttMs)
      spec.bandwidthKbps = profile.downlinkKbps
    }
    if let rtt = network.optional("rtt_ms") {
      spec.rttMs = try distribution(from: rtt, support: .nonNegative)
    }
    if let bandwidth = network.optional("bandwidth_kbps") {
      // A link with no capacity never delivers; a trace with no capacity at all is rejected too.
      spec.bandwidthKbps = try bandwidth.number(.greaterThan(0))
    }
    if let trace = network.optional("trace") {
      guard !network.contains("bandwidth_kbps") else {
        throw trace.plainError(
          "cannot be combined with \(field.path.location).bandwidth_kbps; a trace replaces it")
      }
      let traceSpec = try bandwidthTrace(from: trace, context: context)
      // Each period carries its own latency (as Sabre's network files do), so an rtt_ms here would
      // be silently ignored.
      if traceSpec.format == .periods, let rtt = network.optional("rtt_ms") {
        throw rtt.plainError("cannot be combined with a 'periods' trace, whose latency_ms replaces it")
      }
      spec.trace = traceSpec
      spec.bandwidthKbps = nil  // a profile's bandwidth gives way to the recorded link
    }
    if let maxConcurrent = network.optional("max_concurrent_requests") {
      spec.maxConcurrentRequests = try maxConcurrent.integer(.integer(atLeast: 1))
    }
    if let timeout = network.optional("timeout_ms") {
      spec.timeoutMs = try timeout.number(.greaterThan(0, atMost: NumberRule.maxMilliseconds))
    }
    if let failureRate = network.optional("failure_rate") {
      spec.failureRate = try failureRate.number(.within(0...1))
    }
    if let retry = network.optional("retry") {
      spec.retry = try retryPolicy(from: retry)
    }
    if let outages = network.optional("outages") {
      spec.outages = try outageWindows(from: outages)
    }
    if let coalescing = network.optional("coalescing") {
      spec.coalescing = try coalescing.bool()
    }
    if let rateLimit = network.optional("rate_limit") {
      spec.rateLimit = try rateLimitSpec(from: rateLimit)
    }
    return spec
  }

  /// `"nuke"` or `{requests_per_s, burst}` (both required).
  static func rateLimitSpec(from field: JSONField) throws(InputError) -> RateLimitSpec {
    if case .string(let name) = field.value {
      guard name == "nuke" else {
        throw field.error(
          "must be \"nuke\" or an object {requests_per_s, burst}", got: ValueText.string(name))
      }
      return .nuke
    }
    guard case .object = field.value else {
      throw field.typeError(expected: "\"nuke\" or an object {requests_per_s, burst}")
    }
    let limit = try field.object(keys: ["requests_per_s", "burst"])
    let rate = try limit.required("requests_per_s").number(.greaterThan(0, atMost: 1e6))
    let burst = try limit.required("burst").integer(.integer(atLeast: 1, atMost: 1e9))
    return RateLimitSpec(requestsPerSecond: rate, burst: burst)
  }

  /// `[{start_ms, duration_ms}, …]` in time order, each starting at or after the previous one's end.
  static func outageWindows(from field: JSONField) throws(InputError) -> [OutageWindow] {
    var windows: [OutageWindow] = []
    for element in try field.array() {
      let outage = try element.object(keys: ["start_ms", "duration_ms"])
      let startField = try outage.required("start_ms")
      let start = try startField.number(.atLeast(0, atMost: NumberRule.maxMilliseconds))
      let duration = try outage.required("duration_ms").number(
        .greaterThan(0, atMost: NumberRule.maxMilliseconds))
      if let previous = windows.last, start < previous.startMs + previous.durationMs {
        throw startField.error(
          "must be >= the end of the previous outage (\(ValueText.number(previous.startMs + previous.durationMs)));"
            + " list outages in time order without overlaps",
          got: ValueText.number(start))
      }
      windows.append(OutageWindow(startMs: start, durationMs: duration))
    }
    return windows
  }

  /// `{max_attempts, backoff_ms, multiplier, jitter}`; omitted keys take Alamofire's defaults
  /// (`RetryPolicy.alamofire`).
  static func retryPolicy(from field: JSONField) throws(InputError) -> RetryPolicy {
    let retry = try field.object(keys: ["max_attempts", "backoff_ms", "multiplier", "jitter"])
    var policy = RetryPolicy.alamofire
    if let attempts = retry.optional("max_attempts") {
      // Each attempt takes at least a millisecond, so a larger count could never finish anyway.
      policy.maxAttempts = try attempts.integer(.integer(atLeast: 1, atMost: 1_000_000))
    }
    if let backoff = retry.optional("backoff_ms") {
      policy.backoffMs = try backoff.number(.atLeast(0, atMost: NumberRule.maxMilliseconds))
    }
    if let multiplier = retry.optional("multiplier") {
      policy.multiplier = try multiplier.number(.atLeast(1, atMost: 1000))
    }
    if let jitter = retry.optional("jitter") {
      policy.jitter = try jitter.number(.within(0...1))
    }
    return policy
  }

  static func bandwidthTrace(from field: JSONField, context: Context) throws(InputError) -> BandwidthTraceSpec
  {
    let trace = try field.object(keys: ["path", "format", "loop"])
    // The file system is checked last so that a typo in the format is reported wherever the file is.
    let format = try trace.required("format").choice(BandwidthTraceFormat.self)
    let loop = try trace.optional("loop")?.bool() ?? true
    let path = try existingFile(trace.required("path"), context: context)
    return BandwidthTraceSpec(path: path, format: format, loop: loop)
  }

  /// A path written in the file, resolved against the scenario's folder, naming a readable
  /// regular file. Its contents are left to the trace parsers.
  static func existingFile(_ field: JSONField, context: Context) throws(InputError) -> String {
    let written = try field.string()
    guard !written.isEmpty else { throw field.error("must be a file path", got: "\"\"") }
    // A NUL would cut the path short in the C calls that check it, so a different file could pass.
    guard !written.contains("\u{0}") else {
      throw field.error("must not contain NUL characters", got: ValueText.string(written))
    }
    let resolved = FileCheck.resolve(written, against: context.baseDirectory)
    if context.checksFiles, let problem = FileCheck.problem(with: resolved) {
      throw field.plainError(problem.message(for: resolved))
    }
    return resolved
  }
}
