extension Simulation {
  // MARK: Public actions for strategies

  /// A render stage is configured (`render`): rows need rendering before they are complete.
  public var hasRenderStage: Bool { rendersItems }

  /// The item's cell is rendered (always false without a render stage).
  public func isRendered(item: Int) -> Bool {
    rendersItems && item >= 0 && item < render.count && render.rendered[item]
  }

  /// Asks for `item`'s cell to be rendered ahead of visibility (Texture's display range): queued
  /// behind visible rows as soon as the row is renderable (page applied, media loaded), now or
  /// later. Does nothing without a render stage. O(log queued renders).
  public func requestRender(item: Int) {
    guard rendersItems, item >= 0, item < items.count else { return }
    render.ensureCount(item + 1)
    render.wanted[item] = true
    renderIfWanted(item, visible: window.rows.contains(item))
  }

  /// Withdraws a `requestRender`: a queued render of a row that is not on screen is dropped (one
  /// already running finishes). O(1).
  public func cancelRender(item: Int) {
    guard rendersItems, item >= 0, item < render.count else { return }
    render.wanted[item] = false
    dropRenderIfUnwanted(item)
  }

  // MARK: Engine

  /// Rows of a page just applied: those on screen or asked for are queued for rendering.
  /// O(rows of the page).
  func queueRenders(ofNewRows rows: Range<Int>) {
    guard !rows.isEmpty else { return }
    render.ensureCount(rows.upperBound)
    for item in rows where render.wanted[item] || window.rows.contains(item) {
      renderIfWanted(item, visible: window.rows.contains(item))
    }
  }

  /// Queues `item` if it is renderable, not rendered and wanted (on screen, or asked for); a
  /// queued render of a row that comes on screen moves to visible priority.
  func renderIfWanted(_ item: Int, visible: Bool) {
    render.ensureCount(item + 1)
    guard !render.rendered[item], visible || render.wanted[item] else { return }
    let media = items.mediaState[item]
    guard media == .none || media == .loaded else { return }
    switch render.state[item] {
    case .running: return
    case .queued: if visible && render.priority[item] != 0 { render.enqueue(item, priority: 0) }
    case .idle: render.enqueue(item, priority: visible ? 0 : 1)
    }
    pumpRenderQueue()
  }

  /// A row left the screen: its queued render is dropped unless a strategy still wants it.
  func dropRenderIfUnwanted(_ item: Int) {
    guard item < render.count, render.state[item] == .queued, !render.wanted[item] else { return }
    render.dequeue(item)
  }

  /// Starts queued renders while workers are free.
  private func pumpRenderQueue() {
    let workers = renderSpec?.workers ?? 1
    while render.busy < workers, let item = render.popNext() {
      render.state[item] = .running
      render.busy += 1
      let ms = (renderSpec?.timeMs ?? .constant(0)).quantile(
        random.uniform(.renderTime, key: UInt64(item), attempt: UInt64(render.tries[item])))
      render.tries[item] += 1
      schedule(.renderDone, atUs: nowUs + max(0, Int64((ms * 1000).rounded())), subject: item)
    }
  }

  /// A `renderDone` event: the row is complete (unless its media was evicted meanwhile, in which
  /// case the work is lost).
  func finishRender(_ item: Int) {
    render.busy -= 1
    render.state[item] = .idle
    let media = items.mediaState[item]
    if media == .none || media == .loaded {
      render.rendered[item] = true
      markComplete(item, visible: window.rows.contains(item))
    }
    pumpRenderQueue()
  }
}
