/// Which radio's energy a run reports ([radio]), whose measurement of it, and whether its
/// promotion delays requests.
public struct RadioSpec: Sendable, Equatable {
  /// The radio technology.
  public enum Model: String, Sendable, Equatable, CaseIterable {
    case lte
    case threeG = "3g"
    /// No radio model: `radio_active_ms` and `energy_j` are empty cells.
    case none
  }

  /// Whose measurement of the technology's power and timers ([radio.profile]).
  public enum Profile: String, Sendable, Equatable, CaseIterable {
    /// Huang et al., MobiSys 2012 (`RadioPowerModel.huang2012LTE`, `.huang2012ThreeG`).
    case huang2012
    /// AT&T ARO's carrier settings: its LTE model, and Qian et al.'s (IMC 2010) 3G model
    /// (`RadioPowerModel.aroLTE`, `.aroThreeG`).
    case aro
  }

  /// [radio.model] Default lte.
  public var model: Model
  /// [radio.profile] Default huang2012.
  public var profile: Profile
  /// [radio.promotion_delays_requests] A request sent while the radio is idle (or still being
  /// promoted) gets out only when the promotion ends, so its first byte comes that much later.
  /// Default false: the radio is reported but does not change timing (the scenario's `rtt_ms` is
  /// taken to include whatever promotion delay the measured link had).
  public var promotionDelaysRequests: Bool

  public init(model: Model = .lte, profile: Profile = .huang2012, promotionDelaysRequests: Bool = false) {
    self.model = model
    self.profile = profile
    self.promotionDelaysRequests = promotionDelaysRequests
  }

  /// The power model of this technology and profile; nil for `none`.
  public var power: RadioPowerModel? {
    switch (model, profile) {
    case (.none, _): return nil
    case (.lte, .huang2012): return .huang2012LTE
    case (.threeG, .huang2012): return .huang2012ThreeG
    case (.lte, .aro): return .aroLTE
    case (.threeG, .aro): return .aroThreeG
    }
  }
}
