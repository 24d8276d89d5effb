/// Follows a `RadioPowerModel` through a run and integrates its energy: told only when the radio
/// becomes busy (a request holds a connection) or quiet, it works out promotions and tail expiry
/// lazily, so it costs O(1) per change and nothing per frame.
///
/// Energy is accumulated in mJ (mW × ms); the data term α_d × megabits is added by `energyJoules`.
struct RadioStateMachine: Sendable {
  enum Phase: Sendable, Equatable {
    case idle
    /// Being promoted until the given µs.
    case promoting(untilUs: Int64)
    /// Connected with requests in flight since the given µs.
    case active(sinceUs: Int64)
    /// In the tail since the given µs.
    case tail(sinceUs: Int64)
  }

  let model: RadioPowerModel
  private let promotionUs: Int64
  private let tailPromotionUs: Int64
  private let tailUs: [Int64]
  private(set) var phase = Phase.idle
  private var busy = false
  /// Energy so far, mJ, without the data term.
  private(set) var stateEnergyMillijoules = 0.0
  /// Time out of idle so far, µs.
  private(set) var activeUs: Int64 = 0

  init(model: RadioPowerModel) {
    self.model = model
    promotionUs = Int64((model.promotionMs * 1000).rounded())
    tailPromotionUs = Int64((model.tailPromotionMs * 1000).rounded())
    tailUs = model.tail.map { Int64(($0.durationMs * 1000).rounded()) }
  }

  /// When a request sent now gets out: the end of a promotion in progress, else `timeUs`.
  func readyUs(atUs timeUs: Int64) -> Int64 {
    if case .promoting(let until) = phase { return max(timeUs, until) }
    return timeUs
  }

  /// Requests now hold connections (`isBusy`) or none do, from `timeUs` on.
  mutating func setBusy(_ isBusy: Bool, atUs timeUs: Int64) {
    advance(to: timeUs)
    busy = isBusy
    switch phase {
    case .idle:
      if isBusy { promote(atUs: timeUs, durationUs: promotionUs, powerMw: model.promotionPowerMw) }
    case .promoting:
      break
    case .active(let since):
      if !isBusy {
        charge(model.activeBasePowerMw, fromUs: since, toUs: timeUs)
        phase = .tail(sinceUs: timeUs)
      }
    case .tail(let since):
      guard isBusy else { return }
      // Only data in the first tail stage finds the radio connected.
      let elapsed = timeUs - since
      chargeTail(elapsedUs: elapsed)
      if tailUs.isEmpty || elapsed < tailUs[0] {
        phase = .active(sinceUs: timeUs)
      } else {
        promote(atUs: timeUs, durationUs: tailPromotionUs, powerMw: model.tailPromotionPowerMw)
      }
    }
  }

  /// The run ends at `timeUs`: requests still in flight stop, and the radio's promotion and tail
  /// run their course — counted in full, past the end, since the battery pays for them.
  mutating func finish(atUs timeUs: Int64) {
    setBusy(false, atUs: timeUs)
    if case .promoting(let until) = phase {
      phase = .tail(sinceUs: until)
    }
    if case .tail = phase {
      chargeTail(elapsedUs: tailUs.reduce(0, +))
      phase = .idle
    }
  }

  /// Energy so far in J, with `downloadedBytes` received over the radio.
  func energyJoules(downloadedBytes: Int64) -> Double {
    let megabits = Double(downloadedBytes) * 8 / 1_000_000
    return (stateEnergyMillijoules + model.downlinkMwPerMbps * megabits) / 1000
  }

  /// Resolves a promotion that ended or a tail that ran out before `timeUs`.
  private mutating func advance(to timeUs: Int64) {
    if case .promoting(let until) = phase, until <= timeUs {
      phase = busy ? .active(sinceUs: until) : .tail(sinceUs: until)
    }
    if case .tail(let since) = phase {
      let total = tailUs.reduce(0, +)
      if timeUs - since >= total {
        chargeTail(elapsedUs: total)
        phase = .idle
      }
    }
  }

  private mutating func promote(atUs timeUs: Int64, durationUs: Int64, powerMw: Double) {
    // A promotion always runs to its end: charge it whole now.
    stateEnergyMillijoules += powerMw * Double(durationUs) / 1_000_000
    activeUs += durationUs
    phase = .promoting(untilUs: timeUs + durationUs)
  }

  /// Charges the first `elapsedUs` of the tail (stage by stage).
  private mutating func chargeTail(elapsedUs: Int64) {
    var left = elapsedUs
    for (stage, duration) in zip(model.tail, tailUs) where left > 0 {
      let spent = min(left, duration)
      stateEnergyMillijoules += stage.powerMw * Double(spent) / 1_000_000
      activeUs += spent
      left -= spent
    }
  }

  private mutating func charge(_ powerMw: Double, fromUs start: Int64, toUs end: Int64) {
    guard end > start else { return }
    stateEnergyMillijoules += powerMw * Double(end - start) / 1_000_000
    activeUs += end - start
  }
}
