import Foundation
import PrefetchLab
import PrefetchLabCLI

/// Keeps `lead_screens` screenfuls of loaded content below the viewport; media on visibility.
struct LeadScreens: PrefetchStrategy {
  // Each parameter is declared once, as a typed handle: its name, default, valid range and help
  // are what `list`, scenario files, `--strategy` and the manifest use.
  static let leadScreens = StrategyParameter.Number(
    "lead_screens", default: 1.5, in: 0...20,
    help: "Screenfuls of loaded content to keep below the viewport (our own judgement: 1.5).")

  static let definition = StrategyDefinition(
    LeadScreens.self, name: "lead_screens", summary: "Next page when less than lead_screens remain.",
    source: "our app", parameters: [leadScreens])

  private let lead: Double
  private var shown: Range<Int> = 0..<0

  init(parameters: StrategyParameters) { lead = parameters[Self.leadScreens] }

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if let frontier = context.loadFrontier(.down),
      frontier.edgePt - context.viewportBottomPt < lead * context.viewportHeightPt
    {
      context.requestPage(.down)  // guarded: nothing while a page request is in flight
    }
    let visible = context.visibleItems
    for item in visible where !shown.contains(item) && !context.isMediaInFlight(item: item) {
      context.requestMedia(item: item, priority: .visible)
    }
    shown = visible
    return .everyFrame  // consulted every moving frame: always correct
  }
}

var strategies = StrategyRegistry.builtIn
try strategies.register(LeadScreens.definition)
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst()), strategies: strategies))
