/// [network.media] The network media requests travel on when they come from their own origin (a
/// CDN): its own round trip, failure rate, timeout and retries and, unless `sharedLink`, its own
/// link (bandwidth or trace) and connection pool. Keys the file leaves out take `network`'s
/// values (a copy: a separate link of the same capacity, a separate pool of the same size);
/// outages are the device's and stay in `network`. Absent, media share `network`.
public struct MediaNetworkSpec: Sendable, Equatable {
  /// Every key of `network` as it applies to media (`outages` unused). With `sharedLink`, only
  /// the per-request keys are read: `rttMs`, `failureRate`, `timeoutMs`, `retry`, `coalescing`.
  public var network: NetworkSpec
  /// [network.media.shared_link] Media use `network`'s link and connection pool (one host serves
  /// both, or one HTTP/2 connection carries both); only their per-request timing differs.
  /// Default false.
  public var sharedLink: Bool

  public init(network: NetworkSpec, sharedLink: Bool = false) {
    self.network = network
    self.sharedLink = sharedLink
  }

  /// The keys that set a link or a pool, refused beside `shared_link: true`.
  public static let linkKeys = [
    "profile", "bandwidth_kbps", "trace", "max_concurrent_requests", "rate_limit",
  ]
}
