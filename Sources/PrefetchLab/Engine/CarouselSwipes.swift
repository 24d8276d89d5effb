/// The carousel swipes of the run's scroll (`ScrollSource.carouselSwipes`), in trace time: which
/// one comes next and the one moving a row now. The row's offset itself is the carousel table's
/// (`CarouselTable.setScrollX`); this component only says where a swipe puts it at an instant.
///
/// A swipe moves its row linearly from the offset it found to that plus its distance over its
/// duration (a finger dragging the row at a steady speed and lifting without momentum; the table
/// clamps to the row). The engine samples it at every frame while it lasts, and finishes it at the
/// first frame at or after its end, at its full distance. See "Carousel swipes" in docs/model.md.
struct CarouselSwipes: Sendable {
  /// A swipe under way on row `item`.
  struct Active: Sendable, Equatable {
    var item: Int
    var fromPt: Double
    var distancePt: Double
    var startUs: Int64
    var durationUs: Int64

    /// The row's offset at trace time `traceUs`, pt (before clamping to the row).
    func offsetPt(atTraceUs traceUs: Int64) -> Double {
      guard durationUs > 0, traceUs < startUs + durationUs else { return fromPt + distancePt }
      let progress = Double(max(0, traceUs - startUs)) / Double(durationUs)
      return fromPt + distancePt * progress
    }

    func isOver(atTraceUs traceUs: Int64) -> Bool { traceUs >= startUs + durationUs }
  }

  private let steps: [ScheduledSwipe]
  private var next = 0
  private(set) var active: Active?
  /// Cells a swipe brings into a row's window on screen load their images
  /// (`PrefetchStrategy.loadsSwipedCells`).
  var loadsCells = true
  /// Cells the strategy's nested list prefetches past a swiped row's window edge at each frame
  /// that moves it (`PrefetchStrategy.carouselSwipePrefetchCells`).
  var prefetchCells = 0
  /// Cells that came into a swiped row's window on screen, with the time
  /// (`Simulation.moveCarouselRow`), in order: what the oracle's planning replays read besides
  /// the rows' windows they saw.
  var reveals: [(item: Int, subItem: Int, timeUs: Int64)] = []

  init(steps: [ScheduledSwipe]) { self.steps = steps }

  /// The run has swipes at all; false keeps every frame free of them.
  var isEmpty: Bool { steps.isEmpty }

  /// Trace time of the next swipe's start, µs; nil when none is left.
  var nextStartTraceUs: Int64? { next < steps.count ? steps[next].startUs : nil }

  /// The next swipe if it starts at or before `traceUs`, taken (each once, in order).
  mutating func takeDue(atTraceUs traceUs: Int64) -> ScheduledSwipe? {
    guard next < steps.count, steps[next].startUs <= traceUs else { return nil }
    next += 1
    return steps[next - 1]
  }

  mutating func begin(_ swipe: Active) { active = swipe }

  /// The swipe under way is over (or its row went away).
  mutating func end() { active = nil }
}
