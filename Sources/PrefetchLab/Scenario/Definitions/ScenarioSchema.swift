/// The JSON Schema (draft 2020-12) of scenario files, generated from `ScenarioDefinitions` — the
/// definitions the loader reads through — and from the strategy registry's parameters: types,
/// units (in descriptions), ranges, enumerations, defaults, required and exclusive keys.
///
/// The schema is what an editor can check as you type. The loader checks more: rules between
/// values (`uniform.max` >= `uniform.min`, outages in order, a jump's item below
/// `feed.total_items`, the whole feed's size), distribution tails, and that trace files exist and
/// parse. A file the schema rejects, the loader rejects too.
public enum ScenarioSchema {
  public static let dialect = "https://json-schema.org/draft/2020-12/schema"

  /// The schema document. `strategies`: the registry's definitions (names and parameters).
  public static func document(strategies: [StrategyDefinition]) -> JSONValue {
    var root = objectSchema(ScenarioDefinitions.root, strategies: strategies)
    root.insert(("$schema", .string(dialect)), at: 0)
    root.insert(("title", "PrefetchLab scenario"), at: 1)
    root.insert(
      (
        "description",
        "One user, one feed, one network and the strategies to compare (docs/scenario-format.md)."
      ), at: 2)
    root = root.map { member in
      guard member.key == "properties", case .object(var properties) = member.value else { return member }
      properties.insert(
        ("$schema", ["type": "string", "description": "The schema this file follows (not read)."]), at: 0)
      return (member.key, .object(properties))
    }
    var definitions: [(key: String, value: JSONValue)] = []
    for rule in [
      ScenarioDefinitions.timeMs, ScenarioDefinitions.bytes, ScenarioDefinitions.heightPt,
      ScenarioDefinitions.speedPtS,
    ] {
      definitions.append(("distribution_" + rule.name, distributionSchema(rule)))
    }
    definitions.append(
      (
        "script",
        .object([
          ("type", "array"), ("minItems", 1),
          ("items", .object(objectSchema(ScenarioDefinitions.gesture, strategies: strategies))),
        ])
      ))
    root.append(("$defs", .object(definitions)))
    return .object(root)
  }

  static let comment: JSONValue = ["type": "string", "description": "A note for people; not read."]

  static func objectSchema(_ definition: ObjectDefinition, strategies: [StrategyDefinition]) -> [(
    key: String, value: JSONValue
  )] {
    var keys = definition.keys
    if definition.name == "scroll" {
      keys += ScenarioDefinitions.behavior.keys + ScenarioDefinitions.mixed.keys
    }
    var properties: [(key: String, value: JSONValue)] = keys.map {
      ($0.name, keySchema($0, strategies: strategies))
    }
    properties.append((ObjectDefinition.commentKey, comment))
    var members: [(key: String, value: JSONValue)] = [
      ("type", "object"), ("properties", .object(properties)),
    ]
    let required = definition.keys.filter(\.isRequired).map { JSONValue.string($0.name) }
    if !required.isEmpty { members.append(("required", .array(required))) }
    members.append(("additionalProperties", false))
    var all: [JSONValue] = []
    for group in definition.exactlyOneOf {
      all.append(["oneOf": .array(group.map { ["required": [JSONValue.string($0)]] })])
    }
    for (key, needs) in definition.requires {
      all.append(["dependentRequired": .object([(key: key, value: .array([.string(needs)]))])])
    }
    for (first, second) in definition.excludes {
      all.append(["not": ["required": [JSONValue.string(first), JSONValue.string(second)]]])
    }
    if definition.name == "scroll" { all += scrollConditions() }
    if definition.name == "scroll.trace" {
      // touch_csv needs the density, offset_csv may not have one.
      all.append([
        "if": ["required": ["format"], "properties": ["format": ["const": "touch_csv"]]],
        "then": ["required": ["density"]], "else": ["not": ["required": ["density"]]],
      ])
    }
    if !all.isEmpty { members.append(("allOf", .array(all))) }
    return members
  }

  /// Which keys `scroll` may hold depends on its `model`.
  static func scrollConditions() -> [JSONValue] {
    let common = ScenarioDefinitions.scroll.keyNames + [ObjectDefinition.commentKey]
    func names(_ keys: [String]) -> JSONValue { ["enum": .array(keys.map { .string($0) })] }
    let singles = UserModelName.behaviours.map { JSONValue.string($0.rawValue) }
    return [
      [
        "if": ["required": ["model"], "properties": ["model": ["const": "mixed"]]],
        "then": ["propertyNames": names(common + ScenarioDefinitions.mixed.keyNames)],
      ],
      [
        "if": ["required": ["model"], "properties": ["model": ["enum": .array(singles)]]],
        "then": ["propertyNames": names(common + ScenarioDefinitions.behavior.keyNames)],
      ],
      ["if": ["not": ["required": ["model"]]], "then": ["propertyNames": names(common)]],
    ]
  }

  static func keySchema(_ key: KeyDefinition, strategies: [StrategyDefinition]) -> JSONValue {
    var members = kindSchema(key.kind, strategies: strategies)
    let unit = key.unit.map { " Unit: \($0)." } ?? ""
    members.append(("description", .string(key.summary + unit)))
    if let value = key.defaultValue { members.append(("default", value)) }
    return .object(members)
  }

  static func kindSchema(_ kind: ValueKind, strategies: [StrategyDefinition]) -> [(
    key: String, value: JSONValue
  )] {
    switch kind {
    case .number(let rule): return [("type", "number")] + rule.schemaKeywords
    case .integer(let rule): return [("type", "integer")] + rule.schemaKeywords
    case .text(let rule):
      switch rule {
      case .name(let maximumLength):
        return [
          ("type", "string"), ("minLength", 1), ("maxLength", JSONValue(maximumLength)),
          ("pattern", .string("^[^\(unsafe)]*[^\\s\(unsafe)][^\(unsafe)]*$")),
        ]
      case .freeText: return [("type", "string"), ("pattern", .string("^[^\(unsafeButTabAndNewline)]*$"))]
      case .path: return [("type", "string"), ("minLength", 1), ("pattern", "^[^\\u0000]*$")]
      }
    case .boolean: return [("type", "boolean")]
    case .choice(let names): return [("enum", .array(names.map { .string($0) }))]
    case .distribution(let rule): return [("$ref", .string("#/$defs/distribution_" + rule.name))]
    case .object(let definition): return objectSchema(definition, strategies: strategies)
    case .array(let element, let minimumCount):
      return [
        ("type", "array"), ("minItems", JSONValue(minimumCount)),
        ("items", .object(kindSchema(element, strategies: strategies))),
      ]
    case .alternatives(let kinds):
      return [("anyOf", .array(kinds.map { .object(kindSchema($0, strategies: strategies)) }))]
    case .script: return [("$ref", "#/$defs/script")]
    case .strategies: return strategiesSchema(strategies)
    }
  }

  /// Control characters, separators and bidirectional controls (`TextRule.isUnsafeInName`).
  static let unsafe = "\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069"
  static let unsafeButTabAndNewline =
    "\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069"

  /// A number, or an object naming one family with its parameters.
  static func distributionSchema(_ rule: DrawRule) -> JSONValue {
    let constant = JSONValue.object([("type", "number")] + rule.constantRule.schemaKeywords)
    let maximum = JSONValue(rule.maximum)
    func family(_ parameters: [(String, JSONValue)]) -> JSONValue {
      .object([
        ("type", "object"),
        ("properties", .object(parameters.map { ($0.0, $0.1) } + [(ObjectDefinition.commentKey, comment)])),
        ("required", .array(parameters.map { .string($0.0) })), ("additionalProperties", false),
      ])
    }
    let positiveAtMost: JSONValue = ["type": "number", "exclusiveMinimum": 0, "maximum": maximum]
    let families: [(key: String, value: JSONValue)] = [
      ("constant", constant),
      ("uniform", family([("min", constant), ("max", ["type": "number", "maximum": maximum])])),
      (
        "normal",
        family([("mean", ["type": "number", "maximum": maximum]), ("sd", ["type": "number", "minimum": 0])])
      ),
      (
        "lognormal",
        [
          "anyOf": [
            family([("median", positiveAtMost), ("sigma", ["type": "number", "minimum": 0])]),
            lognormalQuantilesSchema(),
          ]
        ]
      ),
      ("pareto", family([("scale", positiveAtMost), ("shape", ["type": "number", "exclusiveMinimum": 0])])),
      ("empirical", ["type": "array", "minItems": 1, "items": constant]),
    ]
    let object: JSONValue = .object([
      ("type", "object"), ("properties", .object(families + [(ObjectDefinition.commentKey, comment)])),
      ("additionalProperties", false),
      ("oneOf", .array(families.map { ["required": [JSONValue.string($0.key)]] })),
    ])
    let support = rule.support == .nonNegative ? ">= 0" : "> 0"
    return .object([
      (
        "description",
        .string(
          "A number, or one of constant, uniform, normal, lognormal, pareto, empirical; every draw \(support)"
            + " and at most \(DecimalFormat.shortest(rule.maximum)) (tails are capped there).")
      ),
      ("anyOf", [constant, object]),
    ])
  }

  /// Exactly two of p50/p90/p95/p99 (each pair is one `oneOf` branch, so three keys match three
  /// branches and fail); the order of their values is the loader's rule.
  static func lognormalQuantilesSchema() -> JSONValue {
    let keys = LognormalQuantiles.keys
    var pairs: [JSONValue] = []
    for (index, low) in keys.enumerated() {
      for high in keys[(index + 1)...] { pairs.append(["required": [.string(low), .string(high)]]) }
    }
    let positive: JSONValue = ["type": "number", "exclusiveMinimum": 0]
    return .object([
      ("type", "object"),
      ("properties", .object(keys.map { ($0, positive) } + [(ObjectDefinition.commentKey, comment)])),
      ("additionalProperties", false), ("oneOf", .array(pairs)),
    ])
  }

  /// Names, or objects with `name` and the strategy's parameters, from the registry.
  static func strategiesSchema(_ strategies: [StrategyDefinition]) -> [(key: String, value: JSONValue)] {
    var forms: [JSONValue] = [["enum": .array(strategies.map { .string($0.name) })]]
    for strategy in strategies {
      var properties: [(key: String, value: JSONValue)] = [("name", ["const": .string(strategy.name)])]
      for parameter in strategy.parameters {
        var schema: [(key: String, value: JSONValue)]
        switch parameter.kind {
        case .number(let range):
          schema = [
            ("type", "number"), ("minimum", JSONValue(range.lowerBound)),
            ("maximum", JSONValue(range.upperBound)),
          ]
        case .integer(let range):
          schema = [
            ("type", "integer"), ("minimum", JSONValue(range.lowerBound)),
            ("maximum", JSONValue(range.upperBound)),
          ]
        case .bool: schema = [("type", "boolean")]
        case .choice(let words): schema = [("enum", .array(words.map { .string($0) }))]
        case .integerOrKeyword(let range, let keyword):
          schema = [
            (
              "anyOf",
              [
                [
                  "type": "integer", "minimum": JSONValue(range.lowerBound),
                  "maximum": JSONValue(range.upperBound),
                ],
                ["const": .string(keyword)],
              ]
            )
          ]
        case .numberOrKeyword(let range, let keyword):
          schema = [
            (
              "anyOf",
              [
                [
                  "type": "number", "minimum": JSONValue(range.lowerBound),
                  "maximum": JSONValue(range.upperBound),
                ],
                ["const": .string(keyword)],
              ]
            )
          ]
        }
        schema.append(("description", .string(parameter.help)))
        switch parameter.defaultValue {
        case .number(let value): schema.append(("default", JSONValue(value)))
        case .bool(let flag): schema.append(("default", .bool(flag)))
        case .string(let text): schema.append(("default", .string(text)))
        }
        properties.append((parameter.name, .object(schema)))
      }
      properties.append((ObjectDefinition.commentKey, comment))
      forms.append(
        .object([
          ("type", "object"), ("description", .string(strategy.summary)), ("properties", .object(properties)),
          ("required", ["name"]), ("additionalProperties", false),
        ]))
    }
    return [("type", "array"), ("items", ["anyOf": .array(forms)])]
  }
}
