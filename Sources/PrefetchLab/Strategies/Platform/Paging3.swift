/// Jetpack Paging 3 (`PagingConfig`, `PageFetcherSnapshot`) under a RecyclerView: pages load
/// while fewer than `prefetch_distance` loaded items lie beyond the latest access in that
/// direction (`HintHandler`'s hint), one page at a time per direction, never cancelled by
/// scrolling; a bound placeholder is an access, not a load of its page, so a jump chains pages
/// from the loaded edge unless `jump_threshold` refreshes at the user (see `Paging3Loader`). The
/// first request asks for `initial_load_size` items.
///
/// Sources: androidx/androidx `paging/paging-common/src/commonMain/kotlin/androidx/paging/PagingConfig.kt`
/// @ 0ee887e405f7 (defaults: `prefetchDistance = pageSize`, `initialLoadSize = pageSize *
/// DEFAULT_INITIAL_PAGE_MULTIPLIER (3)`, `jumpThreshold = COUNT_UNDEFINED`) and
/// `PageFetcherSnapshot.kt` @ 087c334fadf8 (the per-direction load loop), `HintHandler.kt`
/// @ 0ee887e405f7 (the hints). `max_size`
/// (`PagingConfig.maxSize`, default `MAX_SIZE_UNBOUNDED`) drops far pages after each load as
/// `PageFetcherSnapshotState.dropEventOrNull` does (see `Paging3Loader`).
///
/// `enable_placeholders` (`PagingConfig.enablePlaceholders`, default true, PagingConfig.kt):
/// placeholders need item counts, which an offset-paginated feed's source reports
/// (`LoadResult.Page.itemsBefore/itemsAfter`); a cursor feed has none, so its list ends at the
/// loaded rows either way. With true, an offset feed lays out a placeholder row for every item
/// not loaded, and a page dropped over `max_size` turns back into placeholders (same positions,
/// the scroll position unchanged), with either pagination. With false the presented list holds
/// the loaded items only: the content ends at the last loaded row (the user waits there, a
/// stall, while an APPEND is out), a dropped page's rows leave the list with the rows on screen
/// kept in place (the offset moves by the removed height, as RecyclerView anchors its content),
/// and PREPEND loads within `prefetch_distance` of the first presented item insert rows above,
/// anchored the same way. Reaching the top of presented content while a PREPEND is out is not
/// modelled as a stall: the viewport rests at the top as at the feed's head while the user's
/// intent goes on, and resumes at that intent once the rows are in (the same gesture's motion
/// meanwhile shows as one jump; see `docs/strategies.md`).
/// `jump_threshold` never fires then: no row outside the loaded data can be reached, so there is
/// nothing to jump over.
///
/// `PagingConfig`'s `init` refuses a `maxSize` below `pageSize + 2 * prefetchDistance`, and a
/// `prefetchDistance` of 0 with placeholders disabled (nothing could trigger a load); so does
/// `definition` (`placeholderRule` at configuration, `maxSizeRule` against the feed's page size),
/// which also refuses a `jump_threshold` on a cursor feed (`jumpThresholdRule`).
public struct Paging3: PrefetchStrategy {
  public static let prefetchDistance = StrategyParameter.OptionalInteger(
    "prefetch_distance", keyword: "page_size", in: 0...1_000_000,
    help:
      "Items beyond the latest bound row below which the next page loads (PagingConfig.prefetchDistance; "
      + "default = page size, PagingConfig.kt). 0 never appends on a feed without placeholders (cursor feeds, "
      + "or enable_placeholders=false); refused with enable_placeholders=false as PagingConfig does.")
  public static let initialLoadSize = StrategyParameter.OptionalInteger(
    "initial_load_size", keyword: "3_pages", in: 1...1_000_000,
    help:
      "Items the first request asks for (PagingConfig.initialLoadSize; default 3 x page size, PagingConfig.kt)."
  )
  public static let jumpThreshold = StrategyParameter.OptionalInteger(
    "jump_threshold", keyword: "off", in: 1...1_000_000,
    help:
      "Items outside the loaded data beyond which an access refreshes at the user's position (initial_load_size "
      + "items around it); off, the pages load one after another toward it (PagingConfig.jumpThreshold; default "
      + "COUNT_UNDEFINED = off). Offset pagination only (refused on a cursor feed); never fires with "
      + "enable_placeholders=false.")

  public static let enablePlaceholders = StrategyParameter.Flag(
    "enable_placeholders", default: true,
    help:
      "Rows for unloaded items (offset feeds) and dropped pages stay as placeholders; false: the list holds "
      + "loaded items only, drops remove rows and PREPEND inserts them, anchored (PagingConfig.enablePlaceholders; "
      + "default true, PagingConfig.kt).")

  public static let maxSize = StrategyParameter.OptionalInteger(
    "max_size", keyword: "unbounded", in: 1...1_000_000_000,
    help:
      "Items the loaded pages may hold before far pages are dropped, never within prefetch_distance of "
      + "the latest access; at least page size + 2 x prefetch_distance (PagingConfig.maxSize; default "
      + "MAX_SIZE_UNBOUNDED, PagingConfig.kt).")

  /// `PagingConfig`'s `init` check of the parameters alone: a `prefetchDistance` above 0 when
  /// placeholders are disabled ("Placeholders and prefetch are the only ways to trigger loading
  /// of more data"). nil when it holds.
  static func placeholderRule(_ parameters: StrategyParameters) -> FeedRuleViolation? {
    guard !parameters[Self.enablePlaceholders], parameters[Self.prefetchDistance] == 0 else { return nil }
    return FeedRuleViolation(
      parameter: Self.prefetchDistance.declaration.name,
      rule:
        "must be above 0 when enable_placeholders is false: placeholders and prefetch are the only ways "
        + "to trigger loading (PagingConfig), got 0")
  }

  /// `PagingConfig`'s `init` check against the page size: a `maxSize` unbounded or at least
  /// `pageSize + 2 * prefetchDistance` (prefetch distance defaulting to the page size). nil when
  /// it holds.
  static func maxSizeRule(_ parameters: StrategyParameters, feed: FeedFacts) -> FeedRuleViolation? {
    guard let maxSize = parameters[Self.maxSize] else { return nil }
    let pageSizeItems = feed.pageSizeItems
    let distance = parameters[Self.prefetchDistance] ?? pageSizeItems
    let least = pageSizeItems + 2 * distance
    guard maxSize < least else { return nil }
    return FeedRuleViolation(
      parameter: Self.maxSize.declaration.name,
      rule:
        "must be at least page size + 2 x prefetch_distance = \(pageSizeItems) + 2 x \(distance) = \(least) "
        + "(PagingConfig), got \(maxSize)")
  }

  /// A jump refreshes at a placeholder beyond the loaded data, and only an offset feed has
  /// placeholders (a cursor feed's source knows no item count): on a cursor feed the threshold
  /// could never fire, so it is refused rather than silently ignored. (Paging itself accepts it
  /// there, to no effect.) nil when it holds.
  static func jumpThresholdRule(_ parameters: StrategyParameters, feed: FeedFacts) -> FeedRuleViolation? {
    guard parameters[Self.jumpThreshold] != nil, feed.pagination == .cursor else { return nil }
    return FeedRuleViolation(
      parameter: Self.jumpThreshold.declaration.name,
      rule: "applies to offset pagination only (feed.pagination is cursor)", basis: .pagination)
  }

  public static let definition = StrategyDefinition(
    Paging3.self, name: "paging3",
    summary:
      "Jetpack Paging 3: pages one at a time per direction while fewer than prefetch_distance items lie "
      + "beyond the latest hint (the bound row furthest that way).",
    source:
      "androidx PagingConfig.kt @ 0ee887e405f7, PageFetcherSnapshot.kt @ 087c334fadf8, HintHandler.kt @ 0ee887e405f7.",
    parameters: [prefetchDistance, initialLoadSize, enablePlaceholders, maxSize, jumpThreshold]
      + MediaLibrary.parameters,
    runsByDefault: false, parameterRule: placeholderRule, feedRules: [maxSizeRule, jumpThresholdRule])

  private let initialItems: Int?
  private let placeholders: Bool
  private var loader: Paging3Loader
  private var media: ImagePrefetcher

  public init(parameters: StrategyParameters) {
    let initial = parameters[Self.initialLoadSize]
    initialItems = initial
    placeholders = parameters[Self.enablePlaceholders]
    loader = Paging3Loader(
      prefetchDistance: parameters[Self.prefetchDistance], jumpThreshold: parameters[Self.jumpThreshold],
      refreshItems: initial, maxSize: parameters[Self.maxSize])
    media = ImagePrefetcher(parameters: parameters)
  }

  public func initialLoadSize(pageSize: Int) -> Int? { initialItems ?? 3 * pageSize }

  public var enablePlaceholders: Bool { placeholders }

  /// A placeholder bound is an access hint to Paging, not a load of its page (`Paging3Loader`).
  public var loadsVisiblePlaceholderPages: Bool { false }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if case .fetchCompleted(.media) = event, !media.needsMediaCompletions {
      // The rows shown meanwhile are bound now all the same: the engine tells them once.
      loader.catchUp(context)
      return .everyFrame
    }
    loader.update(after: event, in: context)
    media.update(after: event, in: context)
    // The stepped engine ignores the wake-up: not worked out there.
    guard context.heedsWake else { return .everyFrame }
    // The loader's decisions read the rows shown and the pages, which the engine watches: with
    // the same rows and no event, the next frame asks for nothing (a page asked for now is in
    // flight then, and the guard holds it), wherever the offset. Without media or renders to
    // place, rows entering and leaving change only the hints, until the row that starts a load.
    if !context.feedHasMedia && !context.hasRenderStage, let tops = loader.quietTopsAcrossRows(context) {
      return .whileOffset(within: tops.low, tops.high, acrossRowChanges: true)
    } else {
      return media.narrowed(.nextEventOrRowChange, in: context)
    }
  }
}
