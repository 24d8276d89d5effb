extension ScenarioLoader {
  static var networkKeys: [String] { ScenarioDefinitions.network.keyNames }

  /// - Parameter base: the values of keys the object leaves out (`network.media` starts from
  ///   `network`'s).
  static func networkSpec(
    from network: JSONObjectReader, context: Context, base: NetworkSpec = NetworkSpec()
  ) -> NetworkSpec {
    let field = network.field
    var spec = base
    if let profile = network.choice("profile", NetworkProfile.self) {
      spec.trace = nil  // a preset's bandwidth replaces an inherited trace
      // A preset first; the explicit keys below override what it sets. A `periods` trace
      // overrides its round trip as well (each period's latency_ms is the round trip while it
      // lasts), which is why an explicit rtt_ms beside such a trace is refused below.
      spec.profile = profile
      spec.rttMs = .constant(profile.rttMs)
      spec.bandwidthKbps = profile.downlinkKbps
    }
    if let rtt = network.distribution("rtt_ms") { spec.rttMs = rtt }
    if let bandwidth = network.number("bandwidth_kbps") {
      spec.bandwidthKbps = bandwidth
      spec.trace = nil
    }
    if let traceField = network.member("trace") {
      if network.contains("bandwidth_kbps") {
        network.report(
          traceField.plainError(
            "cannot be combined with \(field.path.location).bandwidth_kbps; a trace replaces it"))
      } else if let trace = network.object("trace"),
        let traceSpec = bandwidthTrace(from: trace, context: context)
      {
        // Each period carries its own latency (as Sabre's network files do), so an rtt_ms here would
        // be silently ignored.
        if traceSpec.format == .periods, let rtt = network.member("rtt_ms") {
          network.report(
            rtt.plainError("cannot be combined with a 'periods' trace, whose latency_ms replaces it"))
        }
        spec.trace = traceSpec
        spec.bandwidthKbps = nil  // a profile's bandwidth gives way to the recorded link
      }
    }
    if let maxConcurrent = network.integer("max_concurrent_requests") {
      spec.maxConcurrentRequests = maxConcurrent
    }
    if let timeout = network.number("timeout_ms") { spec.timeoutMs = timeout }
    if let failureRate = network.number("failure_rate") { spec.failureRate = failureRate }
    if let retry = network.object("retry") { spec.retry = retryPolicy(from: retry) }
    // `network.media` has no outages: they are the device's.
    if network.definition.key("outages") != nil, let outages = network.member("outages") {
      spec.outages = outageWindows(from: outages, network)
    }
    if let coalescing = network.bool("coalescing") { spec.coalescing = coalescing }
    if let rateLimit = network.member("rate_limit") {
      spec.rateLimit = rateLimitSpec(from: rateLimit, diagnostics: network.diagnostics)
    }
    return spec
  }

  /// `"nuke"` or `{requests_per_s, burst}` (both required).
  static func rateLimitSpec(from field: JSONField, diagnostics: Diagnostics) -> RateLimitSpec? {
    if case .string(let name) = field.value {
      guard name == "nuke" else {
        diagnostics.record(
          field.error(
            "must be \"nuke\" or an object {requests_per_s, burst}",
            got: ValueText.string(name) + ValueText.suggestion(for: name, among: ["nuke"], quote: "\"")))
        return nil
      }
      return .nuke
    }
    guard case .object = field.value else {
      diagnostics.record(field.typeError(expected: "\"nuke\" or an object {requests_per_s, burst}"))
      return nil
    }
    guard let limit = JSONObjectReader(field, ScenarioDefinitions.rateLimit, diagnostics: diagnostics),
      let rate = limit.number("requests_per_s"), let burst = limit.integer("burst")
    else { return nil }
    return RateLimitSpec(requestsPerSecond: rate, burst: burst)
  }

  /// `[{start_ms, duration_ms}, …]` in time order, each starting at or after the previous one's end.
  static func outageWindows(from field: JSONField, _ network: JSONObjectReader) -> [OutageWindow] {
    guard let elements = network.diagnostics.attempt({ () throws(InputError) in try field.array() }) else {
      return []
    }
    var windows: [OutageWindow] = []
    for element in elements {
      guard
        let outage = JSONObjectReader(element, ScenarioDefinitions.outage, diagnostics: network.diagnostics),
        let start = outage.number("start_ms"), let duration = outage.number("duration_ms")
      else { continue }
      if let previous = windows.last, start < previous.startMs + previous.durationMs,
        let startField = outage.member("start_ms")
      {
        let end = previous.startMs + previous.durationMs
        network.report(
          startField.error(
            "must be >= the end of the previous outage (\(DecimalFormat.readable(end)));"
              + " list outages in time order without overlaps",
            got: DecimalFormat.readable(start, against: [end])))
      }
      windows.append(OutageWindow(startMs: start, durationMs: duration))
    }
    return windows
  }

  /// `{max_attempts, backoff_ms, multiplier, jitter}`; omitted keys take Alamofire's defaults
  /// (`RetryPolicy.alamofire`).
  static func retryPolicy(from retry: JSONObjectReader) -> RetryPolicy {
    var policy = RetryPolicy.alamofire
    if let attempts = retry.integer("max_attempts") { policy.maxAttempts = attempts }
    if let backoff = retry.number("backoff_ms") { policy.backoffMs = backoff }
    if let multiplier = retry.number("multiplier") { policy.multiplier = multiplier }
    if let jitter = retry.number("jitter") { policy.jitter = jitter }
    return policy
  }

  static func bandwidthTrace(from trace: JSONObjectReader, context: Context) -> BandwidthTraceSpec? {
    // The file system is checked last so that a typo in the format is reported wherever the file is.
    let format = trace.choice("format", BandwidthTraceFormat.self)
    let loop = trace.bool("loop") ?? true
    guard let format, let pathField = trace.required("path") else { return nil }
    guard
      let path = context.diagnostics.attempt({ () throws(InputError) in
        try existingFile(pathField, context: context)
      })
    else { return nil }
    return BandwidthTraceSpec(path: path, format: format, loop: loop)
  }

  /// A path written in the file, resolved against the scenario's folder, naming a readable
  /// regular file. Its contents are left to the trace parsers.
  static func existingFile(_ field: JSONField, context: Context) throws(InputError) -> String {
    let written = try field.text(.path)
    let resolved = FileCheck.resolve(written, against: context.baseDirectory)
    if context.checksFiles, let problem = FileCheck.problem(with: resolved) {
      throw field.plainError(problem.message(for: ValueText.escapingUnsafe(resolved)))
    }
    return resolved
  }
}
