/// A horizontal swipe of one carousel row (`feed.carousel`): the `swipe` gesture of scroll
/// scripts, and what a synthetic user with `swipe_fraction` does at a stop. The vertical list
/// stays put while the finger moves the row; the row's horizontal offset moves linearly from
/// where it was by `distancePt` over `durationMs` (a finger dragging the row at a steady speed,
/// then lifted without momentum), clamped to 0 … the row's `CarouselSpec.maxScrollXPt`. See
/// "Carousel swipes" in docs/model.md.
public struct CarouselSwipe: Sendable, Equatable {
  /// Which row the finger swipes.
  public enum Row: Sendable, Equatable {
    /// The first loaded carousel row, top to bottom, at least half of whose height is on screen
    /// when the swipe starts (the row a user looking at the screen would reach for).
    case firstOnScreen
    /// Item `item` (< `feed.total_items`), if it is then a loaded carousel row on screen.
    case item(Int)
  }

  /// [scroll.script[].swipe.item] The row swiped; absent = `firstOnScreen`. A swipe that finds no
  /// such row when it starts does nothing (its time still passes, the list at rest).
  public var row: Row
  /// [scroll.script[].swipe.distance_pt] −`InputLimits.maxCarouselWidthPt` … +that pt: how far
  /// the row's content moves; positive brings later cells in (the finger moves left).
  public var distancePt: Double
  /// [scroll.script[].swipe.duration_ms] 0 … `InputLimits.maxMilliseconds` ms: how long the
  /// finger moves the row; 0 moves it at once.
  public var durationMs: Double

  public init(row: Row = .firstOnScreen, distancePt: Double, durationMs: Double) {
    self.row = row
    self.distancePt = distancePt
    self.durationMs = durationMs
  }
}

/// A swipe placed on the scroll trace: it starts at `startUs` (µs of trace time) and moves its
/// row for `durationUs` (≥ 0).
public struct ScheduledSwipe: Sendable, Equatable {
  public var startUs: Int64
  public var durationUs: Int64
  public var swipe: CarouselSwipe

  public var endUs: Int64 { startUs + durationUs }
}
