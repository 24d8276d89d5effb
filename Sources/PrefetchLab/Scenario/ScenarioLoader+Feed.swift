extension ScenarioLoader {
  static let feedKeys = [
    "total_items", "page_size", "initial_page_size", "pagination", "end_signal", "apply_delay_ms",
    "item_height_pt", "page_bytes", "media_bytes", "media_fraction", "footer_height_pt",
    "placeholder_height_pt", "server_max_page_size", "short_page_rate",
  ]

  /// A page larger than this is not a page (API pages hold tens of items; 10 000 rows at once
  /// would be seconds of main-thread work in a real app).
  static let maxPageSize = 10_000.0
  /// Offset pagination lays out every row: 10 million rows is ~100 MB of layout.
  static let maxOffsetItems = 10_000_000

  static func feedSpec(from field: JSONField) throws(InputError) -> FeedSpec {
    let feed = try field.object(keys: feedKeys)
    let defaults = FeedSpec()
    let totalItems = try feed.optional("total_items")?.integer(.integer(atLeast: 0)) ?? defaults.totalItems
    let pageSize = try feed.optional("page_size")?.integer(.integer(in: 1...maxPageSize)) ?? defaults.pageSize
    let initialPageSize =
      try feed.optional("initial_page_size")?.integer(.integer(in: 1...maxPageSize)) ?? pageSize
    let pagination = try feed.optional("pagination")?.choice(Pagination.self) ?? defaults.pagination
    if pagination == .offset, totalItems > maxOffsetItems {
      // Offset pagination lays out every row (placeholders included) from the first response on.
      let field = feed.optional("total_items") ?? field
      throw field.plainError(
        "with offset pagination must be <= \(maxOffsetItems) (every row is laid out), got \(totalItems)")
    }
    let endSignal = try feed.optional("end_signal")?.choice(EndSignal.self) ?? defaults.endSignal
    let applyDelay =
      try feed.optional("apply_delay_ms").map { field throws(InputError) in
        try distribution(from: field, support: .nonNegative)
      } ?? defaults.applyDelayMs
    let itemHeight =
      try feed.optional("item_height_pt").map { field throws(InputError) in
        try distribution(from: field, support: .positive(purpose: "heights"))
      } ?? defaults.itemHeightPt
    let pageBytes =
      try feed.optional("page_bytes").map { field throws(InputError) in
        try distribution(from: field, support: .nonNegative)
      } ?? FeedSpec.defaultPageBytes(pageSize: pageSize)
    let mediaBytes = try feed.optional("media_bytes").map { field throws(InputError) in
      try distribution(from: field, support: .nonNegative)
    }
    var mediaFraction = defaults.mediaFraction
    if let fractionField = feed.optional("media_fraction") {
      // Without media_bytes the fraction would silently do nothing.
      guard mediaBytes != nil else {
        throw fractionField.plainError(
          "needs \(field.path.location).media_bytes; without it rows have no media")
      }
      mediaFraction = try fractionField.number(.within(0...1))
    }
    let footerHeight = try feed.optional("footer_height_pt")?.number(.atLeast(0)) ?? defaults.footerHeightPt
    var placeholderHeight = try feed.optional("placeholder_height_pt")?.number(.greaterThan(0))
    if placeholderHeight == nil {
      // The default is the mean row height; heavy tails can make that infinite or undefined.
      if let mean = itemHeight.mean, mean.isFinite {
        placeholderHeight = mean
      } else if pagination == .offset {
        throw field.plainError(
          "missing required key 'placeholder_height_pt': item_height_pt has no finite mean to default to")
      } else {
        // Cursor pagination never shows placeholders; any positive value will do.
        placeholderHeight = itemHeight.quantile(0.5)
      }
    }
    let serverMaxPageSize = try feed.optional("server_max_page_size")?.integer(.integer(atLeast: 1))
    var shortPageRate = 0.0
    if let rateField = feed.optional("short_page_rate") {
      shortPageRate = try rateField.number(.within(0...1))
      // Offset pagination asks for pages at positions it computes from the total; a server that
      // shortens pages there would leave holes, which offset APIs do not do.
      if pagination == .offset && shortPageRate > 0 {
        throw rateField.plainError(
          "needs cursor pagination; offset APIs (offset + limit) return full pages except the last")
      }
    }
    return FeedSpec(
      totalItems: totalItems, pageSize: pageSize, initialPageSize: initialPageSize, pagination: pagination,
      endSignal: endSignal, applyDelayMs: applyDelay, itemHeightPt: itemHeight, pageBytes: pageBytes,
      mediaBytes: mediaBytes, mediaFraction: mediaFraction, footerHeightPt: footerHeight,
      placeholderHeightPt: placeholderHeight, serverMaxPageSize: serverMaxPageSize,
      shortPageRate: shortPageRate)
  }
}
