/// Texture's batch-fetch decision, `ASDisplayShouldFetchBatchForContext` (TextureGroup/Texture
/// `ASBatchFetching.mm` @ be0b74b4e23b; its unit tests `Tests/ASBatchFetchingTests.mm`), on either
/// scroll axis: whether a list or a horizontal
/// collection (a carousel, a pager) should ask its delegate for the next batch.
///
/// The rule, in order: never while a batch is in flight (`ASBatchContext` fetching); never with
/// no leading screens or an empty view; always when the content is shorter than the view along
/// the scrolling axis; never when not visible; never while scrolling towards the head (up, or
/// left in a left-to-right layout, right in a right-to-left one); otherwise when the distance
/// left past the view, content − view − target offset, is at most `leadingScreens` views. The
/// axis is vertical when the scrollable directions include a vertical one, else horizontal.
/// The delegate's time-based override (`shouldFetchBatchWithRemainingTime:hint:`) is not
/// modelled. `directional_ranges` decides its pages with it on the vertical axis. O(1).
public enum TextureBatchFetch {
  /// A scroll direction as Texture's `ASScrollDirection` bit set holds it.
  public struct Directions: OptionSet, Sendable, Equatable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let right = Directions(rawValue: 1 << 0)
    public static let left = Directions(rawValue: 1 << 1)
    public static let up = Directions(rawValue: 1 << 2)
    public static let down = Directions(rawValue: 1 << 3)
    /// `ASScrollDirectionVerticalDirections`.
    public static let vertical: Directions = [.up, .down]
    /// `ASScrollDirectionHorizontalDirections`.
    public static let horizontal: Directions = [.left, .right]
  }

  /// A view and its content along both axes, pt (`bounds.size`, `contentSize`, the target
  /// content offset). Lengths >= 0.
  public struct Geometry: Sendable, Equatable {
    public var viewWidthPt: Double
    public var viewHeightPt: Double
    public var contentWidthPt: Double
    public var contentHeightPt: Double
    public var targetXPt: Double
    public var targetYPt: Double

    public init(
      viewWidthPt: Double, viewHeightPt: Double, contentWidthPt: Double, contentHeightPt: Double,
      targetXPt: Double = 0, targetYPt: Double = 0
    ) {
      self.viewWidthPt = viewWidthPt
      self.viewHeightPt = viewHeightPt
      self.contentWidthPt = contentWidthPt
      self.contentHeightPt = contentHeightPt
      self.targetXPt = targetXPt
      self.targetYPt = targetYPt
    }
  }

  /// Whether Texture would begin a batch fetch. `leadingScreens` >= 0 (Texture's
  /// `leadingScreensForBatching`, default 2.0 in `ASCollectionView.mm` and `ASTableView.mm`).
  public static func shouldFetch(
    isFetching: Bool, scrolling direction: Directions, scrollable: Directions, geometry: Geometry,
    leadingScreens: Double, visible: Bool = true, rightToLeft: Bool = false
  ) -> Bool {
    if isFetching { return false }
    // `CGRectIsEmpty`: a view with no width or no height.
    guard leadingScreens > 0, geometry.viewWidthPt > 0, geometry.viewHeightPt > 0 else { return false }
    let vertical = !scrollable.isDisjoint(with: .vertical)
    let viewLength = vertical ? geometry.viewHeightPt : geometry.viewWidthPt
    let offset = vertical ? geometry.targetYPt : geometry.targetXPt
    let contentLength = vertical ? geometry.contentHeightPt : geometry.contentWidthPt
    return decide(
      contentLength: contentLength, viewLength: viewLength, offset: offset, leadingScreens: leadingScreens,
      visible: visible,
      towardHead: direction.contains(.up) || direction.contains(rightToLeft ? .right : .left))
  }

  /// The rule along one axis, from the small-content test on (`shouldFetch` checks the in-flight
  /// batch, the leading screens and the view first): `contentLength` < `viewLength` fetches; not
  /// `visible` or `towardHead` does not; else the remaining distance
  /// `contentLength − viewLength − offset` against `viewLength × leadingScreens`.
  @inline(__always)
  static func decide(
    contentLength: Double, viewLength: Double, offset: Double, leadingScreens: Double, visible: Bool,
    towardHead: Bool
  ) -> Bool {
    if contentLength < viewLength { return true }
    if !visible || towardHead { return false }
    return contentLength - viewLength - offset <= viewLength * leadingScreens
  }
}
