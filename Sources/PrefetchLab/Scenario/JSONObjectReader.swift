/// Strict access to one JSON object of a scenario file: the keys it may hold are declared up
/// front, so a misspelt key fails at once with the list of valid keys, before any rule about the
/// keys that were spelt right (a typo often explains the other errors).
struct JSONObjectReader {
  let field: JSONField
  let keys: [String]
  private let members: [(key: String, value: JSONValue)]

  /// - Throws: when `field` is not an object or holds a key not in `keys`.
  init(_ field: JSONField, keys: [String]) throws(InputError) {
    guard case .object(let members) = field.value else { throw field.typeError(expected: "an object") }
    self.field = field
    self.keys = keys
    self.members = members
    // The parser already rejected duplicate keys, so the first unknown key is the only spelling.
    if let unknown = members.first(where: { !keys.contains($0.key) }) {
      throw field.plainError(
        "unknown key '\(field.keyName(unknown.key))'; valid keys: \(ValueText.list(keys))")
    }
  }

  func contains(_ key: String) -> Bool {
    assert(keys.contains(key), "\(key) is not declared")
    return members.contains(where: { $0.key == key })
  }

  /// The member `key`, or nil when absent.
  func optional(_ key: String) -> JSONField? {
    assert(keys.contains(key), "\(key) is not declared")
    guard let member = members.first(where: { $0.key == key }) else { return nil }
    return field.member(key, member.value)
  }

  /// The member `key`.
  /// - Throws: `missing required key 'key'` at this object's path.
  func required(_ key: String) throws(InputError) -> JSONField {
    guard let member = optional(key) else {
      throw field.plainError("missing required key '\(field.keyName(key))'")
    }
    return member
  }

  /// The single member among `choices` that is present, with its key.
  /// - Throws: when none or more than one is present.
  func exactlyOne(of choices: [String]) throws(InputError) -> (key: String, field: JSONField) {
    let present = choices.filter(contains)
    let names = ValueText.list(choices.map(field.keyName))
    guard present.count == 1, let member = optional(present[0]) else {
      if present.isEmpty {
        throw field.plainError("needs exactly one of \(names), got none")
      }
      throw field.plainError(
        "needs exactly one of \(names), got \(ValueText.list(present.map(field.keyName)))")
    }
    return (present[0], member)
  }
}
