import Foundation
import Testing

@testable import PrefetchLab

/// An unknown key's error lists the keys its object takes, for every object of the scenario
/// format. The rule cases pick objects by hand, one typo each, so an object with no keys of its
/// own (`{ "refresh": {} }`) was never tried and its error ended in an empty "valid keys:".
@Suite struct UnknownKeyListTests {
  /// Every object definition the loader reads a scenario file with, reached from the root through
  /// the kinds of its keys (objects, arrays, alternatives, gesture lists), each once.
  static var reachableObjects: [ObjectDefinition] {
    var found: [ObjectDefinition] = []
    func visit(_ kind: ValueKind) {
      switch kind {
      case .object(let object): visit(object)
      case .array(let element, _): visit(element)
      case .alternatives(let kinds): kinds.forEach(visit)
      case .script: visit(ScenarioDefinitions.gesture)
      case .number, .integer, .text, .boolean, .choice, .distribution, .strategies: break
      }
    }
    func visit(_ object: ObjectDefinition) {
      guard !found.contains(where: { $0.name == object.name }) else { return }
      found.append(object)
      for key in object.keys { visit(key.kind) }
    }
    visit(ScenarioDefinitions.root)
    ScenarioDefinitions.documentedObjects.forEach(visit)
    return found
  }

  @Test func theWalkReachesEveryKindOfObject() {
    let names = Set(Self.reachableObjects.map(\.name))
    for name in [
      "scenario", "feed", "feed.changes", "network.retry", "network.outages[]", "scroll.script[]", "refresh",
      "repeat",
    ] {
      #expect(names.contains(name), "\(name) not reached: \(names.sorted())")
    }
    #expect(names.count >= ScenarioDefinitions.documentedObjects.count + 1)
  }

  @Test(arguments: reachableObjects.map(\.name)) func anUnknownKeyListsTheValidOnes(_ name: String) throws {
    let object = try #require(Self.reachableObjects.first { $0.name == name })
    let diagnostics = Diagnostics()
    let field = JSONField(
      value: .object([("zz_not_a_key", .number(1, isInteger: true))]), path: .root, file: "x.json")
    _ = JSONObjectReader(field, object, diagnostics: diagnostics)
    let message = try #require(diagnostics.errors.first?.message)
    let listed = try #require(message.range(of: "; valid keys: ")).upperBound
    let list = message[listed...]
    #expect(!list.trimmingCharacters(in: .whitespaces).isEmpty, "\(name): \(message)")
    for key in object.keyNames { #expect(list.contains(key), "\(name): \(key) missing from \(message)") }
    if object.keys.isEmpty { #expect(list.hasPrefix("$comment only"), "\(message)") }
  }
}
