extension Simulation {
  /// Rows of a page just applied: those on screen or asked for are offered for rendering.
  /// O(rows of the page).
  func queueRenders(ofNewRows rows: Range<Int>) {
    guard !rows.isEmpty else { return }
    render.prepare(upTo: rows.upperBound)
    for item in rows where render.table.wanted[item] || visibility.rows.contains(item) {
      offerRender(item, visible: visibility.rows.contains(item))
    }
  }

  /// Offers `item` to the render stage (it queues it if it is renderable, not rendered and
  /// wanted) and starts what free workers can take.
  func offerRender(_ item: Int, visible: Bool) {
    let renderable = item < feed.items.count && isRenderable(item)
    if render.offer(item, visible: visible, renderable: renderable) { startRenders() }
  }

  /// Starts queued renders while workers are free.
  private func startRenders() {
    while let job = render.startNext() {
      events.schedule(.renderDone, atUs: nowUs + job.durationUs, .item(job.item))
    }
  }

  /// A `renderDone` event: the row is complete (unless its media was evicted meanwhile, in which
  /// case the work is lost). A render a refresh made pointless ends for nothing; the row the new
  /// list put there may already be waiting for it, so it is offered again.
  func finishRender(_ item: Int) {
    let renderable = item < feed.items.count && isRenderable(item)
    if render.finished(item, renderable: renderable) {
      markComplete(item, visible: visibility.rows.contains(item))
    } else if renderable {
      offerRender(item, visible: visibility.rows.contains(item))
    }
    startRenders()
  }
}
