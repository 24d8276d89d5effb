import Foundation
import PrefetchLab
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// A strategy written outside the library against its public API: fetch the next page as soon
/// as nothing is in flight (a "greedy" policy), and every visible row's media.
struct GreedyStrategy: PrefetchStrategy {
  var pagesRequested = 0

  init(parameters: StrategyParameters) {}

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if context.requestPage(.down) { pagesRequested += 1 }
    for item in context.visibleItems { context.requestMedia(item: item, priority: .visible) }
    return .everyFrame
  }
}

@Suite struct CustomStrategyTests {
  static func registry() throws -> StrategyRegistry {
    var registry = StrategyRegistry.builtIn
    try registry.register(
      StrategyDefinition(
        GreedyStrategy.self, name: "greedy", summary: "Next page whenever none is in flight.", source: "test",
        parameters: []))
    return registry
  }

  @Test func registeredStrategyRunsByNameThroughTheCLI() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON(["strategies": #"["greedy", "infinite_scroll"]"#]))
    let terminal = RecordingTerminal()
    let status = CommandLineTool.main(
      ["run", scenario, "--out", folder.path + "/out"], terminal: terminal, strategies: try Self.registry(),
      environment: Gnuplot.absent)
    #expect(status == 0, "\(terminal.stderr)")
    let table = try CSVTable(contentsOfFile: folder.path + "/out/summary.csv")
    #expect(try table.column("strategy") == ["greedy", "infinite_scroll"])
    // 100 items in pages of 10: the greedy fetcher has all 10 pages 100 ms apart; infinite
    // scroll asks only as the user reaches the end (2000 pt of dragging: pages 1…2, then 3).
    #expect(try table.int64("page_requests", row: 0) == 10)
    #expect(try table.int64("items_loaded", row: 0) == 100)
    #expect(try table.int64("page_requests", row: 1)! < 10)
    #expect(terminal.stdout.contains("greedy"))
    // The built-in registry does not know it.
    #expect(runCLI(["run", scenario, "--out", folder.path + "/out2"]).status == 65)
  }

  @Test func registryRejectsDuplicatesAndBadNames() throws {
    var registry = try Self.registry()
    #expect(throws: StrategyError.self) {
      try registry.register(
        StrategyDefinition(GreedyStrategy.self, name: "greedy", summary: "", source: "", parameters: []))
    }
    #expect(throws: StrategyError.self) {
      try registry.register(
        StrategyDefinition(GreedyStrategy.self, name: "Bad Name", summary: "", source: "", parameters: []))
    }
  }
}
