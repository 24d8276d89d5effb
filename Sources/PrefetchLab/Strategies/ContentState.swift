/// The laid-out content at a consultation (`StrategyContext.contentState`), read through the
/// context's helpers (`contentHeightPt`, `rowCount`, …).
public struct ContentState: Sendable, Equatable {
  /// Summed heights of laid-out rows (placeholders included, loading footer excluded), pt, >= 0.
  public var heightPt: Double
  /// Rows laid out: loaded rows with cursor pagination; every row, loaded or placeholder, with
  /// offset pagination once the total is known.
  public var rowCount: Int
  /// Height of the loading footer shown below the last row, pt: `feed.footer_height_pt` while more
  /// pages may come with cursor pagination; 0 once the end is known and with offset pagination
  /// (placeholders stand in for missing rows).
  public var footerHeightPt: Double
  /// The client knows no further page exists (always true with offset pagination once the first
  /// response told the total).
  public var endOfFeedKnown: Bool

  public init(heightPt: Double, rowCount: Int, footerHeightPt: Double, endOfFeedKnown: Bool) {
    self.heightPt = heightPt
    self.rowCount = rowCount
    self.footerHeightPt = footerHeightPt
    self.endOfFeedKnown = endOfFeedKnown
  }
}
