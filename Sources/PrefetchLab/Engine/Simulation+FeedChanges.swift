extension Simulation {
  /// `feed.changes`: row `item`, on screen, counts as shown once its page is applied (a
  /// placeholder shows no item).
  @inline(__always)
  func noteRowShown(_ item: Int) {
    guard feed.changes.isActive, feed.items.mediaState[item] != .unknown else { return }
    feed.changes.rowShown(item, page: feed.plan.page(ofItem: item))
  }

  /// `feed.changes`: the rows of `page` already on screen when it was applied now show items.
  func noteRowsShown(ofPage page: Int) {
    guard feed.changes.isActive else { return }
    for item in feed.plan.items(ofPage: page).clamped(to: visibility.rows) { noteRowShown(item) }
  }
}
