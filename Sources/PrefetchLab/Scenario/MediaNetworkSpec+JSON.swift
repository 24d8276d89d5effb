extension MediaNetworkSpec {
  /// `network.media` with every key in force written out (what it took from `network` too), so
  /// that the manifest states the media origin whatever this version's inheritance. With a shared
  /// link only the per-request keys apply; outages are `network`'s alone.
  func json(tracePath: (String) -> String) -> JSONValue {
    guard case .object(let all) = network.json(tracePath: tracePath) else { return .object([]) }
    let perRequest: Set<String> = ["rtt_ms", "timeout_ms", "failure_rate", "retry", "coalescing"]
    let kept = all.filter { member in
      member.key != "outages" && (!sharedLink || perRequest.contains(member.key))
    }
    return .object(kept + [("shared_link", .bool(sharedLink))])
  }
}
