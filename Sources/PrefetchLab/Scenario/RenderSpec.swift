/// The render stage ([render]): before a row can show, its cell is laid out, drawn and its image
/// decoded, on background worker threads — Texture's asynchronous display and
/// asynchronous cell drawing. With a render stage an item is complete only once its page is
/// applied, its media (if any) loaded and its cell rendered.
///
/// Rendering starts when the row is renderable (page applied, media loaded) and wanted: on screen
/// for every strategy (a visible cell must be drawn), and ahead of the viewport for strategies that
/// ask (`StrategyContext.setRenderWanted`: directional_ranges renders its display range, as Texture
/// does). Queued renders run visible first, then ahead, first come first served; a queued render
/// of a row that scrolls away before it starts is dropped, one already running finishes. A
/// rendering lasts as long as the row's media stays in memory (the decoded image is what is kept).
public struct RenderSpec: Sendable, Equatable {
  /// [time_ms] Render and decode time of one cell, ms, drawn per item and render. Required.
  public var timeMs: Distribution
  /// [workers] Renders that can run at once, >= 1. Default 2: the performance cores of an
  /// A15–A18 iPhone (2 performance + 4 efficiency cores), where decode work competes with the
  /// main thread.
  public var workers: Int

  public init(timeMs: Distribution, workers: Int = 2) {
    self.timeMs = timeMs
    self.workers = workers
  }
}
