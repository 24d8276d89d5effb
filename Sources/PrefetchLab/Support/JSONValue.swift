/// A JSON value (RFC 8259), as read from scenario files and written to `manifest.json`.
///
/// Objects keep their members in document order so that serializing is deterministic and a file
/// reads back as written. Numbers are `Double`s; `isInteger` records whether the literal had no
/// fraction and no exponent (`20`, not `20.0` or `2e1`), so serializing preserves that spelling.
///
/// Parse with `JSONValue(parsing:)`, write with `serialized(pretty:)`.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  /// A finite number. Non-finite values built in code serialize as `null` (as JavaScript's
  /// `JSON.stringify` does), because JSON has no spelling for them.
  case number(Double, isInteger: Bool)
  case string(String)
  case array([JSONValue])
  /// Members in order. Parsed objects never repeat a key (a duplicate is a syntax error); objects
  /// built in code should not either, as the serializer writes members as given.
  case object([(key: String, value: JSONValue)])
}

// MARK: - Convenience

extension JSONValue {
  /// An integer number.
  public init(_ value: Int) { self = .number(Double(value), isInteger: true) }

  /// A number; integral values below 2^53 in magnitude count as integers, so `JSONValue(2.0)`
  /// serializes as `2`.
  public init(_ value: Double) {
    self = .number(value, isInteger: value.rounded(.towardZero) == value && abs(value) < 0x1p53)
  }

  /// The JSON type name used in error messages: null, boolean, number, string, array or object.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// The value of the member named `key` when this is an object holding one; nil otherwise.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.key == key })?.value
  }

  /// The number, when this is one.
  public var doubleValue: Double? {
    if case .number(let value, _) = self { return value }
    return nil
  }

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The boolean, when this is one.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members in order, when this is an object.
  public var objectMembers: [(key: String, value: JSONValue)]? {
    if case .object(let value) = self { return value }
    return nil
  }
}

/// Equality is structural: objects are equal when they hold equal members in the same order, and
/// numbers when both value and `isInteger` match.
extension JSONValue: Equatable {
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a, let aInteger), .number(let b, let bInteger)): return a == b && aInteger == bInteger
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self.init(value) }
  /// Like `init(_: Double)`: `2.0` in code is the integer 2.
  public init(floatLiteral value: Double) { self.init(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// Members in the order written.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact serialization.
  public var description: String { serialized() }
}
