/// The ranges of the numbers in scroll recordings (`offset_csv`, `touch_csv`), so that a replay
/// fits the engine's µs clock and positions stay exact (`InputLimits`).
enum RecordingBounds {
  /// Why a row's `t_ms` is out of range, given the first row's, or nil: |t| at most 10^15 ms
  /// (Unix-epoch milliseconds fit), and at most 10^9 ms (10^6 s, the longest session) after the
  /// first row.
  static func timeProblem(_ timeMs: Double, first: Double?) -> String? {
    if abs(timeMs) > InputLimits.maxRecordedTimeMs {
      let limits = [-InputLimits.maxRecordedTimeMs, InputLimits.maxRecordedTimeMs]
      return "t_ms must be within ±1e15 ms, got \(DecimalFormat.readable(timeMs, against: limits))"
    }
    if let first, timeMs - first > InputLimits.maxMilliseconds {
      return "t_ms must be at most 1000000000 ms (10^6 s, the longest session) after the first row's"
        + " \(DecimalFormat.readable(first)), got "
        + DecimalFormat.readable(timeMs, against: [first + InputLimits.maxMilliseconds])
    }
    return nil
  }

  /// Why a position (`offset_pt`, `projected_target_pt`, `y_px`) is out of range, or nil.
  static func positionProblem(_ name: String, _ value: Double) -> String? {
    guard abs(value) > InputLimits.maxPositionPt else { return nil }
    let limits = [-InputLimits.maxPositionPt, InputLimits.maxPositionPt]
    return "\(name) must be within ±1e14, got \(DecimalFormat.readable(value, against: limits))"
  }
}
