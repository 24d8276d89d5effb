/// The conditions of the oracle's bound that failed in one run: a bit set, written to
/// summary.csv as `bound_caveats` (0 when the bound holds, and for every strategy that claims
/// none). Each bit names an engine mechanism through which another strategy's traffic or timing
/// could make one of its pages arrive sooner than the oracle's, or make its user scroll
/// differently. docs/model.md ("The oracle bound") gives the argument and every condition.
public struct BoundCaveats: OptionSet, Sendable, Hashable, CustomStringConvertible {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// 1: a page attempt's first byte fell due during an outage and came one round trip after it
  /// ended, later than an attempt started just after the outage would have.
  public static let outageDelayedFirstByte = BoundCaveats(rawValue: 1)
  /// 2: a page attempt timed out while its body was moving, on a link whose capacity changes over
  /// time or that has outages: a later start could have met a faster stretch and finished.
  public static let timeoutOnChangingLink = BoundCaveats(rawValue: 2)
  /// 4: a page attempt (after the first page) waited for the radio's promotion; another strategy's
  /// media could have kept the radio up.
  public static let radioPromotion = BoundCaveats(rawValue: 4)
  /// 8: the recorded trace's latency drops somewhere, so an attempt started later can get its
  /// first byte sooner.
  public static let fallingLatency = BoundCaveats(rawValue: 8)
  /// 16: the user jumps to an item lying within a screenful of the end of its page: a client
  /// holding fewer pages lands the jump short of it, and the rest of its user's scroll differs.
  public static let clampedJump = BoundCaveats(rawValue: 16)
  /// 32: the user reaches the end of a cursor feed shown with a loading footer: where a gesture
  /// ending there comes to rest depends on whether the client already knows the end.
  public static let feedEndReached = BoundCaveats(rawValue: 32)
  /// 64: the oracle's own run stalled longer than the page-only run it was planned from (never
  /// expected; flagged rather than claimed).
  public static let unverified = BoundCaveats(rawValue: 64)
  /// 128: the user pulled to refresh. The plan, made for the whole run, starts over with the
  /// new list (`Oracle.refresh(startingOver:)`): what it does after the refresh is not planned
  /// for the list the refresh made, so no bound is claimed.
  public static let refreshed = BoundCaveats(rawValue: 128)

  /// Every caveat with its name, in bit order.
  public static let named: [(caveat: BoundCaveats, name: String)] = [
    (.outageDelayedFirstByte, "outage_delayed_first_byte"),
    (.timeoutOnChangingLink, "timeout_on_changing_link"),
    (.radioPromotion, "radio_promotion"), (.fallingLatency, "falling_latency"),
    (.clampedJump, "clamped_jump"),
    (.feedEndReached, "feed_end_reached"), (.unverified, "unverified"), (.refreshed, "refreshed"),
  ]

  /// The summary columns on which a run flagged with these caveats claims no bound, in catalogue
  /// order; none when the set is empty. The oracle claims a bound on `stall_ms`, which every
  /// caveat suspends, and that it wastes nothing pagination does not force (`wasted_bytes`,
  /// `wasted_fetches`), which only `refreshed` suspends: at the refresh its plan starts over
  /// and fetches again what it planned for the whole run, the media of rows the user saw before
  /// the refresh among it, so a run that scrolled deep before refreshing wastes what a client
  /// reacting to the new list would not (`RefreshOracleBoundTests`: a cursor feed of
  /// 300 pt rows and 30 kB images, eight flings, a refresh and 20 s of rest: the oracle wasted
  /// 1 248 000 bytes in 44 fetches, infinite_scroll 3 472 bytes). Blank time is never bounded
  /// (docs/model.md, "The oracle bound") and is not listed.
  public var unboundMetrics: [String] {
    guard !isEmpty else { return [] }
    var metrics = [MetricDefinition.stallMs.column]
    if contains(.refreshed) {
      metrics += [MetricDefinition.wastedFetches.column, MetricDefinition.wastedBytes.column]
    }
    return metrics
  }

  /// Why the caveats in the set suspend the bounds `unboundMetrics` names, for people: one phrase
  /// per caveat whose reason is not the engine mechanism its name says (`refreshed`); empty
  /// otherwise.
  public var reasons: [String] {
    contains(.refreshed)
      ? [
        "refreshed: the oracle's plan, made for the whole run, starts over at the pull to refresh and "
          + "fetches again what it planned for rows the user saw before it, so it can stall and waste where a "
          + "client reacting to the new list would not"
      ] : []
  }

  /// The names of the bits set, joined by `+`; `none` when empty.
  public var description: String {
    let names = Self.named.filter { contains($0.caveat) }.map(\.name)
    return names.isEmpty ? "none" : names.joined(separator: "+")
  }
}
