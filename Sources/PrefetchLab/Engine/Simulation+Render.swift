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
  /// case the work is lost).
  func finishRender(_ item: Int) {
    if render.finished(item, renderable: isRenderable(item)) {
      markComplete(item, visible: visibility.rows.contains(item))
    }
    startRenders()
  }
}
