import Foundation
import PrefetchLab

/// How a plot axis maps values to positions: linear, or symmetric-logarithmic ("symlog") when one
/// value dwarfs the others, so a single bad strategy no longer squeezes the rest into a corner.
///
/// Symlog maps v to sign(v) · log10(1 + |v| / threshold): zero stays at the origin (a log axis
/// cannot show the zero stall time most strategies have), values below `threshold` are close to
/// linear and values above it logarithmic. gnuplot draws it with `set nonlinear` (gnuplot ≥ 5.2),
/// so data, ranges and error bars stay in the metric's own unit.
enum AxisScale: Equatable {
  case linear
  /// `threshold` > 0: the power of ten at or below the smallest positive value.
  case symlog(threshold: Double)

  /// The axis turns symlog when its largest positive value is more than this many times its
  /// smallest positive value (zeros do not count: they sit at the origin either way). At 20 the
  /// smallest is drawn below 5 % of the axis height on a linear axis, inside a mark's size.
  static let dwarfRatio = 20.0

  /// The scale for an axis showing `values` (negative and non-finite values are ignored):
  /// `.symlog` when max/min of the positive values exceeds `dwarfRatio`, else `.linear`.
  static func choose(_ values: [Double]) -> AxisScale {
    let positive = values.filter { $0 > 0 && $0.isFinite }
    guard let low = positive.min(), let high = positive.max(), high > dwarfRatio * low else { return .linear }
    return .symlog(threshold: powerOfTen(atOrBelow: low))
  }

  static func powerOfTen(atOrBelow value: Double) -> Double {
    var power = 1.0
    while power > value { power /= 10 }
    while power * 10 <= value { power *= 10 }
    return power
  }

  var isLogarithmic: Bool { self != .linear }

  /// The position of `value` on the axis (the identity when linear).
  func position(_ value: Double) -> Double {
    guard case .symlog(let threshold) = self else { return value }
    return (value < 0 ? -1 : 1) * log10(1 + abs(value) / threshold)
  }

  /// The value at `position` (inverse of `position`).
  func value(at position: Double) -> Double {
    guard case .symlog(let threshold) = self else { return position }
    return (position < 0 ? -1 : 1) * threshold * (pow(10, abs(position)) - 1)
  }

  /// The axis range for `values`: as `PlotStyle.range` on a linear axis; on a symlog axis zero is
  /// always included and the margins are taken on the drawn (logarithmic) positions.
  func range(_ values: [Double], includeZero: Bool) -> (Double, Double) {
    guard isLogarithmic else { return PlotStyle.range(values, includeZero: includeZero) }
    let positions = PlotStyle.range(values.map(position), minimumSpan: 0.1, includeZero: true)
    return (value(at: positions.0), value(at: positions.1))
  }

  /// The axis label, marked `log scale` on a symlog axis so nobody reads distances linearly.
  func label(_ text: String) -> String { isLogarithmic ? "\(text), log scale" : text }

  /// A line for the plot's title on a symlog axis (nil when linear): `stall time axis
  /// logarithmic (symlog): 0 at the origin, close to linear below 10 ms`.
  func note(_ axisName: String, unit: String) -> String? {
    guard case .symlog(let threshold) = self else { return nil }
    return
      "\(axisName) axis logarithmic (symlog): 0 at the origin, close to linear below \(Self.tick(threshold)) \(unit)"
  }

  /// gnuplot commands for `axis` (`x` or `y`) up to `upper`: nothing when linear; else the
  /// nonlinear mapping and tics at 0 and at each power of ten from the threshold (with 2 and 5
  /// times it while there are at most three decades).
  func settings(axis: String, upper: Double) -> String {
    guard case .symlog(let threshold) = self else { return "" }
    let t = GnuplotText.number(threshold)
    var ticks = [0.0]
    var decade = threshold
    let decades = log10(max(upper, threshold) / threshold)
    while decade <= upper {
      ticks.append(decade)
      if decades <= 3 {
        for multiple in [2.0, 5.0] where decade * multiple <= upper { ticks.append(decade * multiple) }
      }
      decade *= 10
    }
    let tics = ticks.map { "\(GnuplotText.quoted(Self.tick($0))) \(GnuplotText.number($0))" }
    return """
      set nonlinear \(axis) via sgn(\(axis))*log10(1+abs(\(axis))/\(t)) inverse sgn(\(axis))*\(t)*(10**abs(\(axis))-1)
      set \(axis)tics (\(tics.joined(separator: ", ")))

      """
  }

  /// A tick label: the number without trailing zeros, thousands as `k` from 10 000 up.
  static func tick(_ value: Double) -> String {
    if value >= 10_000 { return DecimalFormat.fixed(value / 1000, places: 3) + "k" }
    return DecimalFormat.fixed(value, places: 6)
  }
}
