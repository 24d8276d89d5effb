/// Jetpack Paging 3 (`PagingConfig`, `PageFetcherSnapshot`) under a RecyclerView: pages load
/// while fewer than `prefetch_distance` loaded items lie beyond the last row bound, one page at a
/// time per direction, never cancelled by scrolling (see `Paging3Loader`); the first request asks
/// for `initial_load_size` items.
///
/// Sources: androidx/androidx `paging/paging-common/src/commonMain/kotlin/androidx/paging/PagingConfig.kt`
/// @ 0ee887e405f7 (defaults: `prefetchDistance = pageSize`, `initialLoadSize = pageSize *
/// DEFAULT_INITIAL_PAGE_MULTIPLIER (3)`, `jumpThreshold = COUNT_UNDEFINED`) and
/// `PageFetcherSnapshot.kt` @ 087c334fadf8 (the per-direction load loop). `enablePlaceholders`
/// is the feed's `pagination: "offset"` here (rows laid out for the whole feed); `maxSize`
/// (dropping far pages) is not modelled: the engine never unloads a page.
public struct Paging3: PrefetchStrategy {
  public static let prefetchDistance = StrategyParameter.OptionalInteger(
    "prefetch_distance", keyword: "page_size", in: 0...1_000_000,
    help:
      "Items beyond the last bound row below which the next page loads (PagingConfig.prefetchDistance; "
      + "default = page size, PagingConfig.kt). 0 never loads without placeholders, why Paging refuses it.")
  public static let initialLoadSize = StrategyParameter.OptionalInteger(
    "initial_load_size", keyword: "3_pages", in: 1...1_000_000,
    help:
      "Items the first request asks for (PagingConfig.initialLoadSize; default 3 x page size, PagingConfig.kt)."
  )
  public static let jumpThreshold = StrategyParameter.OptionalInteger(
    "jump_threshold", keyword: "off", in: 1...1_000_000,
    help:
      "Items outside the loaded run beyond which a jump refreshes at the user's position "
      + "(PagingConfig.jumpThreshold; default COUNT_UNDEFINED = off). Offset pagination only.")

  public static let definition = StrategyDefinition(
    Paging3.self, name: "paging3",
    summary:
      "Jetpack Paging 3: a page while fewer than prefetch_distance items lie beyond the last bound row.",
    source: "androidx PagingConfig.kt @ 0ee887e405f7, PageFetcherSnapshot.kt @ 087c334fadf8.",
    parameters: [prefetchDistance, initialLoadSize, jumpThreshold] + MediaLibrary.parameters,
    runsByDefault: false)

  private let initialItems: Int?
  private let loader: Paging3Loader
  private var media: ImagePrefetcher

  public init(parameters: StrategyParameters) {
    let initial = parameters[Self.initialLoadSize]
    initialItems = initial
    loader = Paging3Loader(
      prefetchDistance: parameters[Self.prefetchDistance], jumpThreshold: parameters[Self.jumpThreshold],
      refreshItems: initial)
    media = ImagePrefetcher(parameters: parameters)
  }

  public func initialLoadSize(pageSize: Int) -> Int? { initialItems ?? 3 * pageSize }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) {
    if case .fetchCompleted(.media) = event, !media.needsMediaCompletions { return }
    loader.update(in: context)
    media.update(after: event, in: context)
  }
}
