/// The problems found in one scenario file so far. The loader reads on after a problem so that
/// one `validate` reports them all (up to `limit`), each naming its JSON path; a key with a
/// problem is read no further, and rules that combine keys are checked only between keys that
/// were read without one.
final class Diagnostics {
  /// At most this many problems are listed per file; the rest are only counted.
  static let limit = 20

  private(set) var errors: [InputError] = []
  private(set) var unlisted = 0

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
