// The definitions of the summary.csv metrics, in `MetricCatalogue.all` order. Times are on the
// simulation clock, which starts when the first page is requested; "after first content" means
// from the moment the first page's rows are inserted to the end of the session.
extension MetricDefinition {
  public static let sessionMs = duration(
    "session_ms", \.sessionUs, polarity: .neutral, label: "session length",
    summary: "length of the session: first content + trace duration + stall time, or up to abandonment")
  public static let firstContentMs = duration(
    "first_content_ms", \.firstContentUs, polarity: .lowerIsBetter, label: "time to first content",
    summary: "time the first page was applied; empty if it never was")
  public static let stallMs = duration(
    "stall_ms", \.stallUs, polarity: .lowerIsBetter, label: "stall time",
    summary:
      "total time the user's intent was blocked by the end of loaded content (pause model: the trace pauses)")
  public static let stallCount = count(
    "stall_count", \.stallCount, unit: "stalls", polarity: .lowerIsBetter, label: "stalls",
    summary: "number of contiguous pauses")
  public static let stallMaxMs = duration(
    "stall_max_ms", \.stallMaxUs, polarity: .lowerIsBetter, label: "longest stall",
    summary: "longest single pause")
  public static let abandoned = flag(
    "abandoned", \.abandoned, polarity: .lowerIsBetter, label: "abandoned",
    summary: "1 if a pause (or the wait for first content) exceeded `patience_ms` and ended the run")
  public static let blankMs = duration(
    "blank_ms", \.blankUs, polarity: .lowerIsBetter, label: "time with blank rows",
    summary:
      "time after first content with any blank row in the viewport: an incomplete item, a placeholder, "
      + "or the loading footer while more pages may exist")
  public static let mostlyBlankMs = duration(
    "mostly_blank_ms", \.mostlyBlankUs, polarity: .lowerIsBetter, label: "time mostly blank",
    summary: "time after first content with at least half the viewport blank")
  public static let blankness = ratio(
    "blankness", \.blankness, polarity: .lowerIsBetter, label: "mean blank share",
    summary:
      "time-average of the blank fraction (blank height / viewport height) after first content, 0…1")
  public static let ttcP50Ms = duration(
    "ttc_p50_ms", \.ttcP50Us, polarity: .lowerIsBetter, label: "median time to content",
    summary: "median time to content of the items seen (see *Time to content* below); empty if none was seen")
  public static let ttcP95Ms = duration(
    "ttc_p95_ms", \.ttcP95Us, polarity: .lowerIsBetter, label: "95th pct time to content",
    summary: "95th percentile of the time to content of the items seen; empty if none was seen")
  public static let ttcMaxMs = duration(
    "ttc_max_ms", \.ttcMaxUs, polarity: .lowerIsBetter, label: "longest time to content",
    summary: "longest time to content of an item seen; empty if none was seen")
  public static let itemsSeen = count(
    "items_seen", \.itemsSeen, unit: "items", polarity: .neutral, label: "items seen",
    summary: "distinct items any part of which was in the viewport after first content")
  public static let itemsSeenIncomplete = count(
    "items_seen_incomplete", \.itemsSeenIncomplete, unit: "items", polarity: .lowerIsBetter,
    label: "items seen incomplete", summary: "items seen whose clock stopped before they were complete")
  public static let pageRequests = count(
    "page_requests", \.pageRequests, unit: "requests", polarity: .lowerIsBetter, label: "page requests",
    summary: "page requests issued (the app's first request included; a retry is not a new request)")
  public static let mediaRequests = count(
    "media_requests", \.mediaRequests, unit: "requests", polarity: .lowerIsBetter, label: "media requests",
    summary: "media requests issued")
  public static let requestsCancelled = count(
    "requests_cancelled", \.requestsCancelled, unit: "requests", polarity: .lowerIsBetter,
    label: "requests cancelled", summary: "requests cancelled by the strategy while queued or in flight")
  public static let requestsFailed = count(
    "requests_failed", \.requestsFailed, unit: "requests", polarity: .lowerIsBetter, label: "requests failed",
    summary: "requests that timed out or failed for good")
  public static let bytesFetched = bytes(
    "bytes_fetched", \.bytesFetched, polarity: .lowerIsBetter, label: "data moved",
    summary:
      "bytes moved over the network by all attempts, completed or not (in flight at the end: what had "
      + "moved by then)")
  public static let wastedFetches = count(
    "wasted_fetches", \.wastedFetches, unit: "fetches", polarity: .lowerIsBetter, label: "wasted fetches",
    summary:
      "completed fetches whose content never became visible before the run ended: a page is used when "
      + "any of its items is on screen after it was applied, a media fetch when its item is on screen "
      + "after it completed")
  public static let wastedBytes = bytes(
    "wasted_bytes", \.wastedBytes, polarity: .lowerIsBetter, label: "wasted data",
    summary: "bytes of the wasted fetches, plus bytes moved by cancelled, failed and timed-out attempts")
  public static let redundantFetches = count(
    "redundant_fetches", \.redundantFetches, unit: "fetches", polarity: .lowerIsBetter,
    label: "redundant fetches",
    summary:
      "completed fetches of a resource that had already been delivered earlier in the run (duplicates "
      + "sent by code without an in-flight guard, or refetches after eviction)")
  public static let prefetchAccuracy = ratio(
    "prefetch_accuracy", \.prefetchAccuracy, polarity: .higherIsBetter, label: "prefetch accuracy",
    summary:
      "used prefetches / (used + wasted prefetches). A *prefetch* is a fetch issued before any of its "
      + "items first became visible; it is *used* if its content was on screen after delivery, *wasted* "
      + "if it completed unused or was cancelled or failed. Prefetches still in flight at the end count "
      + "in neither. Late prefetches that end up used count as used")
  public static let coverage = ratio(
    "coverage", \.coverage, polarity: .higherIsBetter, label: "coverage",
    summary: "items complete at first visibility / items seen")
  public static let latePrefetches = count(
    "late_prefetches", \.latePrefetches, unit: "prefetches", polarity: .lowerIsBetter,
    label: "late prefetches",
    summary:
      "prefetches still in flight when their item first became visible (for pages, offset pagination: a "
      + "placeholder seen while its page was in flight)")
  public static let peakInFlight = count(
    "peak_in_flight", \.peakInFlight, unit: "requests", polarity: .neutral, label: "most requests in flight",
    summary: "most requests holding a connection at once (waiting for the first byte or transferring)")
  public static let visibleMediaWaitMs = duration(
    "visible_media_wait_ms", \.visibleMediaWaitUs, polarity: .lowerIsBetter, label: "on-screen image wait",
    summary:
      "mean time an on-screen image waited for a connection (from being wanted at visible priority to "
      + "its first attempt's start, or to its cancellation or the session's end); empty if none was wanted")
  public static let visibleMediaWaitMaxMs = duration(
    "visible_media_wait_max_ms", \.visibleMediaWaitMaxUs, polarity: .lowerIsBetter,
    label: "longest on-screen image wait", summary: "longest such wait; empty if none was wanted")
  public static let itemsLoaded = count(
    "items_loaded", \.itemsLoaded, unit: "items", polarity: .neutral, label: "items loaded",
    summary: "items whose page was applied by the end")
  public static let frames = count(
    "frames", \.frames, unit: "frames", polarity: .neutral, label: "frames",
    summary:
      "display frames in the session from first content: ⌊session after first content × frame rate⌋ + 1")
  public static let retries = count(
    "retries", \.retries, unit: "attempts", polarity: .lowerIsBetter, label: "retries",
    summary:
      "attempts started again after a failed attempt (error response, timeout or outage) under "
      + "`network.retry`. A retry is not a new request: `page_requests` and `media_requests` count "
      + "requests, so attempts = requests + `retries`")
  public static let coalescedRequests = count(
    "coalesced_requests", \.coalescedRequests, unit: "requests", polarity: .neutral,
    label: "coalesced requests",
    summary:
      "media asks that joined a request already queued or in flight instead of starting a transfer "
      + "(`network.coalescing`). Not counted in `media_requests`")
  public static let diskReads = count(
    "disk_reads", \.diskReads, unit: "reads", polarity: .neutral, label: "disk reads",
    summary:
      "media served by reading the disk cache instead of a network fetch (`cache`). Not requests: no "
      + "connection, no network bytes")
  public static let evictions = count(
    "evictions", \.evictions, unit: "items", polarity: .lowerIsBetter, label: "evictions",
    summary:
      "media evicted from the memory cache because it held more than `cache.memory_bytes`. Each evicted "
      + "row is incomplete until its media is read or fetched again")
  public static let peakMemoryBytes = bytes(
    "peak_memory_bytes", \.peakMemoryBytes, polarity: .lowerIsBetter, label: "peak media memory",
    summary:
      "most bytes of media held in memory at once, rows on screen included (response bytes, not decoded "
      + "bitmaps). Without a `cache` memory is unlimited and this is the media of every row loaded")
  public static let radioActiveMs = duration(
    "radio_active_ms", \.radioActiveUs, polarity: .lowerIsBetter, label: "radio active time",
    summary:
      "time the radio spent out of idle: promotions, connected time with requests in flight, and tails — "
      + "a tail that outlasts the session counted in full. Empty with `radio: \"none\"`")
  public static let energyJ = energy(
    "energy_j", \.energyJ, polarity: .lowerIsBetter, label: "radio energy",
    summary:
      "radio energy above idle: Σ promotions × promotion power + connected time × β + megabits received × "
      + "α_d + Σ tail time × tail power, with the figures of `radio` (its `model` and `profile`: Huang et "
      + "al., MobiSys 2012, by default; AT&T ARO's carrier settings with `\"profile\": \"aro\"`). Empty "
      + "with `radio: \"none\"`")
  public static let blankAreaMaxPt = length(
    "blank_area_max_pt", \.blankAreaMaxPt, polarity: .lowerIsBetter, label: "largest blank area",
    summary:
      "FlashList v1's maxBlankArea: the largest blank run at the viewport's top or bottom edge in a frame "
      + "(incomplete rows and the loading footer from the edge to the first complete row), from 1 s after "
      + "first content, while the content is longer than the viewport")
  public static let blankAreaSumPt = length(
    "blank_area_sum_pt", \.blankAreaSumPt, polarity: .lowerIsBetter, label: "summed blank area",
    summary:
      "FlashList v1's cumulativeBlankArea: that edge run summed over the same frames (per frame, not "
      + "time-weighted: it grows with the frame rate)")
  public static let duplicateItemsShown = count(
    "duplicate_items_shown", \.duplicateItemsShown, unit: "items", polarity: .lowerIsBetter,
    label: "duplicate items shown",
    summary:
      "rows shown (on screen with their page applied) holding an item another row had already shown: "
      + "with offset pagination, items a server-side insert (`feed.changes`) pushed into a later page. "
      + "0 with cursor pagination and for a feed that does not change. See docs/model.md, *Feeds that "
      + "change*")
  public static let itemsSkipped = count(
    "items_skipped", \.itemsSkipped, unit: "items", polarity: .lowerIsBetter, label: "items skipped",
    summary:
      "items no row showed although they belonged between two adjacent rows shown: with offset pagination, "
      + "items a server-side deletion (`feed.changes`) pulled into a page already fetched. 0 with cursor "
      + "pagination and for a feed that does not change")
  public static let invalidatedBytes = bytes(
    "invalidated_bytes", \.invalidatedBytes, polarity: .lowerIsBetter, label: "invalidated data",
    summary:
      "bytes a pull-to-refresh threw away: moved by the page and media requests it cancelled in flight, "
      + "and those of pages and media delivered but not yet shown (waiting for their apply delay, or "
      + "loaded off screen). Every such byte is in wasted_bytes too. 0 without a refresh. See "
      + "docs/model.md, *Pull to refresh*")
  public static let boundCaveats = count(
    "bound_caveats", \.boundCaveats, unit: "bits", polarity: .neutral, label: "bound caveats",
    summary:
      "for the `oracle`: the conditions of its stall bound that failed in the run, one bit each (1 outage "
      + "delayed a first byte, 2 timeout on a changing link, 4 radio promotion, 8 falling trace latency, "
      + "16 jump that can land short, 32 end of a cursor feed reached, 64 unverified, 128 pull to refresh, "
      + "which suspends its waste bound too); 0 when the bound holds, and for every other strategy. See "
      + "docs/model.md, *The oracle bound*")
}
