/// The problems found in one scenario file so far. The loader reads on after a problem so that
/// one `validate` reports them all (up to `limit`), each naming its JSON path; a key with a
/// problem is read no further, and rules that combine keys are checked only between keys that
/// were read without one.
final class Diagnostics {
  /// At most this many problems are listed per file; the rest are only counted.
  static let limit = 20

  private(set) var errors: [InputError] = []
  private(set) var unlisted = 0
  /// Per shared cause (`recordShared`): the index of its error in `errors`, its message as first
  /// recorded, and the locations it was met at.
  private var shared: [String: (index: Int, message: String, locations: [String])] = [:]

  var isEmpty: Bool { errors.isEmpty }

  /// Records `error` and the further problems it carries.
  func record(_ error: InputError) {
    var first = error
    first.furtherErrors = []
    first.unlistedErrorCount = 0
    for problem in [first] + error.furtherErrors {
      if errors.count < Self.limit { errors.append(problem) } else { unlisted += 1 }
    }
    unlisted += error.unlistedErrorCount
  }

  /// Records `error` once for every place its one cause shows (`cause` names it): the first
  /// place is the error's location, and the message lists every place met, so a script with 30
  /// swipes and no `feed.carousel` gives one problem naming the 30 paths, not 30 problems.
  func recordShared(_ error: InputError, cause: String) {
    guard let entry = shared[cause] else {
      guard errors.count < Self.limit else {
        // Counted once, as one problem, however many places show it (index -1: not listed).
        shared[cause] = (-1, error.message, [error.location])
        unlisted += 1
        return
      }
      shared[cause] = (errors.count, error.message, [error.location])
      errors.append(error)
      return
    }
    guard entry.index >= 0 else { return }
    let locations = entry.locations + [error.location]
    shared[cause] = (entry.index, entry.message, locations)
    errors[entry.index].message =
      entry.message + " (the same at every one of these \(locations.count): "
      + locations.joined(separator: ", ") + ")"
  }

  /// Records every problem `other` found, listed or counted.
  func record(_ other: Diagnostics) {
    other.errors.forEach(record)
    unlisted += other.unlisted
  }

  /// The value `body` reads, or nil after recording what it threw.
  func attempt<Value>(_ body: () throws(InputError) -> Value) -> Value? {
    do {
      return try body()
    } catch {
      record(error)
      return nil
    }
  }

  /// `errors` as one error, the first carrying the others (at most `limit` listed), or nil when
  /// there are none.
  static func combined(_ errors: [InputError]) -> InputError? {
    let diagnostics = Diagnostics()
    errors.forEach(diagnostics.record)
    return diagnostics.combinedError
  }

  /// The problems as one error, the first carrying the others; nil when there are none.
  var combinedError: InputError? {
    guard var first = errors.first else { return nil }
    first.furtherErrors = Array(errors.dropFirst())
    first.unlistedErrorCount = unlisted
    return first
  }

  /// Throws the first problem, carrying the others, when there is any.
  func throwIfAny() throws(InputError) {
    if let error = combinedError { throw error }
  }
}
