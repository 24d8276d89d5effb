/// What a summary.csv metric measures, which fixes how it is stored, written and compared: its
/// decimals in summary.csv and in reports, the unit it is plotted in, and (in `check`) its
/// default tolerance.
public enum MetricKind: String, Sendable, CaseIterable {
  /// A whole number of things (stalls, requests, items).
  case count
  /// 0 or 1 (`abandoned`).
  case flag
  /// A time on the engine's integer µs clock, written in ms with three decimals: exact.
  case duration
  /// A whole number of bytes.
  case bytes
  /// A quotient in 0…1 computed in floating point; empty when its denominator is 0.
  case ratio
  /// Joules, a sum of floating-point products (radio power × time).
  case energy
  /// A length in pt, a sum of floating-point layout values (blank area); empty without first
  /// content.
  case length

  /// Decimals written in summary.csv: none for whole numbers, 3 for ms (1 µs, the clock's
  /// resolution, and thousandths of a pt for lengths), 6 for ratios and joules (µJ).
  public var decimals: Int {
    switch self {
    case .count, .flag, .bytes: return 0
    case .duration, .length: return 3
    case .ratio, .energy: return 6
    }
  }

  /// Decimals shown for a mean over seeds in reports, `compare` and the `run` table: 3 for ratios
  /// and joules (a difference of 0.05 J or of 0.01 in coverage matters), 1 for everything else
  /// (trailing zeros are dropped, so whole numbers show none).
  public var shownDecimals: Int {
    switch self {
    case .ratio, .energy: return 3
    case .count, .flag, .duration, .bytes, .length: return 1
    }
  }

  /// Plots and terminal tables show bytes in kB (1000 bytes), everything else as written.
  public var displayScale: Double { self == .bytes ? 0.001 : 1 }

  /// The plural noun of the kind, for sentences that group metrics by kind.
  public var pluralName: String {
    switch self {
    case .count: return "counts"
    case .flag: return "flags"
    case .duration: return "durations"
    case .bytes: return "bytes"
    case .ratio: return "ratios"
    case .energy: return "energy"
    case .length: return "lengths"
    }
  }
}
