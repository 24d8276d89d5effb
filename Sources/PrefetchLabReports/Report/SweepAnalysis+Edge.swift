import PrefetchLab

extension SweepAnalysis {
  /// Per numeric parameter swept over at least three values whose largest or smallest the
  /// recommended setting holds, a warning that the best may lie outside the grid, in axis order:
  /// `lookahead_rows=60 is the largest value tried: the best may lie beyond; extend the range`
  /// (`… the smallest value tried: the best may lie below; …`). Empty without a recommendation.
  /// With two values every setting is at an edge, so the warning would say nothing.
  public var edgeNotes: [String] {
    guard let recommended else { return [] }
    return zip(record.axes, record.settings[recommended].values).compactMap { axis, value in
      guard case .number(let chosen) = value else { return nil }
      let numbers = Set(axis.values.compactMap { if case .number(let n) = $0 { n } else { nil } })
      guard numbers.count >= 3, let smallest = numbers.min(), let largest = numbers.max() else { return nil }
      let named = "\(axis.parameter)=\(value)"
      if chosen == largest {
        return named + " is the largest value tried: the best may lie beyond; extend the range"
      }
      if chosen == smallest {
        return named + " is the smallest value tried: the best may lie below; extend the range"
      }
      return nil
    }
  }
}
