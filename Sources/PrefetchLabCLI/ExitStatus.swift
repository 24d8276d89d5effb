/// Exit statuses (listed in README.md and docs/ci.md), following BSD sysexits where they apply.
public enum ExitStatus {
  public static let ok: Int32 = 0
  /// A runtime failure: an output could not be written, gnuplot failed when plots were asked for.
  public static let failure: Int32 = 1
  /// `check` found a regression (or, as its options ask, an improvement or any change); `bench
  /// --baseline` found a row slower than the baseline beyond the tolerance.
  public static let regression: Int32 = 2
  /// `check` found no regression, but the baseline was made from other inputs (tool version,
  /// scenario or trace files, seeds): it has to be refreshed on purpose. `bench --baseline`: rows
  /// simulated other work than the baseline's.
  public static let fingerprintMismatch: Int32 = 3
  /// EX_USAGE: the command line is wrong.
  public static let usage: Int32 = 64
  /// EX_DATAERR: an input file is wrong.
  public static let badInput: Int32 = 65
}

/// A failure a command reports with its own message and status.
struct CommandFailure: Error {
  let status: Int32
  let message: String
}
