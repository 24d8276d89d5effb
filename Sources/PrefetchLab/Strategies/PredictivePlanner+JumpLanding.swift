extension PredictivePlanner {
  /// Whether the viewport waits at the end of loaded content for the next page: a cursor feed
  /// whose end is not known, the viewport's bottom below the last row (the loading footer on
  /// screen) and a page coming down. O(1).
  static func waitsAtLoadedEnd(_ context: some StrategyContext) -> Bool {
    context.pagination == .cursor && !context.endOfFeedKnown
      && context.viewportBottomPt > context.contentHeightPt && context.isPageInFlight(.down)
  }

  /// Whether this plan starts no image or render because the list follows the end of loaded
  /// content towards a jump's target (`followsLoadedEnd`, set at the jump; kept while the viewport
  /// still waits at the loaded end, cleared for good once it does not). Called after the pages
  /// were planned, so that the page the landing needs is already out.
  ///
  /// Why nothing is fetched for the rows on screen then: blank time counts the loading footer, so
  /// an image saves nothing while it shows; the viewport leaves those rows when the next page
  /// lands (its rows are laid out towards the target, and the list follows them); and on a link of
  /// limited capacity every body started beside the page slows the page, which the user waits for
  /// in a stall. On user-jumper (12 Mbit/s) a 24 kB page alone takes 16 ms on the link, beside the
  /// rows' images 75–83 ms, once for every page on the way to the target. The oracle fetches no
  /// image for rows it will not show, so its pages have the link to themselves: an order, not a
  /// foresight. O(1).
  mutating func holdsImagesForPage(_ context: some StrategyContext) -> Bool {
    followsLoadedEnd = followsLoadedEnd && Self.waitsAtLoadedEnd(context)
    return followsLoadedEnd
  }
}
