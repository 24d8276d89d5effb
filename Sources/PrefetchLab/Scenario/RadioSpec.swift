/// Which radio's energy a run reports ([radio]), and whether its promotion delays requests.
public struct RadioSpec: Sendable, Equatable {
  public enum Model: String, Sendable, Equatable, CaseIterable {
    /// `RadioPowerModel.lte`.
    case lte
    /// `RadioPowerModel.threeG`.
    case threeG = "3g"
    /// No radio model: `radio_active_ms` and `energy_j` are empty cells.
    case none

    public var power: RadioPowerModel? {
      switch self {
      case .lte: return .lte
      case .threeG: return .threeG
      case .none: return nil
      }
    }
  }

  /// [radio.model] Default lte.
  public var model: Model
  /// [radio.promotion_delays_requests] A request sent while the radio is idle (or still being
  /// promoted) gets out only when the promotion ends, so its first byte comes that much later.
  /// Default false: the radio is reported but does not change timing (the scenario's `rtt_ms` is
  /// taken to include whatever promotion delay the measured link had).
  public var promotionDelaysRequests: Bool

  public init(model: Model = .lte, promotionDelaysRequests: Bool = false) {
    self.model = model
    self.promotionDelaysRequests = promotionDelaysRequests
  }
}
