/// `feed.carousel`: some feed items are horizontal rows of sub-items (an app store's "shelves",
/// a streaming app's rows of posters). A carousel row is one item of the vertical feed (pages,
/// thresholds and prefetch distances count it as one row); inside it `subItems` cells of
/// `subItemWidthPt` sit side by side from x = 0, and the row shows the ones whose x range meets
/// its horizontal window [scroll_x, scroll_x + `visibleWidthPt`). Each sub-item may carry an
/// image; the row itself carries none. Which rows are carousels is drawn per item from the
/// run's seed, so every strategy meets the same feed. See "Carousels" in docs/model.md.
public struct CarouselSpec: Sendable, Equatable {
  /// [feed.carousel.row_fraction] 0…1: share of rows that are carousels, drawn per item.
  /// Default 1 (every row).
  public var rowFraction: Double
  /// [feed.carousel.sub_items] 1…`InputLimits.maxCarouselSubItems` cells per carousel row.
  /// Default 10 (a judgement: a store shelf shows about ten apps before "See All").
  public var subItems: Int
  /// [feed.carousel.sub_item_width_pt] (0, `InputLimits.maxCarouselWidthPt`] pt: each cell's
  /// width, spacing included. Default 150 (a judgement: about two and a half cells per 393 pt
  /// screen, the peek of a next cell that invites a swipe).
  public var subItemWidthPt: Double
  /// [feed.carousel.visible_width_pt] (0, `InputLimits.maxCarouselWidthPt`] pt: the row's
  /// horizontal window. Default 393, the iPhone 15 / 16 logical screen width (Apple Human
  /// Interface Guidelines, "Layout" device table; the same table as `viewport.height_pt`'s 852).
  public var visibleWidthPt: Double
  /// [feed.carousel.row_height_pt] Heights of carousel rows, drawn per item; nil = the row's
  /// `feed.item_height_pt` draw. Default nil.
  public var rowHeightPt: Distribution?
  /// [feed.carousel.media_bytes] Bytes of a sub-item's image, drawn per (row, sub-item); nil =
  /// sub-items have no images. Default nil.
  public var mediaBytes: Distribution?
  /// [feed.carousel.media_fraction] 0…1: share of sub-items that carry an image. Default 1.
  public var mediaFraction: Double

  public init(
    rowFraction: Double = 1, subItems: Int = 10, subItemWidthPt: Double = 150, visibleWidthPt: Double = 393,
    rowHeightPt: Distribution? = nil, mediaBytes: Distribution? = nil, mediaFraction: Double = 1
  ) {
    self.rowFraction = rowFraction
    self.subItems = subItems
    self.subItemWidthPt = subItemWidthPt
    self.visibleWidthPt = visibleWidthPt
    self.rowHeightPt = rowHeightPt
    self.mediaBytes = mediaBytes
    self.mediaFraction = mediaFraction
  }

  /// The sub-items whose x range [s × width, (s + 1) × width) meets [scrollXPt, scrollXPt +
  /// visibleWidthPt): a window of whole cells, clamped to the row. O(1).
  public func visibleSubItems(scrollXPt: Double) -> Range<Int> {
    let first = max(0, min(subItems, Int((scrollXPt / subItemWidthPt).rounded(.down))))
    let end = max(first, min(subItems, Int(((scrollXPt + visibleWidthPt) / subItemWidthPt).rounded(.up))))
    return first..<end
  }

  /// The width of sub-item `sub` inside [scrollXPt, scrollXPt + visibleWidthPt), pt.
  public func shownWidthPt(ofSubItem sub: Int, scrollXPt: Double) -> Double {
    let left = Double(sub) * subItemWidthPt
    return max(0, min(scrollXPt + visibleWidthPt, left + subItemWidthPt) - max(scrollXPt, left))
  }

  /// The largest horizontal offset, pt: the last cell's right edge at the window's right edge
  /// (0 when every cell fits).
  public var maxScrollXPt: Double { max(0, Double(subItems) * subItemWidthPt - visibleWidthPt) }
}
