extension ScenarioLoader {
  /// `strategies`: entries are a name (`"infinite_scroll"`) or an object with `name` and any
  /// parameters (`{"name": "fixed_threshold", "ratio": 0.7}`) whose values are numbers, booleans or
  /// strings. Which names and parameters exist is the registry's business: with the context's
  /// registry each entry is configured here, the only time it is (nil `configured` without one).
  static func strategyEntries(from field: JSONField, context: Context) -> [(
    spec: StrategySpec, configured: ConfiguredStrategy?
  )] {
    let diagnostics = context.diagnostics
    guard let elements = diagnostics.attempt({ () throws(InputError) in try field.array() }) else {
      return []
    }
    var entries: [(spec: StrategySpec, configured: ConfiguredStrategy?)] = []
    // Where each spec was first listed: a list of n entries is checked in O(n), not O(n²).
    var firstListed: [StrategySpec: Int] = [:]
    for (index, element) in elements.enumerated() {
      guard let spec = diagnostics.attempt({ () throws(InputError) in try strategySpec(from: element) })
      else {
        continue
      }
      // The same strategy twice would produce two identical rows per seed in summary.csv.
      if let earlier = firstListed[spec] {
        diagnostics.record(
          element.plainError("repeats \(field.path.location)[\(earlier)] (same name and parameters)"))
        continue
      }
      firstListed[spec] = index
      var configured: ConfiguredStrategy? = nil
      if let registry = context.registry {
        do throws(StrategyError) {
          configured = try registry.configure(spec)
        } catch {
          let location =
            element.path.location + (error.parameter.map { "." + ValueText.escapingUnsafe($0) } ?? "")
          diagnostics.record(
            InputError(
              file: element.file, location: location, message: ValueText.escapingUnsafe(error.description)))
        }
      }
      entries.append((spec, configured))
    }
    return entries
  }

  static func strategySpec(from field: JSONField) throws(InputError) -> StrategySpec {
    switch field.value {
    case .string:
      return StrategySpec(name: try field.nonBlankString())
    case .object(let members):
      guard let nameMember = members.first(where: { $0.key == "name" }) else {
        throw field.plainError("missing required key 'name'")
      }
      let name = try field.member("name", nameMember.value).nonBlankString()
      var parameters: [String: ParameterValue] = [:]
      for (key, value) in members where key != "name" && key != ObjectDefinition.commentKey {
        let parameter = field.member(key, value)
        switch value {
        case .number(let number, _): parameters[key] = .number(number)
        case .bool(let flag): parameters[key] = .bool(flag)
        case .string(let text):
          if let violation = TextRule.freeText.violation(by: text) {
            throw parameter.error(violation, got: ValueText.string(text))
          }
          parameters[key] = .string(text)
        case .null, .array, .object:
          throw parameter.typeError(expected: "a number, true, false or a string")
        }
      }
      return StrategySpec(name: name, parameters: parameters)
    default:
      throw field.typeError(expected: "a strategy name or an object with \"name\" and parameters")
    }
  }
}
