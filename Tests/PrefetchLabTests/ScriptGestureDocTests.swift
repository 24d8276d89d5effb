import Foundation
import Testing

@testable import PrefetchLab

/// The gesture example of docs/scenario-format.md ("`scroll.script`: gestures") loads and means
/// what the section says: a wait, twenty drag–fling–wait cycles, a jump back to the top.
@Suite struct ScriptGestureDocTests {
  @Test func gestureExampleLoadsAsDescribed() throws {
    let docPath = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/scenario-format.md").path
    let doc = try String(contentsOfFile: docPath, encoding: .utf8)
    let blocks = doc.components(separatedBy: "```json\n").dropFirst()
      .compactMap { $0.components(separatedBy: "```").first }
      .filter { $0.hasPrefix("\"script\"") }
    #expect(blocks.count == 1)
    let scenario = try ScenarioFixture.load(
      "{\"name\": \"doc\", \"scroll\": {" + (blocks.first ?? "") + "}}", file: "docs/scenario-format.md")
    let cycle: [Gesture] = [
      .drag(velocityPtS: 900, durationMs: 250), .fling(velocityPtS: 2400), .wait(durationMs: 3000),
    ]
    let expected: [Gesture] =
      [.wait(durationMs: 1000)] + Array(repeating: cycle, count: 20).flatMap { $0 } + [.jump(.offsetPt(0))]
    #expect(scenario.scroll.source == .script(expected))
  }
}
