/// The power states of a cellular radio (its RRC state machine) and what each costs, as measured
/// by J. Huang, F. Qian, A. Gerber, Z. M. Mao, S. Sen and O. Spatscheck, "A Close Examination of
/// Performance and Power Characteristics of 4G LTE Networks", MobiSys 2012: Table 3 (state powers
/// and timers, measured on an LTE phone, with 3G measured the same way) and Table 4 (power while
/// transferring, P = α_u·t_u + α_d·t_d + β for throughputs in Mbit/s).
///
/// The radio idles until data moves; the first request *promotes* it (`promotionMs` at
/// `promotionPowerMw`) to the connected state, where it draws `activeBasePowerMw` while a request
/// holds a connection, plus `downlinkMwPerMbps` per Mbit/s received — which integrates to that
/// many mJ per megabit downloaded. After the last request it lingers in the tail stages, in
/// order, before it idles again: the energy prefetching spends beyond its bytes. Data in the
/// first tail stage resumes the connected state at once; data in a later stage (3G's FACH) needs
/// a promotion first. Idle power (paging) is not counted: the figures are energy above idle.
public struct RadioPowerModel: Sendable, Equatable {
  /// One stage of the tail after the last transfer.
  public struct TailStage: Sendable, Equatable {
    /// How long the radio stays in this stage without data, ms, >= 0.
    public var durationMs: Double
    /// Power drawn in the stage, mW.
    public var powerMw: Double

    public init(durationMs: Double, powerMw: Double) {
      self.durationMs = durationMs
      self.powerMw = powerMw
    }
  }

  /// Time from idle (or a later tail stage) to the connected state, ms, >= 0.
  public var promotionMs: Double
  /// Power drawn while promoting, mW.
  public var promotionPowerMw: Double
  /// β: power in the connected state while a request is in flight, mW.
  public var activeBasePowerMw: Double
  /// α_d: extra power per Mbit/s of downlink throughput, mW (= mJ per Mbit received).
  public var downlinkMwPerMbps: Double
  /// The stages after the last request, in order; the radio idles after the last one.
  public var tail: [TailStage]

  public init(
    promotionMs: Double, promotionPowerMw: Double, activeBasePowerMw: Double, downlinkMwPerMbps: Double,
    tail: [TailStage]
  ) {
    self.promotionMs = promotionMs
    self.promotionPowerMw = promotionPowerMw
    self.activeBasePowerMw = activeBasePowerMw
    self.downlinkMwPerMbps = downlinkMwPerMbps
    self.tail = tail
  }

  /// LTE (Huang et al. 2012): promotion 260.1 ms at 1210.7 mW; RRC_CONNECTED tail 11 576.0 ms
  /// at its base power 1060.0 mW (the DRX wake-ups within it are not modelled); transfers
  /// β = 1288.04 mW, α_d = 51.97 mW per Mbit/s.
  public static let lte = RadioPowerModel(
    promotionMs: 260.1, promotionPowerMw: 1210.7, activeBasePowerMw: 1288.04, downlinkMwPerMbps: 51.97,
    tail: [TailStage(durationMs: 11_576.0, powerMw: 1060.0)])

  /// 3G UMTS (Huang et al. 2012, measured alongside LTE): promotion 582.1 ms at 659.4 mW; DCH
  /// tail 8088.2 ms at 803.9 mW, then FACH tail 824.2 ms at 601.3 mW; transfers β = 817.88 mW,
  /// α_d = 122.12 mW per Mbit/s. Data during the FACH tail is promoted back to DCH with the same
  /// promotion (the paper gives one promotion figure; F. Qian et al., "Characterizing Radio
  /// Resource Allocation for 3G Networks", IMC 2010, measured FACH→DCH and IDLE→DCH promotions of
  /// the same order: 1.5 s and 2 s on their carrier).
  public static let threeG = RadioPowerModel(
    promotionMs: 582.1, promotionPowerMw: 659.4, activeBasePowerMw: 817.88, downlinkMwPerMbps: 122.12,
    tail: [TailStage(durationMs: 8088.2, powerMw: 803.9), TailStage(durationMs: 824.2, powerMw: 601.3)])
}
