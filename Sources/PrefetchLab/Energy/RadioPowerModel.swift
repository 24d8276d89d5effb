/// The power states of a cellular radio (its RRC state machine) and what each costs. Each preset
/// states the measurement it reproduces:
/// - `huang2012LTE`, `huang2012ThreeG`: J. Huang, F. Qian, A. Gerber, Z. M. Mao, S. Sen and
///   O. Spatscheck, "A Close Examination of Performance and Power Characteristics of 4G LTE
///   Networks", MobiSys 2012: Table 3 (state powers and timers, measured on an LTE phone, with 3G
///   measured the same way) and Table 4 (power while transferring, P = α_u·t_u + α_d·t_d + β for
///   throughputs in Mbit/s).
/// - `aroLTE`, `aroThreeG`: the default carrier settings of AT&T's Application Resource Optimizer
///   (ARO; attdevsupport/VideoOptimizer, `ARO.Core/src/main/java/com/att/aro/core/configuration/
///   impl/ProfileFactoryImpl.java`, `createLTE` and `create3G`), which encodes Huang et al.'s LTE
///   model with its own β and tail, and for 3G the carrier model of F. Qian, Z. Wang, A. Gerber,
///   Z. M. Mao, S. Sen and O. Spatscheck, "Characterizing Radio Resource Allocation for 3G
///   Networks", IMC 2010.
///
/// The radio idles until data moves; the first request *promotes* it (`promotionMs` at
/// `promotionPowerMw`) to the connected state, where it draws `activeBasePowerMw` while a request
/// holds a connection, plus `downlinkMwPerMbps` per Mbit/s received — which integrates to that
/// many mJ per megabit downloaded. After the last request it lingers in the tail stages, in
/// order, before it idles again: the energy prefetching spends beyond its bytes. Data in the
/// first tail stage resumes the connected state at once; data in a later stage (3G's FACH) needs
/// a promotion first, of `tailPromotionMs` at `tailPromotionPowerMw`. Idle power (paging) is not counted: the figures are
/// energy above idle.
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

  /// Time from idle to the connected state, ms, >= 0.
  public var promotionMs: Double
  /// Time from a later tail stage (3G's FACH) to the connected state, ms, >= 0.
  public var tailPromotionMs: Double
  /// Power drawn while promoting from idle, mW.
  public var promotionPowerMw: Double
  /// Power drawn while promoting from a later tail stage, mW.
  public var tailPromotionPowerMw: Double
  /// β: power in the connected state while a request is in flight, mW.
  public var activeBasePowerMw: Double
  /// α_d: extra power per Mbit/s of downlink throughput, mW (= mJ per Mbit received).
  public var downlinkMwPerMbps: Double
  /// The stages after the last request, in order; the radio idles after the last one.
  public var tail: [TailStage]

  /// The tail promotion defaults to the promotion from idle (one promotion figure for both).
  public init(
    promotionMs: Double, promotionPowerMw: Double, tailPromotionMs: Double? = nil,
    tailPromotionPowerMw: Double? = nil, activeBasePowerMw: Double, downlinkMwPerMbps: Double,
    tail: [TailStage]
  ) {
    self.promotionMs = promotionMs
    self.tailPromotionMs = tailPromotionMs ?? promotionMs
    self.promotionPowerMw = promotionPowerMw
    self.tailPromotionPowerMw = tailPromotionPowerMw ?? promotionPowerMw
    self.activeBasePowerMw = activeBasePowerMw
    self.downlinkMwPerMbps = downlinkMwPerMbps
    self.tail = tail
  }

  /// LTE as measured by Huang et al. (MobiSys 2012, Tables 3 and 4): promotion 260.1 ms at
  /// 1210.7 mW; RRC_CONNECTED tail 11 576.0 ms at its base power 1060.0 mW (the DRX wake-ups within
  /// it are not modelled); transfers β = 1288.04 mW, α_d = 51.97 mW per Mbit/s.
  public static let huang2012LTE = RadioPowerModel(
    promotionMs: 260.1, promotionPowerMw: 1210.7, activeBasePowerMw: 1288.04, downlinkMwPerMbps: 51.97,
    tail: [TailStage(durationMs: 11_576.0, powerMw: 1060.0)])

  /// 3G UMTS as measured by Huang et al. alongside LTE (MobiSys 2012, Tables 3 and 4): promotion
  /// 582.1 ms at 659.4 mW; DCH tail 8088.2 ms at 803.9 mW, then FACH tail 824.2 ms at 601.3 mW;
  /// transfers β = 817.88 mW, α_d = 122.12 mW per Mbit/s. The paper gives one promotion figure,
  /// used for FACH → DCH too.
  public static let huang2012ThreeG = RadioPowerModel(
    promotionMs: 582.1, promotionPowerMw: 659.4, activeBasePowerMw: 817.88, downlinkMwPerMbps: 122.12,
    tail: [TailStage(durationMs: 8088.2, powerMw: 803.9), TailStage(durationMs: 824.2, powerMw: 601.3)])

  /// LTE as ARO encodes it for AT&T's network (`createLTE`'s defaults): promotion 0.26 s at
  /// 1.21 W; transfers β = 1.2 W, α_d = 51.97 mW per Mbit/s; a tail of inactivity timer 0.1 s +
  /// short DRX 0.02 s + long DRX 10 s = 10.12 s at the tail power 1.06 W. As in `huang2012LTE`,
  /// the DRX wake-ups within the tail (2 ms at 1.68 W every 20 or 40 ms) are not modelled, and the
  /// 0.1 s inactivity period is charged at the tail power rather than at β.
  public static let aroLTE = RadioPowerModel(
    promotionMs: 260, promotionPowerMw: 1210, activeBasePowerMw: 1200, downlinkMwPerMbps: 51.97,
    tail: [TailStage(durationMs: 10_120, powerMw: 1060)])

  /// 3G as ARO encodes Qian et al.'s carrier model (IMC 2010; `create3G`'s defaults): IDLE → DCH
  /// promotion 2.0 s (the average; ARO also gives 1.5 s minimum, 4.0 s maximum) at 0.53 W, FACH →
  /// DCH 1.5 s at 0.55 W; DCH at 0.7 W while transferring and through its 5 s tail, then FACH at
  /// 0.35 W for 12 s. ARO charges 3G by state, not throughput, so α_d = 0.
  public static let aroThreeG = RadioPowerModel(
    promotionMs: 2000, promotionPowerMw: 530, tailPromotionMs: 1500, tailPromotionPowerMw: 550,
    activeBasePowerMw: 700, downlinkMwPerMbps: 0,
    tail: [TailStage(durationMs: 5000, powerMw: 700), TailStage(durationMs: 12_000, powerMw: 350)])
}
