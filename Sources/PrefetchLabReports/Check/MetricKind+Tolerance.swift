import PrefetchLab

extension MetricKind {
  /// The tolerance `check` uses when the command line sets none: exact for counts, flags,
  /// durations and bytes (whole numbers and the integer µs clock: any difference is real),
  /// `Tolerance.floatingPoint` for ratios and lengths (sums of floating-point layout values),
  /// `Tolerance.energy` for joules.
  public var defaultTolerance: Tolerance {
    switch self {
    case .count, .flag, .duration, .bytes: return .exact
    case .ratio, .length: return .floatingPoint
    case .energy: return .energy
    }
  }

  /// The kind of column `name`: from `MetricCatalogue` for the columns this version writes. A
  /// column it does not write (a folder made by another version) is a duration when it ends in
  /// `_ms` (the µs clock makes it exact), a count when every value is a whole number, otherwise a
  /// ratio.
  public static func of(_ name: String, values: [Double?] = []) -> MetricKind {
    if let known = MetricCatalogue.definition(name) { return known.kind }
    if name.hasSuffix("_ms") { return .duration }
    let whole = values.allSatisfy { value in value.map { $0 == $0.rounded() } ?? true }
    return whole ? .count : .ratio
  }

  /// The defaults as `check` states them: `exact for counts, flags, durations and bytes,
  /// rel:0.000000001 for ratios and lengths, abs:0.000001 for energy`, kinds grouped by tolerance in
  /// declaration order.
  public static var defaultTolerancesText: String {
    var groups: [(tolerance: Tolerance, kinds: [MetricKind])] = []
    for kind in allCases {
      if let index = groups.firstIndex(where: { $0.tolerance == kind.defaultTolerance }) {
        groups[index].kinds.append(kind)
      } else {
        groups.append((kind.defaultTolerance, [kind]))
      }
    }
    return groups.map { group in
      let names = group.kinds.map(\.pluralName)
      let list =
        names.count == 1
        ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
      return "\(group.tolerance) for \(list)"
    }.joined(separator: ", ")
  }
}
