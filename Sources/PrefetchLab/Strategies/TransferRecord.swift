/// What a client can measure of one of its own network fetches, as the platforms' request
/// metrics report them (URLSessionTaskMetrics' `fetchStartDate`, `requestStartDate`,
/// `responseStartDate`, `responseEndDate` and `countOfResponseBodyBytesReceived` on Apple
/// platforms; OkHttp's `EventListener` `callStart`, `connectionAcquired`, `responseHeadersStart`,
/// `responseBodyEnd(byteCount)` on Android): when it was asked for, when its successful attempt
/// took a connection, when the first byte came and when the last did, and how many bytes the body
/// held. Times are µs of simulated time (`StrategyContext.nowUs`).
public struct TransferRecord: Sendable, Equatable {
  public let resource: Resource
  /// Body bytes, > 0 for media; a page response may be empty (0).
  public let bytes: Int64
  /// When the strategy (or the engine) asked for it.
  public let issuedUs: Int64
  /// When the successful attempt took its connection (after any queueing, rate-limit wait and
  /// earlier failed attempts).
  public let attemptStartUs: Int64
  /// When its first byte arrived: the attempt's time to first byte is `firstByteUs −
  /// attemptStartUs` (a round trip, plus any outage or radio promotion it waited through).
  public let firstByteUs: Int64
  /// When its last byte arrived: the body took `completedUs − firstByteUs` on the shared link
  /// (0 on a link without a capacity limit).
  public let completedUs: Int64

  public init(
    resource: Resource, bytes: Int64, issuedUs: Int64, attemptStartUs: Int64, firstByteUs: Int64,
    completedUs: Int64
  ) {
    self.resource = resource
    self.bytes = bytes
    self.issuedUs = issuedUs
    self.attemptStartUs = attemptStartUs
    self.firstByteUs = firstByteUs
    self.completedUs = completedUs
  }
}
