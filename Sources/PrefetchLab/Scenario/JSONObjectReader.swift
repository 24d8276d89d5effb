/// Strict access to one JSON object of a scenario file, read through its `ObjectDefinition`: a
/// key the definition does not hold is a problem (with the closest valid key suggested), and
/// each key's value is checked against the definition's kind and rule.
///
/// Reading never throws: a problem is recorded in the file's `Diagnostics` and the key reads as
/// nil, so the loader goes on to find the other problems of the file. Unknown keys are recorded
/// first, since a typo often explains the other problems of its object. `$comment` (a string) is
/// allowed in every object and ignored; `$schema` at the top level.
struct JSONObjectReader {
  let field: JSONField
  let definition: ObjectDefinition
  let diagnostics: Diagnostics
  private let members: [(key: String, value: JSONValue)]
  private let keys: [String]

  /// nil (after recording the problem) when `field` is not an object.
  init?(
    _ field: JSONField, _ definition: ObjectDefinition, diagnostics: Diagnostics, extraKeys: [String] = [],
    ignoring ignored: [String] = []
  ) {
    guard case .object(let members) = field.value else {
      diagnostics.record(field.typeError(expected: "an object"))
      return nil
    }
    self.field = field
    self.definition = definition
    self.diagnostics = diagnostics
    let keys = definition.keyNames + extraKeys
    self.keys = keys
    var known: [(key: String, value: JSONValue)] = []
    // The parser already rejected duplicate keys, so each unknown key is reported once.
    for member in members {
      if keys.contains(member.key) {
        known.append(member)
      } else if member.key == ObjectDefinition.commentKey || ignored.contains(member.key) {
        if case .string = member.value { continue }
        diagnostics.record(field.member(member.key, member.value).typeError(expected: "a string"))
      } else {
        diagnostics.record(
          field.plainError(
            "unknown key \(ValueText.quoted(field.keyName(member.key)))"
              + ValueText.suggestion(for: member.key, among: keys) + "; valid keys: "
              + Self.validKeysText(keys)))
      }
    }
    self.members = known
  }

  /// The valid keys as an unknown-key error lists them. An object that takes no parameters
  /// (`{ "refresh": {} }`) still takes `$comment`, and says so rather than list nothing.
  static func validKeysText(_ keys: [String]) -> String {
    keys.isEmpty
      ? "\(ObjectDefinition.commentKey) only (this object takes no parameters: write {})"
      : ValueText.list(keys)
  }

  func contains(_ key: String) -> Bool {
    assert(keys.contains(key), "\(key) is not declared")
    return members.contains(where: { $0.key == key })
  }

  /// The member `key` as it stands, or nil when absent.
  func member(_ key: String) -> JSONField? {
    assert(keys.contains(key), "\(key) is not declared")
    guard let member = members.first(where: { $0.key == key }) else { return nil }
    return field.member(key, member.value)
  }

  /// The member `key`; nil after recording `missing required key 'key'` when absent.
  func required(_ key: String) -> JSONField? {
    if let member = member(key) { return member }
    diagnostics.record(field.plainError("missing required key '\(field.keyName(key))'"))
    return nil
  }

  /// The member `key` read by `body`: nil when absent (recording a problem when the definition
  /// requires it) or when `body` throws (recording what it threw).
  func read<Value>(_ key: String, _ body: (JSONField) throws(InputError) -> Value) -> Value? {
    let isRequired = definition.key(key)?.isRequired ?? false
    guard let member = isRequired ? required(key) : member(key) else { return nil }
    return diagnostics.attempt { () throws(InputError) -> Value in try body(member) }
  }

  /// Records a problem found by a rule that combines keys.
  func report(_ error: InputError) { diagnostics.record(error) }

  private func kind(_ key: String) -> ValueKind {
    guard let kind = definition.key(key)?.kind else { preconditionFailure("\(key) is not defined") }
    return kind
  }

  func number(_ key: String) -> Double? {
    guard case .number(let rule) = kind(key) else { preconditionFailure("\(key) is not a number") }
    return read(key) { field throws(InputError) in try field.number(rule) }
  }

  func integer(_ key: String) -> Int? {
    guard case .integer(let rule) = kind(key) else { preconditionFailure("\(key) is not an integer") }
    return read(key) { field throws(InputError) in try field.integer(rule) }
  }

  func bool(_ key: String) -> Bool? {
    read(key) { field throws(InputError) in try field.bool() }
  }

  func text(_ key: String) -> String? {
    guard case .text(let rule) = kind(key) else { preconditionFailure("\(key) is not text") }
    return read(key) { field throws(InputError) in try field.text(rule) }
  }

  func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) -> Choice?
  where Choice.RawValue == String {
    read(key) { field throws(InputError) in try field.choice(type) }
  }

  func distribution(_ key: String) -> Distribution? {
    guard case .distribution(let rule) = kind(key) else {
      preconditionFailure("\(key) is not a distribution")
    }
    return read(key) { field throws(InputError) in try ScenarioLoader.distribution(from: field, rule: rule) }
  }

  /// The member `key` as an object of `definition` (the key's own when nil).
  func object(_ key: String, _ definition: ObjectDefinition? = nil) -> JSONObjectReader? {
    let isRequired = self.definition.key(key)?.isRequired ?? false
    guard let member = isRequired ? required(key) : member(key) else { return nil }
    guard let definition = definition ?? objectDefinition(key) else {
      preconditionFailure("\(key) is not an object")
    }
    return JSONObjectReader(member, definition, diagnostics: diagnostics)
  }

  private func objectDefinition(_ key: String) -> ObjectDefinition? {
    switch kind(key) {
    case .object(let definition): return definition
    case .alternatives(let kinds):
      for kind in kinds { if case .object(let definition) = kind { return definition } }
      return nil
    default: return nil
    }
  }

  /// The single member among `choices` that is present, with its key; nil after recording a
  /// problem when none or more than one is present.
  func exactlyOne(of choices: [String]) -> (key: String, field: JSONField)? {
    let present = choices.filter(contains)
    let names = ValueText.list(choices.map(field.keyName))
    guard present.count == 1, let member = member(present[0]) else {
      if present.isEmpty {
        report(field.plainError("needs exactly one of \(names), got none"))
      } else {
        report(
          field.plainError("needs exactly one of \(names), got \(ValueText.list(present.map(field.keyName)))")
        )
      }
      return nil
    }
    return (present[0], member)
  }
}

extension JSONObjectReader {
  /// A reader for files that report one problem at a time (population files): the first problem
  /// of the object — not an object, an unknown key — is thrown at once.
  static func strict(_ field: JSONField, keys: [String]) throws(InputError) -> JSONObjectReader {
    let diagnostics = Diagnostics()
    let definition = ObjectDefinition(
      field.path.location, keys: keys.map { KeyDefinition($0, .boolean, summary: "") })
    let reader = JSONObjectReader(field, definition, diagnostics: diagnostics)
    try diagnostics.throwIfAny()
    guard let reader else { throw field.typeError(expected: "an object") }
    return reader
  }

  /// The member `key`, or the error `missing required key 'key'` thrown.
  func requiredMember(_ key: String) throws(InputError) -> JSONField {
    guard let member = member(key) else {
      throw field.plainError("missing required key '\(field.keyName(key))'")
    }
    return member
  }
}
