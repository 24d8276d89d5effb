/// "Did you mean …?" for misspelt keys, enumerated values, verbs and options: the closest of the
/// valid spellings, or nil when none is close enough to be a likely typo.
///
/// Close means: the same text in another letter case (`Flinger` → `flinger`, `iOS` → `ios`), or an
/// optimal-string-alignment distance (insertions, deletions, substitutions and swaps of neighbours,
/// case-insensitive) of at most 1 for 3 or 4 characters, 2 up to 8 and 3 beyond
/// (`rnu` → `run`, `page_sise` → `page_size`, `directional_range` → `directional_ranges`,
/// `--quite` → `--quiet`), or the start of a longer candidate (`--strat` → `--strategy`); one or
/// two characters match only in another case (`5g` is not offered `3g`). Ties go to the candidate
/// listed first. O(candidates × length²).
public enum Suggestion {
  public static func closest(to text: String, among candidates: [String]) -> String? {
    let typed = Array(text.lowercased())
    guard !typed.isEmpty else { return nil }
    let allowed = typed.count <= 2 ? 0 : typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != text {
      let lowered = Array(candidate.lowercased())
      var distance = Self.distance(typed, lowered)
      if typed.count >= 3 && lowered.starts(with: typed) { distance = min(distance, 1) }
      if distance <= allowed && distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// Optimal string alignment distance between two character arrays.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          value = min(value, table[i - 2][j - 2] + 1)
        }
        table[i][j] = value
      }
    }
    return table[a.count][b.count]
  }
}
