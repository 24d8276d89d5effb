/// Per-page state, indexed by page. Grows on first write, so a feed of billions of items costs
/// only the pages touched; unwritten pages read as their default.
struct PageTable: Sendable {
  var applied = GrowingArray(default: false)
  /// Delivered, rows about to be inserted.
  var applyPending = GrowingArray(default: false)
  /// Completed page request whose rows have not been on screen yet, or -1.
  var awaitingUse = GrowingArray<Int32>(default: -1)
  /// Latest active request for the page, or -1.
  var activeRequest = GrowingArray<Int32>(default: -1)
  /// Delivered at least once.
  var everDelivered = GrowingArray(default: false)
  /// Network attempts made so far for the page (the next attempt's try number).
  var tries = GrowingArray<UInt32>(default: 0)
  /// The lowest request id whose response for the page may still be inserted. A drop at the end
  /// of the applied run next to the page raises it past every request issued so far: the loads
  /// out towards that end were aimed at an edge that has moved (`FeedState.drop`).
  var firstCurrentRequest = GrowingArray<Int32>(default: 0)
}
