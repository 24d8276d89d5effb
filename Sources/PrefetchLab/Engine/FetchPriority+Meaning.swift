extension FetchPriority {
  /// What a request at this priority is, for the `priority` column of events.csv
  /// (docs/metrics.md, where a test holds the table to this text).
  public var meaning: String {
    switch self {
    case .page:
      return
        "a page of the feed; queued before every media request when connections run out (a stall waits for it)"
    case .visible:
      return "media of a row (or a carousel cell) on screen; first among media"
    case .display:
      return "media of a row just off screen that the list keeps ready to show (Texture's display range, "
        + "FlatList's render window)"
    case .preload:
      return
        "media fetched ahead of the screen; last in the queue, and the priority `low_priority_max_connections` caps"
    }
  }

  /// Who issues requests at this priority, or moves one to it (Markdown). Derived from the
  /// strategies' code: each media loader's calls of `requestMedia`, `requestSubItemMedia` and
  /// `setMediaPriority`; `FetchPriorityTests` runs every built-in and checks what each writes.
  public var setBy: String {
    switch self {
    case .page:
      return
        "every page request: every strategy's, and the engine's own (the first page, page 0 again after a "
        + "pull to refresh, an offset page whose placeholder is on screen)"
    case .visible:
      return "every strategy but `oracle` for the rows it loads on screen; the engine raises any media in "
        + "flight to it when its row comes on screen (a `reprioritized` event), `oracle`'s included"
    case .display:
      return
        "`directional_ranges` (its display range) and `flatlist` (rows of its render window off screen); "
        + "`directional_ranges` also moves requests to it as its ranges move"
    case .preload:
      return "`directional_ranges` (preload range), `recyclerview` (GapWorker prefetch), `compose_paging`, "
        + "`flutter_pagination` and `flashlist` (rows composed or mounted off screen), `adaptive` (its plan), "
        + "`oracle` (every media fetch, and every carousel cell's), and any strategy whose `media` is `sdwebimage`, "
        + "`kingfisher`, `nuke`, `glide` or `browser_lazy` (the library's prefetches)"
    }
  }

  /// Built-in strategies that may issue a request at this priority with their default
  /// parameters (`media=visibility`), the engine's own requests and raises aside.
  public var defaultIssuers: Set<String>? {
    switch self {
    case .page, .visible: return nil
    case .display: return ["directional_ranges", "flatlist"]
    case .preload:
      return [
        "directional_ranges", "recyclerview", "compose_paging", "flutter_pagination", "flashlist", "adaptive",
        "oracle",
      ]
    }
  }
}
