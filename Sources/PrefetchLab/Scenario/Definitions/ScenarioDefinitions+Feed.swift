extension ScenarioDefinitions {
  public static let feed = ObjectDefinition(
    "feed",
    keys: [
      KeyDefinition(
        "total_items", .integer(.integer(atLeast: 0)), unit: "items",
        default: JSONValue(FeedSpec().totalItems),
        defaultText: "`1000` (a judgement)", summary: "Items on the server.",
        note:
          "with offset pagination or `short_page_rate` > 0 at most 10000000 (every row or page boundary is laid out up front); see [Whole-feed limits](#whole-feed-limits)"
      ),
      KeyDefinition(
        "page_size", .integer(.integer(in: 1...InputLimits.maxPageSize)), unit: "items",
        default: JSONValue(FeedSpec().pageSize), defaultText: "`20` (a judgement)",
        summary: "Items per page after the first.",
        note: "a page of more rows is not a page: 10000 rows applied at once is seconds of main-thread work"),
      KeyDefinition(
        "initial_page_size", .integer(.integer(in: 1...InputLimits.maxPageSize)), unit: "items",
        defaultText: "= `page_size`", summary: "Items in the first page (default: page_size)."),
      KeyDefinition(
        "pagination", .choice(Pagination.allCases.map(\.rawValue)), default: "cursor",
        summary: "cursor: next page only; offset: any page, total known, placeholders.",
        note: "`\"cursor\"` (next page only) or `\"offset\"` (any page, total known, placeholders)"),
      KeyDefinition(
        "end_signal", .choice(EndSignal.allCases.map(\.rawValue)), default: "flag",
        summary: "flag: the response says no more; empty_page: learnt from an empty response.",
        note: "`\"flag\"` (the response says no more) or `\"empty_page\"` (learnt from an empty response)"),
      KeyDefinition(
        "apply_delay_ms", .distribution(timeMs), unit: "ms", default: 16,
        defaultText: "`16`: one 60 Hz frame, a diffable data source apply on the main queue",
        summary: "Time from a page response to its rows being inserted."),
      KeyDefinition(
        "item_height_pt", .distribution(heightPt), unit: "pt",
        default: ["uniform": ["min": 80, "max": 400]],
        defaultText: "`{\"uniform\": {\"min\": 80, \"max\": 400}}` (a judgement)",
        summary: "Row heights, drawn per item.",
        note: "see [Heights](#heights-must-stay-above-0); drawn heights are snapped to 1/64 pt, at least 1 pt"
      ),
      KeyDefinition(
        "page_bytes", .distribution(bytes), unit: "bytes",
        defaultText: "1200 × `page_size` (a judgement: 1.2 kB of JSON per item; `24000` for 20-item pages)",
        summary:
          "Bytes of the response for a full page of page_size items; n items cost n / page_size of it.",
        note:
          "the response for a full page of `page_size` items: a response with n items costs n / `page_size` of its draw (see [Server pages](#server-pages))"
      ),
      KeyDefinition(
        "media_bytes", .distribution(bytes), unit: "bytes", defaultText: "none: rows have no media",
        summary: "Bytes of an item's media; absent = rows have no media.",
        note: "a row whose draw rounds to 0 bytes has no media (no request, never blank for want of it)"),
      KeyDefinition(
        "media_fraction", .number(fraction), unit: "share of items",
        defaultText: "`1` when `media_bytes` is given",
        summary: "Share of items that carry media (needs media_bytes).",
        note: "only together with `media_bytes`"),
      KeyDefinition(
        "footer_height_pt", .number(.atLeast(0, atMost: InputLimits.maxRowHeightPt)), unit: "pt",
        default: JSONValue(FeedSpec().footerHeightPt),
        defaultText: "`44`: UIKit's default row height, a spinner row",
        summary: "Height of the loading footer below the last row."),
      KeyDefinition(
        "placeholder_height_pt", .number(.greaterThan(0, atMost: InputLimits.maxRowHeightPt)), unit: "pt",
        defaultText: "the mean of `item_height_pt` (what an estimated row height would give)",
        summary: "Height of an unloaded row with offset pagination.", note: "used by offset pagination"),
      KeyDefinition(
        "server_max_page_size", .integer(.integer(atLeast: 1)), unit: "items",
        defaultText: "none: the server sends what is asked for",
        summary: "The server sends at most this many items.",
        note: "see [Server pages](#server-pages)"),
      KeyDefinition(
        "short_page_rate", .number(fraction), unit: "share of responses", default: 0,
        summary: "Chance that a response holds fewer items than asked for (cursor pagination only).",
        note: "cursor pagination only"),
      KeyDefinition(
        "opens_at", .choice(FeedOrigin.allCases.map(\.rawValue)), default: "start",
        summary:
          "start: a feed opening at its first item; end: a chat opening at its newest, older pages loading towards the top.",
        note: "`\"end\"` needs cursor pagination"),
      KeyDefinition(
        "anchor_prepends", .boolean, default: true,
        summary:
          "With opens_at end: a prepended page keeps the rows on screen where they are (false: the viewport jumps by the page's height).",
        note: "`false` needs `\"opens_at\": \"end\"`"),
      KeyDefinition(
        "changes", .object(feedChanges),
        defaultText: "none: the server's list does not change",
        summary: "Server-side inserts at the top and deletions while the user scrolls.",
        note: "see [`feed.changes`](#feedchanges); needs `\"opens_at\": \"start\"`"),
      KeyDefinition(
        "columns", .integer(.integer(in: 1...InputLimits.maxColumns)), unit: "items per row", default: 1,
        defaultText: "`1`: a list, one item per row",
        summary:
          "Items per row (a grid's span count): items fill rows left to right, a row as tall as its tallest item.",
        note:
          "see [Grids](#grids); thresholds and prefetch distances count as each platform counts them ([strategies](strategies.md#grids))"
      ),
      KeyDefinition(
        "carousel", .object(feedCarousel),
        defaultText: "none: every row is a plain row",
        summary: "Some rows are horizontal carousels of sub-items, each sub-item with its own image.",
        note: "see [Carousels](#carousels); needs `columns` 1, and no `render` or `cache`"),
    ], requires: [("media_fraction", "media_bytes")])

  static let carouselWidthPt = NumberRule.greaterThan(0, atMost: InputLimits.maxCarouselWidthPt)

  public static let feedCarousel = ObjectDefinition(
    "feed.carousel",
    keys: [
      KeyDefinition(
        "row_fraction", .number(fraction), unit: "share of rows",
        default: JSONValue(CarouselSpec().rowFraction),
        defaultText: "`1`: every row is a carousel",
        summary: "Share of rows that are carousels, chosen per item from the seed."),
      KeyDefinition(
        "sub_items", .integer(.integer(in: 1...InputLimits.maxCarouselSubItems)), unit: "sub-items",
        default: JSONValue(CarouselSpec().subItems),
        defaultText: "`10` (a judgement: a store shelf shows about ten apps before \"See All\")",
        summary: "Cells per carousel row."),
      KeyDefinition(
        "sub_item_width_pt", .number(carouselWidthPt), unit: "pt",
        default: JSONValue(CarouselSpec().subItemWidthPt),
        defaultText: "`150` (a judgement: two and a half cells per 393 pt screen, the next one peeking)",
        summary: "Width of each cell, spacing included; cells sit side by side from x = 0."),
      KeyDefinition(
        "visible_width_pt", .number(carouselWidthPt), unit: "pt",
        default: JSONValue(CarouselSpec().visibleWidthPt),
        defaultText:
          "`393`: iPhone 15 / 16 logical screen width (Apple Human Interface Guidelines, \"Layout\" device table)",
        summary: "Width of a carousel row's horizontal window (the screen's width)."),
      KeyDefinition(
        "row_height_pt", .distribution(heightPt), unit: "pt",
        defaultText: "the row's `feed.item_height_pt` draw",
        summary: "Heights of carousel rows, drawn per item."),
      KeyDefinition(
        "media_bytes", .distribution(bytes), unit: "bytes", defaultText: "none: sub-items have no images",
        summary: "Bytes of a sub-item's image, drawn per row and sub-item.",
        note: "a sub-item whose draw rounds to 0 bytes has no image"),
      KeyDefinition(
        "media_fraction", .number(fraction), unit: "share of sub-items",
        defaultText: "`1` when `media_bytes` is given",
        summary: "Share of sub-items that carry an image (needs media_bytes).",
        note: "only together with `media_bytes`"),
    ], requires: [("media_fraction", "media_bytes")])

  static let changeRate = NumberRule.atLeast(0, atMost: FeedChangeSpec.maxRatePerMin)

  public static let feedChanges = ObjectDefinition(
    "feed.changes",
    keys: [
      KeyDefinition(
        "inserts_per_min", .number(changeRate), unit: "items per minute",
        default: JSONValue(FeedChangeSpec().insertsPerMin),
        summary: "New items published at the top of the server's list per minute."),
      KeyDefinition(
        "deletes_per_min", .number(changeRate), unit: "items per minute",
        default: JSONValue(FeedChangeSpec().deletesPerMin),
        summary: "Items already served that the server removes per minute."),
      KeyDefinition(
        "arrivals", .choice(ChangeArrivals.allCases.map(\.rawValue)),
        default: JSONValue.string(FeedChangeSpec().arrivals.rawValue),
        defaultText: "`\"poisson\"` (a judgement: independent publishers and moderators)",
        summary: "poisson: exponential gaps drawn per seed; regular: one change every 60000 / rate ms.",
        note: "`\"poisson\"` (seeded exponential gaps) or `\"regular\"` (every 60000 / rate ms)"),
    ])
}
