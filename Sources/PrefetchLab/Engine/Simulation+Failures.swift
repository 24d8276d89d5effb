extension Simulation {
  /// Why an attempt ended without its body.
  enum AttemptFailure {
    /// An error response (`network.failure_rate`).
    case errorResponse
    /// `timeout_ms` passed since the attempt started.
    case timeout
  }

  /// A `timeout` event: the attempt fails if it is still connecting or transferring. Returns
  /// false when the attempt is over (nothing changed).
  @discardableResult
  func timeOut<Strategy: PrefetchStrategy>(requestID id: Int, attempt: Int, strategy: inout Strategy) -> Bool
  {
    guard ledger.requests[id].state.holdsSlot, ledger.requests[id].attempt == attempt else { return false }
    attemptFailed(requestID: id, .timeout, strategy: &strategy)
    return true
  }

  /// An attempt holding a slot failed: retry after the backoff if the policy allows another
  /// attempt, otherwise the request fails for good and the strategy hears `.fetchFailed` (its page
  /// trigger re-arms: the in-flight mark is already closed). Before first content the app itself
  /// asks for the first page again, as an empty feed's retry does, the same for every strategy.
  func attemptFailed<Strategy: PrefetchStrategy>(
    requestID id: Int, _ failure: AttemptFailure, strategy: inout Strategy
  ) {
    if ledger.requests[id].state == .transferring { takeOffLink(id) }
    releaseSlot(of: id)
    log(failure == .timeout ? .timeout : .error, id, bytes: ledger.requests[id].bytesMoved)
    let attempt = ledger.requests[id].attempt
    let resource = ledger.requests[id].resource
    if let delayUs = policy.retryDelayUs(
      afterAttempt: attempt, of: resource, tryIndex: ledger.requests[id].tryIndex)
    {
      ledger.requests[id].backOff()
      recorder.countRetry()
      events.schedule(.retry, atUs: nowUs + delayUs, .request(id), attempt: attempt)
      log(.retry, id, bytes: ledger.requests[id].bytesMoved)
      pumpConnectionQueue()
      return
    }
    fail(requestID: id)
    if !sessionStarted, case .page(0) = resource { issueInitialPage() }
    pumpConnectionQueue()
    consult(.fetchFailed(resource.asSeenByStrategies), &strategy)
  }

  /// A `retry` event: the backoff is over and the next attempt queues for a connection.
  func retryAttempt(requestID id: Int, attempt: Int) {
    guard ledger.requests[id].state == .backingOff, ledger.requests[id].attempt == attempt else { return }
    ledger.requests[id].queueNextAttempt()
    pool.enqueue(id, priority: ledger.requests[id].priority)
    pumpConnectionQueue()
  }
}
