/// Flutter `ListView.builder` under infinite_scroll_pagination v5 (`PagedListView`): the
/// viewport builds every child within `cache_extent_pt` of either edge, and building an item near
/// the end of the loaded items asks for the next page.
///
/// - Built rows: those intersecting [top − `cache_extent_pt`, bottom + `cache_extent_pt`), the
///   same on both sides whatever the scroll direction (`RenderAbstractViewport.defaultCacheExtent`
///   = 250 logical px, one pt here). Building a row starts its image and, with a render stage,
///   renders it; a row leaving that band is disposed, its unfinished image cancelled
///   (`MountedRows`).
/// - Trigger: an item built (newly, or rebuilt because a new paging state arrived) whose index
///   is at least `max(0, len − 1 − invisible_items_threshold)`, `len` the loaded items, asks for
///   the next page unless the next page is already out or the list asked and no new state came
///   since (`_hasRequestedNextPage`, cleared when a page arrives; `PagingController.fetchNextPage`
///   returns while an operation runs). One fetch at a time, and no placeholders: the list holds
///   the loaded items. A page too short to move the trigger item out of the built rows asks for
///   the next one at once, since the rebuild builds an item past the trigger again.
/// - A page that fails for good shows the package's error indicator; the user's tap on retry is
///   modelled as the app asking again at once (careful code, as `flatlist` re-arms).
///
/// Sources: flutter/flutter `packages/flutter/lib/src/rendering/viewport.dart` @ 001fc4d51d2d
/// (`defaultCacheExtent = 250.0`, the cache area on both sides); EdsonBueno/infinite_scroll_pagination
/// @ 23ad195628f2 (v5.1.1) `lib/src/base/paged_layout_builder.dart` (the trigger and
/// `_hasRequestedNextPage`), `lib/src/core/paging_controller.dart` (`fetchNextPage`'s guards),
/// `lib/src/widgets/helpers/paged_child_builder_delegate.dart` (`invisibleItemsThreshold = 3`).
///
/// Time advance: a frame does something only when the built rows change (the trigger reads only
/// the rows newly built) or, with media, when a row enters the viewport (media evicted meanwhile
/// is asked for again); so it declares quiet the tops over which the built rows stay, checked
/// against the band's own expression (`RowWindow.heldTopsPt`), and the rows shown.
public struct FlutterPagination: PrefetchStrategy {
  public static let cacheExtentPt = StrategyParameter.Number(
    "cache_extent_pt", default: 250, in: 0...100_000,
    help:
      "pt built beyond each edge of the viewport, both sides whatever the direction "
      + "(RenderAbstractViewport.defaultCacheExtent 250, viewport.dart).")
  public static let invisibleItemsThreshold = StrategyParameter.Integer(
    "invisible_items_threshold", default: 3, in: 0...1_000_000,
    help:
      "Building an item at index >= loaded items - 1 - this asks for the next page "
      + "(invisibleItemsThreshold 3, infinite_scroll_pagination paged_child_builder_delegate.dart).")

  public static let definition = StrategyDefinition(
    FlutterPagination.self, name: "flutter_pagination",
    summary:
      "Flutter ListView + infinite_scroll_pagination v5: rows built within cache_extent_pt of the viewport; "
      + "building one of the last invisible_items_threshold + 1 items asks for the next page.",
    source:
      "flutter viewport.dart @ 001fc4d51d2d; infinite_scroll_pagination @ 23ad195628f2 (v5.1.1) "
      + "paged_layout_builder.dart, paging_controller.dart.",
    parameters: [cacheExtentPt, invisibleItemsThreshold] + MediaLibrary.parameters, runsByDefault: false)

  private let extentPt: Double
  private let threshold: Int
  private var built = RowWindow()
  private var mounted = MountedRows()
  private var media: ImagePrefetcher
  /// `_hasRequestedNextPage`: asked, and no new paging state since.
  private var requested = false

  public init(parameters: StrategyParameters) {
    extentPt = parameters[Self.cacheExtentPt]
    threshold = parameters[Self.invisibleItemsThreshold]
    media = ImagePrefetcher(parameters: parameters, loadsVisibleRows: false)
  }

  /// The list holds the loaded items only (`PagingState.items`).
  public var enablePlaceholders: Bool { false }

  /// Only the package's trigger loads pages.
  public var loadsVisiblePlaceholderPages: Bool { false }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    var rebuilt = false
    switch event {
    case .start, .pageApplied:
      // A new paging state: the list rebuilds its built children with it.
      requested = false
      rebuilt = true
    case .fetchFailed(.page):
      requested = false
      rebuilt = true
    default:
      break
    }
    let top = context.viewportOffsetPt
    context.update(&built, fromPt: top - extentPt, toPt: top + context.viewportHeightPt + extentPt)
    let entered = mounted.update(to: built.rows, rebuilt: rebuilt, in: context)
    // The highest index built by this call.
    let highest: Int? =
      rebuilt
      ? (built.rows.isEmpty ? nil : built.rows.upperBound - 1)
      : (!entered.below.isEmpty
        ? entered.below.upperBound - 1 : (entered.above.isEmpty ? nil : entered.above.upperBound - 1))
    // `hasNextPage`: a page lies beyond the loaded items (offset feeds know their end from the
    // first response, and still have pages to load).
    if let highest, !requested, let frontier = context.loadFrontier(.down),
      highest >= max(0, loadedItems(frontier, context) - 1 - threshold), !context.isPageInFlight(.down)
    {
      requested = context.requestPage(.down)
    }
    media.update(after: event, in: context)
    return quietWake(context)
  }

  /// The loaded items: the rows before the next page, `frontier` (the rows laid out with cursor
  /// pagination).
  private func loadedItems(_ frontier: LoadFrontier, _ context: some StrategyContext) -> Int {
    context.pagination == .offset ? context.items(ofPage: frontier.page).lowerBound : context.rowCount
  }

  private func quietWake(_ context: some StrategyContext) -> Wake {
    guard context.heedsWake, context.pagination == .cursor, media.library == .visibility,
      let tops = built.heldTopsPt(
        abovePt: extentPt, belowPt: extentPt, viewportHeightPt: context.viewportHeightPt)
    else { return .everyFrame }
    let top = context.viewportOffsetPt
    guard tops.low <= top, top <= tops.high else { return .everyFrame }
    return .whileOffset(within: tops.low, tops.high, acrossRowChanges: !context.feedHasMedia)
  }
}
