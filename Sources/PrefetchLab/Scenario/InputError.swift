/// Bad input: a scenario, trace or results file that cannot be used as given. The CLI maps it to
/// exit status 65 (EX_DATAERR) and prints `lines`.
///
/// `file` is the path as the user gave it, `location` a JSON path (`network.rtt_ms`,
/// `strategies[1].ratio`) or a line reference (`line 12`), and `message` states the rule that was
/// broken and what was found, e.g. `lognormal.sigma must be >= 0, got -1`. A scenario file with
/// several problems throws the first, carrying the others in `furtherErrors` (in the order found,
/// at most `Diagnostics.limit` in all) and how many more were found but not listed.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var location: String
  public var message: String
  /// Further problems found in the same file, each a complete error of its own.
  public var furtherErrors: [InputError] = []
  /// Problems found beyond those listed.
  public var unlistedErrorCount = 0

  public init(file: String, location: String, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// `file: location: message`, or `file: message` when there is no location (this problem only).
  public var description: String {
    location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
  }

  /// Every problem, one line each, with a last line counting those not listed.
  public var lines: [String] {
    var lines = [description] + furtherErrors.map(\.description)
    if unlistedErrorCount > 0 {
      lines.append(
        "\(file): \(unlistedErrorCount) more problem\(unlistedErrorCount == 1 ? "" : "s") not listed")
    }
    return lines
  }

  /// How many problems were found in all.
  public var count: Int { 1 + furtherErrors.count + unlistedErrorCount }
}
