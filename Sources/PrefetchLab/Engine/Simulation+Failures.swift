extension Simulation {
  /// Why an attempt ended without its body.
  enum AttemptFailure {
    /// An error response (`network.failure_rate`).
    case errorResponse
    /// `timeout_ms` passed since the attempt started.
    case timeout
  }

  /// A `timeout` event: the attempt fails if it is still connecting or transferring.
  func timeOut<Strategy: PrefetchStrategy>(requestID id: Int, attempt: Int, strategy: inout Strategy) {
    guard requests[id].state.holdsSlot, requests[id].attempt == attempt else { return }
    attemptFailed(requestID: id, .timeout, strategy: &strategy)
  }

  /// An attempt holding a slot failed: retry after the backoff if the policy allows another
  /// attempt, otherwise the request fails for good and the strategy hears `.fetchFailed` (its page
  /// trigger re-arms: the in-flight mark is already closed). Before first content the app itself
  /// asks for the first page again, as an empty feed's retry does, the same for every strategy.
  func attemptFailed<Strategy: PrefetchStrategy>(
    requestID id: Int, _ failure: AttemptFailure, strategy: inout Strategy
  ) {
    if requests[id].state == .transferring { takeOffLink(id) }
    releaseSlot()
    log(failure == .timeout ? .timeout : .error, id, bytes: requests[id].bytesMoved)
    let attempt = requests[id].attempt
    let resource = requests[id].resource
    if attempt + 1 < retryPolicy.maxAttempts {
      requests[id].state = .backingOff
      metrics.summary.retries += 1
      let u = random.uniform(.retryJitter, key: resource.randomKey, attempt: requests[id].tryIndex)
      schedule(
        .retry, atUs: nowUs + retryPolicy.delayUs(afterAttempt: attempt, uniform: u), subject: id,
        attempt: attempt)
      log(.retry, id, bytes: requests[id].bytesMoved)
      pumpConnectionQueue()
      return
    }
    fail(requestID: id)
    if !sessionStarted, case .page(0) = resource { issueInitialPage() }
    pumpConnectionQueue()
    strategy.update(.fetchFailed(resource), in: self)
  }

  /// A `retry` event: the backoff is over and the next attempt queues for a connection.
  func retryAttempt(requestID id: Int, attempt: Int) {
    guard requests[id].state == .backingOff, requests[id].attempt == attempt else { return }
    requests[id].attempt += 1
    requests[id].state = .queued
    enqueue(id)
    pumpConnectionQueue()
  }
}
