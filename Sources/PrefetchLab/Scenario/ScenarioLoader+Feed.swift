extension ScenarioLoader {
  static var feedKeys: [String] { ScenarioDefinitions.feed.keyNames }

  static func feedSpec(from feed: JSONObjectReader) -> FeedSpec {
    let defaults = FeedSpec()
    let field = feed.field
    let totalItems = feed.integer("total_items") ?? defaults.totalItems
    let pageSize = feed.integer("page_size") ?? defaults.pageSize
    let initialPageSize = feed.integer("initial_page_size") ?? pageSize
    let pagination = feed.choice("pagination", Pagination.self) ?? defaults.pagination
    let endSignal = feed.choice("end_signal", EndSignal.self) ?? defaults.endSignal
    let applyDelay = feed.distribution("apply_delay_ms") ?? defaults.applyDelayMs
    let itemHeight = feed.distribution("item_height_pt")
    let pageBytes = feed.distribution("page_bytes") ?? FeedSpec.defaultPageBytes(pageSize: pageSize)
    let mediaBytes = feed.distribution("media_bytes")
    var mediaFraction = defaults.mediaFraction
    if let fractionField = feed.member("media_fraction") {
      // Without media_bytes the fraction would silently do nothing.
      if !feed.contains("media_bytes") {
        feed.report(
          fractionField.plainError("needs \(field.path.location).media_bytes; without it rows have no media"))
      } else if let fraction = feed.number("media_fraction") {
        mediaFraction = fraction
      }
    }
    let footerHeight = feed.number("footer_height_pt") ?? defaults.footerHeightPt
    let heights = itemHeight ?? defaults.itemHeightPt
    var placeholderHeight = feed.number("placeholder_height_pt")
    if placeholderHeight == nil && !feed.contains("placeholder_height_pt") {
      // The default is the mean row height; heavy tails can make that infinite or undefined.
      if let mean = heights.mean, mean.isFinite {
        placeholderHeight = min(mean, InputLimits.maxRowHeightPt)
      } else if pagination == .offset {
        feed.report(
          field.plainError(
            "missing required key 'placeholder_height_pt': item_height_pt has no finite mean to default to"))
      } else {
        // Cursor pagination never shows placeholders; any positive value will do.
        placeholderHeight = heights.quantile(0.5)
      }
    }
    let serverMaxPageSize = feed.integer("server_max_page_size")
    var shortPageRate = 0.0
    if let rate = feed.number("short_page_rate") {
      shortPageRate = rate
      // Offset pagination asks for pages at positions it computes from the total; a server that
      // shortens pages there would leave holes, which offset APIs do not do.
      if pagination == .offset && shortPageRate > 0, let rateField = feed.member("short_page_rate") {
        feed.report(
          rateField.plainError(
            "needs cursor pagination; offset APIs (offset + limit) return full pages except the last"))
      }
    }
    var spec = FeedSpec(
      totalItems: totalItems, pageSize: pageSize, initialPageSize: initialPageSize, pagination: pagination,
      endSignal: endSignal, applyDelayMs: applyDelay, itemHeightPt: heights, pageBytes: pageBytes,
      mediaBytes: mediaBytes, mediaFraction: mediaFraction, footerHeightPt: footerHeight,
      placeholderHeightPt: placeholderHeight, serverMaxPageSize: serverMaxPageSize,
      shortPageRate: shortPageRate)
    if let origin = feed.choice("opens_at", FeedOrigin.self) {
      spec.opensAt = origin
      // A chat loads older messages one cursor page at a time; placeholders would need the total.
      if origin == .end && pagination == .offset, let originField = feed.member("opens_at") {
        feed.report(
          originField.plainError("\"end\" needs cursor pagination (a chat loads older pages by cursor)"))
      }
    }
    if let anchor = feed.bool("anchor_prepends") {
      spec.anchorPrepends = anchor
      if spec.opensAt != .end && !anchor, let anchorField = feed.member("anchor_prepends") {
        feed.report(anchorField.plainError("false needs \"opens_at\": \"end\" (only a chat prepends pages)"))
      }
    }
    if let changes = feed.object("changes") {
      spec.changes = feedChangeSpec(from: changes)
      // A chat's new messages arrive at its end, where the user reads: another model than news
      // arriving above the reader.
      if spec.opensAt == .end, let changesField = feed.member("changes") {
        feed.report(
          changesField.plainError(
            "needs \"opens_at\": \"start\" (inserts arrive at the top of a feed that opens there)"))
      }
    }
    if let columns = feed.integer("columns") { spec.columns = columns }
    if let carousel = feed.object("carousel") {
      spec.carousel = carouselSpec(from: carousel)
      // A carousel is a row of the list; a grid cell holding a horizontal row is another layout.
      if spec.columns > 1, let carouselField = feed.member("carousel") {
        feed.report(carouselField.plainError("needs \"columns\": 1 (a carousel is a row of a list)"))
      }
    }
    checkWholeFeed(spec, feed)
    return spec
  }

  static func carouselSpec(from carousel: JSONObjectReader) -> CarouselSpec {
    var spec = CarouselSpec()
    if let fraction = carousel.number("row_fraction") { spec.rowFraction = fraction }
    if let count = carousel.integer("sub_items") { spec.subItems = count }
    if let width = carousel.number("sub_item_width_pt") { spec.subItemWidthPt = width }
    if let width = carousel.number("visible_width_pt") { spec.visibleWidthPt = width }
    spec.rowHeightPt = carousel.distribution("row_height_pt")
    spec.mediaBytes = carousel.distribution("media_bytes")
    if let fractionField = carousel.member("media_fraction") {
      if !carousel.contains("media_bytes") {
        carousel.report(
          fractionField.plainError(
            "needs \(carousel.field.path.location).media_bytes; without it sub-items have no images"))
      } else if let fraction = carousel.number("media_fraction") {
        spec.mediaFraction = fraction
      }
    }
    return spec
  }

  static func feedChangeSpec(from changes: JSONObjectReader) -> FeedChangeSpec {
    var spec = FeedChangeSpec()
    if let rate = changes.number("inserts_per_min") { spec.insertsPerMin = rate }
    if let rate = changes.number("deletes_per_min") { spec.deletesPerMin = rate }
    if let arrivals = changes.choice("arrivals", ChangeArrivals.self) { spec.arrivals = arrivals }
    return spec
  }

  /// The rules on the feed as a whole: how many rows may be laid out up front, and the worst-case
  /// content height and size of every item, which must stay representable however far a run loads.
  static func checkWholeFeed(_ spec: FeedSpec, _ feed: JSONObjectReader) {
    let at = feed.member("total_items") ?? feed.field
    let total = Double(spec.totalItems)
    let limit = Int(InputLimits.maxPrecomputedItems)
    if spec.totalItems > limit {
      if spec.pagination == .offset {
        feed.report(
          at.plainError(
            "with offset pagination must be <= \(limit) (every row is laid out), got \(spec.totalItems)"))
        return
      }
      if spec.shortPageRate > 0 {
        feed.report(
          at.plainError(
            "with short_page_rate > 0 must be <= \(limit) (every page boundary is drawn up front), got \(spec.totalItems)"
          ))
        return
      }
    }
    var tallest = FeedContent.snapToGrid(largestDraw(spec.itemHeightPt, ScenarioDefinitions.heightPt))
    if spec.pagination == .offset { tallest = max(tallest, spec.placeholderHeightPt) }
    if let heights = spec.carousel?.rowHeightPt {
      tallest = max(tallest, FeedContent.snapToGrid(largestDraw(heights, ScenarioDefinitions.heightPt)))
    }
    let height = total * tallest + spec.footerHeightPt
    if height > InputLimits.maxContentHeightPt {
      // The footer is added even when the file does not set it: say which height it is, so that
      // a total just past the limit is explained by the sum shown.
      let footer =
        feed.member("footer_height_pt") == nil
        ? "\(DecimalFormat.readable(spec.footerHeightPt)) pt, footer_height_pt's default"
        : "footer_height_pt, \(DecimalFormat.readable(spec.footerHeightPt)) pt"
      feed.report(
        at.plainError(
          "the whole feed's content height, total_items (\(spec.totalItems)) × the tallest possible row"
            + " (\(DecimalFormat.readable(tallest)) pt) + the loading footer (\(footer)),"
            + " must be <= \(DecimalFormat.readable(InputLimits.maxContentHeightPt)) pt, got \(DecimalFormat.readable(height, against: [InputLimits.maxContentHeightPt])) pt"
        ))
    }
    var media = spec.mediaBytes.map { largestDraw($0, ScenarioDefinitions.bytes) } ?? 0
    if let carousel = spec.carousel, let bytes = carousel.mediaBytes {
      // A carousel row's images are its sub-items'.
      media = max(media, Double(carousel.subItems) * largestDraw(bytes, ScenarioDefinitions.bytes))
    }
    let page = largestDraw(spec.pageBytes, ScenarioDefinitions.bytes)
    // A page may hold a single item, and an empty last page may end the feed.
    let bytes = total * (media + page) + page
    if bytes > InputLimits.maxFeedBytes {
      // Each draw is sent as whole bytes (FeedContent rounds it), so the sizes are shown whole:
      // a quantile's fifteen digits ("42724823.2266404 bytes") say nothing more.
      let perItem = media.rounded() + page.rounded()
      feed.report(
        at.plainError(
          "the whole feed's largest possible size, total_items (\(spec.totalItems)) × (the largest media_bytes"
            + " and page_bytes draws, \(DecimalFormat.readable(perItem)) bytes), must be <="
            + " \(NumberRule.boundText(InputLimits.maxFeedBytes)) bytes,"
            + " got \(DecimalFormat.readable(bytes, against: [InputLimits.maxFeedBytes])) bytes"))
    }
  }
}
