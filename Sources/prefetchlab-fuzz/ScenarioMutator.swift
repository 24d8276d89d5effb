import Foundation
import PrefetchLab

/// Mutations of a scenario's JSON: wrong types, extreme numbers, documented bounds and their
/// neighbours, missing and misspelt keys, unicode and control characters in strings, huge arrays,
/// distributions with extreme tails, recorded traces of every format (perhaps damaged or missing).
struct ScenarioMutator {
  var random: FuzzRandom
  /// Extra files the scenario refers to: name → contents (nil: deliberately missing).
  var files: [(name: String, text: String?)] = []

  /// Every member path of `value` (object keys and array indexes), parents before children.
  static func paths(_ value: JSONValue, _ prefix: [PathStep] = []) -> [[PathStep]] {
    var result: [[PathStep]] = []
    switch value {
    case .object(let members):
      for member in members where member.key != "$schema" {
        let path = prefix + [.key(member.key)]
        result.append(path)
        result += paths(member.value, path)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated().prefix(50) {
        let path = prefix + [.index(index)]
        result.append(path)
        result += paths(element, path)
      }
    default: break
    }
    return result
  }

  enum PathStep: Equatable {
    case key(String)
    case index(Int)
  }

  static func value(at path: [PathStep], in root: JSONValue) -> JSONValue? {
    var current = root
    for step in path {
      switch (step, current) {
      case (.key(let key), .object(let members)):
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        current = member.value
      case (.index(let index), .array(let elements)) where index < elements.count:
        current = elements[index]
      default: return nil
      }
    }
    return current
  }

  /// `root` with the value at `path` replaced (nil removes it).
  static func replacing(_ path: ArraySlice<PathStep>, in root: JSONValue, with new: JSONValue?) -> JSONValue {
    guard let step = path.first else { return new ?? .null }
    switch (step, root) {
    case (.key(let key), .object(var members)):
      if let index = members.firstIndex(where: { $0.key == key }) {
        if path.count == 1, new == nil {
          members.remove(at: index)
        } else {
          members[index].value = replacing(path.dropFirst(), in: members[index].value, with: new)
        }
      } else if path.count == 1, let new {
        members.append((key, new))
      }
      return .object(members)
    case (.index(let index), .array(var elements)) where index < elements.count:
      if path.count == 1, new == nil {
        elements.remove(at: index)
      } else {
        elements[index] = replacing(path.dropFirst(), in: elements[index], with: new)
      }
      return .array(elements)
    default: return root
    }
  }

  /// A number spelt as JSON text (so 1e-400 and 1e400 stay as written): wrapped as a marker
  /// string, replaced in the serialized text by `finish`.
  mutating func rawNumber() -> JSONValue { .string("\u{1}NUM:" + NumberPool.any(&random)) }

  mutating func strangeString() -> String {
    random.pick([
      "", " ", "a\u{0}b", "\u{1B}[31mred\u{1B}[0m", "a\u{202E}b", "line\nbreak", "tab\tx", "\u{7F}",
      "🙂" + "é",
      String(repeating: "x", count: random.int(90..<300)), "../../etc/passwd", "/dev/zero", "\\", "\"",
      "NaN", "null", "Cursor", "iOS", "Flinger", "lte ", "nuke", "mahimahi", "touch_csv",
    ])
  }

  mutating func anyValue() -> JSONValue {
    switch random.int(0..<8) {
    case 0: return .null
    case 1: return .bool(random.chance(0.5))
    case 2: return .string(strangeString())
    case 3: return .array((0..<random.int(0..<4)).map { _ in rawNumber() })
    case 4: return .object([(random.pick(["constant", "uniform", "x", "$comment"]), rawNumber())])
    case 5: return distribution()
    default: return rawNumber()
    }
  }

  /// A distribution of any family with parameters from the number pool (or ordinary ones).
  mutating func distribution() -> JSONValue {
    func number(_ typical: ClosedRange<Double>) -> JSONValue {
      random.chance(0.4) ? rawNumber() : JSONValue(random.double(typical))
    }
    switch random.int(0..<6) {
    case 0: return .object([("constant", number(0...1000))])
    case 1: return .object([("uniform", .object([("min", number(0...100)), ("max", number(100...1e4))]))])
    case 2: return .object([("normal", .object([("mean", number(0...1000)), ("sd", number(0...300))]))])
    case 3:
      return .object([("lognormal", .object([("median", number(1...1e5)), ("sigma", number(0...25))]))])
    case 4: return .object([("pareto", .object([("scale", number(1...1e4)), ("shape", number(0.01...5))]))])
    default:
      let count = random.chance(0.05) ? random.int(10_000..<50_000) : random.int(0..<6)
      return .object([("empirical", .array((0..<count).map { _ in number(0...1e4) }))])
    }
  }

  /// A trace reference with a generated file (sometimes missing, sometimes a folder).
  mutating func traceReference(network: Bool) -> JSONValue {
    let formats: [TraceFiles.Format] =
      network ? [.mahimahi, .throughput, .periods] : [.offsetCSV, .touchCSV]
    let format = random.pick(formats)
    let name = "traces/t\(files.count).\(format == .periods ? "json" : "txt")"
    switch random.int(0..<12) {
    case 0: files.append((name, nil))
    case 1:
      files.append((name, ""))
      return .object([("path", .string("traces")), ("format", .string(format.rawValue))])
    default: files.append((name, TraceFiles.damaged(TraceFiles.text(format, &random), &random)))
    }
    var members: [(key: String, value: JSONValue)] = [
      ("path", .string(name)), ("format", .string(format.rawValue)),
    ]
    if format == .touchCSV || random.chance(0.05) {
      members.append(("density", random.chance(0.8) ? 3 : rawNumber()))
    }
    if network && random.chance(0.3) { members.append(("loop", .bool(random.chance(0.5)))) }
    return .object(members)
  }

  /// The rule of the number at `path`, when the definitions give one (keys of objects, not
  /// distribution parameters).
  static func rule(at path: [PathStep]) -> NumberRule? {
    var object: ObjectDefinition? = ScenarioDefinitions.root
    var kind: ValueKind? = nil
    for step in path {
      switch step {
      case .key(let key):
        guard let definition = object,
          let found = definition.key(key)
            ?? ScenarioDefinitions.behavior.key(key) ?? ScenarioDefinitions.mixed.key(key)
        else { return nil }
        kind = found.kind
      case .index:
        guard case .script? = kind else {
          if case .array(let element, _)? = kind { kind = element } else { return nil }
          if case .object(let definition)? = kind { object = definition }
          continue
        }
        object = ScenarioDefinitions.gesture
        continue
      }
      switch kind {
      case .object(let definition)?: object = definition
      case .alternatives(let kinds)?:
        object =
          kinds.compactMap { if case .object(let definition) = $0 { return definition } else { return nil } }
          .first
      case .script?: object = nil
      default: object = nil
      }
    }
    switch kind {
    case .number(let rule)?, .integer(let rule)?: return rule
    case .distribution(let draw)?: return draw.constantRule
    default: return nil
    }
  }

  /// A value inside `rule` (often at or next to one of its ends), or just outside it.
  mutating func number(within rule: NumberRule) -> JSONValue {
    let low = rule.lower?.value ?? -1e9
    let high = rule.upper ?? 1e12
    var value: Double
    switch random.int(0..<6) {
    case 0: value = low
    case 1: value = high
    case 2: value = random.chance(0.5) ? low.nextUp : high.nextDown
    case 3: value = random.chance(0.5) ? low.nextDown : high.nextUp  // just outside
    default:
      // Log-uniform across the range, so small and large magnitudes are both tried.
      let a = max(low, 1e-9)
      let b = max(high, a)
      value = a * pow(b / a, random.double(0...1))
    }
    if rule.isInteger { value = value.rounded() }
    return .string("\u{1}NUM:" + DecimalFormat.shortest(value))
  }

  /// One mutation of `root`.
  mutating func mutate(_ root: JSONValue) -> JSONValue {
    let paths = Self.paths(root)
    guard let path = paths.isEmpty ? nil : random.pick(paths) else { return root }
    let current = Self.value(at: path, in: root)
    if random.chance(0.55), let rule = Self.rule(at: path) {
      return Self.replacing(path[...], in: root, with: number(within: rule))
    }
    switch random.int(0..<17) {
    case 0, 1, 2:
      // A number where a number is, from the pool (bounds and extremes).
      return Self.replacing(path[...], in: root, with: rawNumber())
    case 3: return Self.replacing(path[...], in: root, with: anyValue())
    case 4: return Self.replacing(path[...], in: root, with: nil)
    case 5:
      // A misspelt key: a letter dropped or doubled.
      guard case .key(let key)? = path.last, key.count > 2, let current else { return root }
      let typo = random.chance(0.5) ? String(key.dropLast()) : key + String(key.last!)
      let parent = Array(path.dropLast())
      return Self.replacing(
        (parent + [.key(typo)])[...], in: Self.replacing(path[...], in: root, with: nil), with: current)
    case 6: return Self.replacing(path[...], in: root, with: .string(strangeString()))
    case 7:
      if case .object = current { return Self.replacing(path[...], in: root, with: distribution()) }
      return Self.replacing(path[...], in: root, with: distribution())
    case 8:
      return Self.replacing(
        [.key("network"), .key("trace")][...], in: withoutBandwidth(root), with: traceReference(network: true)
      )
    case 9:
      return Self.replacing(
        [.key("scroll")][...], in: root,
        with: .object([
          ("physics", .string(random.pick(["ios", "ios_fast", "android"]))),
          ("trace", traceReference(network: false)),
        ]))
    case 10:
      // A huge array: a long script, many outages, many strategies.
      let count = random.int(1000..<50_000)
      switch random.int(0..<3) {
      case 0:
        let gesture: JSONValue = .object([("wait", .object([("duration_ms", rawNumber())]))])
        return Self.replacing(
          [.key("scroll")][...], in: root,
          with: .object([("script", .array(Array(repeating: gesture, count: count)))]))
      case 1:
        let outages = (0..<count).map { index in
          JSONValue.object([("start_ms", JSONValue(Double(index) * 10)), ("duration_ms", 5)])
        }
        return Self.replacing([.key("network"), .key("outages")][...], in: root, with: .array(outages))
      default:
        return Self.replacing(
          [.key("strategies")][...], in: root,
          with: .array(Array(repeating: .string("infinite_scroll"), count: count)))
      }
    case 11:
      // A repeat that expands to many gestures.
      let script: JSONValue = .array([
        .object([
          (
            "repeat",
            .object([
              ("count", rawNumber()),
              (
                "script",
                .array([
                  .object([("drag", .object([("velocity_pt_s", rawNumber()), ("duration_ms", rawNumber())]))])
                ])
              ),
            ])
          )
        ])
      ])
      return Self.replacing(
        [.key("scroll"), .key("script")][...],
        in: Self.replacing([.key("scroll"), .key("model")][...], in: root, with: nil), with: script)
    case 12:
      // A synthetic user with extreme parameters.
      let keys = ScenarioDefinitions.behavior.keyNames
      var members: [(key: String, value: JSONValue)] = [
        ("model", .string(random.pick(UserModelName.allCases.map(\.rawValue))))
      ]
      for _ in 0..<random.int(1..<4) {
        let key = random.pick(keys)
        members.append(
          (key, key.hasSuffix("_fraction") || key == "jump_max_item" ? rawNumber() : distribution()))
      }
      if random.chance(0.3) { members.append(("duration_s", rawNumber())) }
      return Self.replacing(
        [.key("scroll")][...], in: root,
        with: .object(Array(members.prefix(while: { $0.key != "duration_s" }))))
    case 13:
      return Self.replacing([.key("name")][...], in: root, with: .string(strangeString()))
    case 14:
      let key = random.pick(["$comment", "$schema", "nmae", "page_sise", "extra"])
      return Self.replacing(path.dropLast() + [.key(key)], in: root, with: anyValue())
    case 15: return newerKey(root)
    default:
      return Self.replacing(path[...], in: root, with: .array([]))
    }
  }

  /// One of the keys most bundled scenarios leave out, so that path mutations seldom reach them,
  /// set to a likely value, a number from the pool or anything: a grid's `feed.columns`, a
  /// changing feed's `feed.changes`, a finger pressing at the end (`scroll.at_end`, with a script
  /// of drags and waits it accepts or a gesture it refuses), `adaptive`'s planner and waste
  /// price, and Glide's `max_preload` under each strategy that takes `media`.
  mutating func newerKey(_ root: JSONValue) -> JSONValue {
    func number() -> JSONValue { random.chance(0.7) ? rawNumber() : anyValue() }
    switch random.int(0..<5) {
    case 0:
      return Self.replacing([.key("feed"), .key("columns")][...], in: root, with: number())
    case 1:
      var members: [(key: String, value: JSONValue)] = []
      for key in ["inserts_per_min", "deletes_per_min"] where random.chance(0.7) {
        members.append((key, number()))
      }
      if random.chance(0.5) {
        let arrivals =
          random.chance(0.7) ? JSONValue.string(random.pick(["poisson", "regular"])) : anyValue()
        members.append(("arrivals", arrivals))
      }
      let changes = random.chance(0.9) ? JSONValue.object(members) : anyValue()
      let opened = Self.replacing([.key("feed"), .key("opens_at")][...], in: root, with: nil)
      return Self.replacing([.key("feed"), .key("changes")][...], in: opened, with: changes)
    case 2:
      let atEnd = random.chance(0.8) ? JSONValue.string("press") : anyValue()
      guard random.chance(0.7) else {
        return Self.replacing([.key("scroll"), .key("at_end")][...], in: root, with: atEnd)
      }
      var gestures: [JSONValue] = []
      for _ in 0..<random.int(1..<6) {
        let gesture: (key: String, value: JSONValue)
        switch random.int(0..<5) {
        case 0: gesture = ("wait", .object([("duration_ms", number())]))
        case 1: gesture = ("fling", .object([("velocity_pt_s", JSONValue(random.double(-5000...9000)))]))
        default:
          let velocity = random.chance(0.3) ? number() : JSONValue(random.double(-2000...9000))
          let duration = random.chance(0.3) ? number() : JSONValue(random.double(1...5000))
          gesture = ("drag", .object([("velocity_pt_s", velocity), ("duration_ms", duration)]))
        }
        gestures.append(.object([gesture]))
      }
      return Self.replacing(
        [.key("scroll")][...], in: root,
        with: .object([
          ("physics", .string(random.pick(["ios", "ios_fast", "android"]))), ("script", .array(gestures)),
          ("at_end", atEnd),
        ]))
    case 3:
      var members: [(key: String, value: JSONValue)] = [("name", .string("adaptive"))]
      if random.chance(0.8) {
        members.append(("planner", random.chance(0.7) ? .string(random.pick(["lead", "mpc"])) : anyValue()))
      }
      if random.chance(0.8) { members.append(("waste_price_ms_per_mb", number())) }
      return Self.replacing([.key("strategies")][...], in: root, with: .array([.object(members)]))
    default:
      let name = random.pick(["compose_paging", "recyclerview", "paging3", "infinite_scroll"])
      var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
      members.append(("media", random.chance(0.8) ? .string("glide") : anyValue()))
      if random.chance(0.8) { members.append(("max_preload", number())) }
      return Self.replacing([.key("strategies")][...], in: root, with: .array([.object(members)]))
    }
  }

  private func withoutBandwidth(_ root: JSONValue) -> JSONValue {
    Self.replacing([.key("network"), .key("bandwidth_kbps")][...], in: root, with: nil)
  }

  /// The scenario's text: the markers of raw numbers spelt out, then perhaps damaged as text
  /// (truncated, a byte changed, a duplicate key).
  mutating func finish(_ root: JSONValue) -> [UInt8] {
    // One pass: every `"\u0001NUM:<literal>"` becomes `<literal>`.
    let text = root.serialized(pretty: random.chance(0.5))
    let marker = Array("\"\\u0001NUM:".utf8)
    let source = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(source.count)
    var index = 0
    while index < source.count {
      if source[index] == marker[0] && source[index...].starts(with: marker) {
        var end = index + marker.count
        while end < source.count && source[end] != UInt8(ascii: "\"") { end += 1 }
        bytes += source[(index + marker.count)..<end]
        index = end + 1
      } else {
        bytes.append(source[index])
        index += 1
      }
    }
    if random.chance(0.08) && !bytes.isEmpty {
      switch random.int(0..<4) {
      case 0: bytes = Array(bytes.prefix(random.int(0..<bytes.count)))
      case 1: bytes[random.int(0..<bytes.count)] = UInt8(random.int(0..<256))
      case 2: bytes.insert(contentsOf: Array(#""name": "dup", "#.utf8), at: 1)
      default: bytes = [0xEF, 0xBB, 0xBF] + bytes
      }
    }
    return bytes
  }
}
