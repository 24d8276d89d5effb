import PrefetchLab

/// Parses `--seeds`: comma-separated seeds and inclusive ranges, e.g. `1-10`, `3`, `1,5,9-12`.
/// Returns the seeds ascending without duplicates, or nil when the text is malformed (a range
/// running backwards, a non-number, a seed above `maximumSeed`, more than 100 000 seeds).
enum SeedList {
  static let maximumCount = 100_000
  /// A scenario file's `seed` bound (`InputLimits.maxExactInteger`): the manifest records seeds
  /// as JSON numbers, which hold whole numbers exactly only up to 2^53 − 1, so a larger seed
  /// would be written as another and `check` could not run it again.
  static let maximumSeed = UInt64(InputLimits.maxExactInteger)
  /// The same bound as an integer option's range, for a single seed (`trace --seed`).
  static let range = 0...Int(maximumSeed)

  static func parse(_ text: String) -> [UInt64]? {
    if case .success(let seeds) = read(text) { return seeds }
    return nil
  }

  /// Why `text` is not a seed list (for the usage error), nil when it is one.
  static func problem(in text: String) -> String? {
    if case .failure(let problem) = read(text) { return problem.reason }
    return nil
  }

  struct Problem: Error {
    let reason: String
  }

  private static func read(_ text: String) -> Result<[UInt64], Problem> {
    var seeds = Set<UInt64>()
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
      guard bounds.count == 1 || bounds.count == 2, let low = UInt64(bounds[0]),
        let high = bounds.count == 2 ? UInt64(bounds[1]) : low
      else {
        // All digits, yet no UInt64: a seed past the bound, to be named as one.
        if bounds.count <= 2,
          let huge = bounds.first(where: {
            !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } && UInt64($0) == nil
          })
        {
          return .failure(Problem(reason: "seeds must be <= 2^53 − 1 (\(maximumSeed)), got \(huge)"))
        }
        return .failure(Problem(reason: "'\(part)' is not a seed (0 or more) or a range like 1-10"))
      }
      guard high <= maximumSeed else {
        return .failure(Problem(reason: "seeds must be <= 2^53 − 1 (\(maximumSeed)), got \(high)"))
      }
      guard high >= low else {
        return .failure(Problem(reason: "the range \(part) runs backwards (write \(high)-\(low))"))
      }
      guard high - low < UInt64(maximumCount) else {
        return .failure(Problem(reason: "the range \(part) holds more than \(maximumCount) seeds"))
      }
      for seed in low...high {
        seeds.insert(seed)
        if seeds.count > maximumCount {
          return .failure(Problem(reason: "more than \(maximumCount) seeds in all"))
        }
      }
    }
    return .success(seeds.sorted())
  }
}
