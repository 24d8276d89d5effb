import PrefetchLab

/// Numbers worth trying anywhere a number stands: zero and signs, the edges of `Double`, values
/// that round to 0 µs or overflow the µs clock, and every bound `ScenarioDefinitions` documents
/// with its neighbours just inside and just outside.
enum NumberPool {
  /// Literals spelt as text, so that values JSON can write but `Double` cannot hold (1e-400,
  /// 1e400) are tried too.
  static let extremes: [String] = [
    "0", "-0", "-1", "1", "0.5", "0.0004", "0.001", "0.01", "1e-7", "1e-300", "5e-324", "1e-400", "2.5",
    "1e6", "1e9", "1000000001", "1e10", "1e12", "1e15", "1e16", "1e20", "1e298", "1e300", "1.7e308",
    "1.8e308", "1e400", "-1e308", "9007199254740991", "9007199254740992", "4294967296", "2147483648",
    "-9007199254740993", "240", "241", "10000", "10001", "10000000", "10000001", "0.9999999999999999",
    "1.0000000000000002", "100000000", "100000001", "1e-6", "9.99e-7",
  ]

  /// Every documented bound, and the nearest doubles on each side of it.
  static let bounds: [String] = {
    var values = Set<Double>()
    func add(_ rule: NumberRule) {
      var ends: [Double] = []
      if let lower = rule.lower { ends.append(lower.value) }
      if let upper = rule.upper { ends.append(upper) }
      for end in ends { values.formUnion([end, end.nextUp, end.nextDown, end + 1, end - 1]) }
    }
    func walk(_ kind: ValueKind) {
      switch kind {
      case .number(let rule), .integer(let rule): add(rule)
      case .distribution(let rule): add(rule.constantRule)
      case .object(let object): for key in object.keys { walk(key.kind) }
      case .array(let element, _): walk(element)
      case .alternatives(let kinds): for kind in kinds { walk(kind) }
      case .text, .boolean, .choice, .script, .strategies: break
      }
    }
    for object in ScenarioDefinitions.documentedObjects { for key in object.keys { walk(key.kind) } }
    return values.filter(\.isFinite).sorted().map { DecimalFormat.shortest($0) }
  }()

  static func any(_ random: inout FuzzRandom) -> String {
    random.chance(0.5) ? random.pick(extremes) : random.pick(bounds)
  }
}
