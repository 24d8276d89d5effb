/// A results folder the command was asked to write would replace something it must not: a
/// folder that is not a results folder this program wrote, or one that holds the run's own
/// inputs. A usage error (exit 64): `message` names the folder, says why and how to proceed.
public struct OutputRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}
