/// Parses `--seeds`: comma-separated seeds and inclusive ranges, e.g. `1-10`, `3`, `1,5,9-12`.
/// Returns the seeds ascending without duplicates, or nil when the text is malformed (a range
/// running backwards, a non-number, more than 100 000 seeds).
enum SeedList {
  static let maximumCount = 100_000

  static func parse(_ text: String) -> [UInt64]? {
    var seeds = Set<UInt64>()
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
      guard bounds.count == 1 || bounds.count == 2, let low = UInt64(bounds[0]) else { return nil }
      let high = bounds.count == 2 ? UInt64(bounds[1]) : low
      guard let high, high >= low, high - low < UInt64(maximumCount) else { return nil }
      for seed in low...high {
        seeds.insert(seed)
        if seeds.count > maximumCount { return nil }
      }
    }
    return seeds.isEmpty ? nil : seeds.sorted()
  }
}
