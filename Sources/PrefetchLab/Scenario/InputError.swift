/// Bad input: a scenario, trace or results file that cannot be used as given. The CLI maps it to
/// exit status 65 (EX_DATAERR) and prints `description`.
///
/// `file` is the path as the user gave it, `location` a JSON path (`network.rtt_ms`,
/// `strategies[1].ratio`) or a line reference (`line 12`), and `message` states the rule that was
/// broken and what was found, e.g. `lognormal.sigma must be >= 0, got -1`.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var location: String
  public var message: String

  public init(file: String, location: String, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// `file: location: message`, or `file: message` when there is no location.
  public var description: String {
    location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
  }
}
