/// The synthetic users of `scroll: {"model": NAME, …}` (docs/scenario-format.md, "Synthetic
/// users").
public enum UserModelName: String, Sendable, Equatable, CaseIterable {
  /// Reads a screen, then drags slowly to the next: long lognormal dwells, slow drags, no flings.
  case reader
  /// Browses with frequent medium flicks: the recorded touch-dynamics figures as they are.
  case skimmer
  /// The doom-scroller: fast flings with short dwells, nearly always onwards.
  case flinger
  /// Hunts for something: fast flings with frequent reversals, re-reading after each.
  case searcher
  /// A skimmer who now and then jumps to the top (a status-bar tap) or to an item (a link).
  case jumper
  /// A Markov chain over the five others.
  case mixed

  /// The five single behaviours, in the order `mixed` lists them.
  public static let behaviours: [UserModelName] = [.reader, .skimmer, .flinger, .searcher, .jumper]
}

/// How one synthetic user behaves: a sequence of gestures, each a touch (a drag, sometimes
/// released into a fling) or a jump, separated by dwells. Every value is a parameter of the
/// scenario file with the same name in snake case; `defaults(for:)` gives each model's values and
/// their sources.
///
/// Gesture by gesture, with draws from the run's seed (`RandomStream.scroll`):
/// 1. with probability `jumpFraction`, a jump instead of a touch: to the top with probability
///    `jumpToTopFraction`, else to an item drawn uniformly from 0..<min(jumpMaxItem, total items);
///    at the top the user then pulls to refresh with probability `refreshFraction` (a draw of its
///    own, `RandomStream.pullToRefresh` keyed by the gesture's index, so the other draws stay);
/// 2. otherwise a touch: it goes back (up) with probability q, onwards (down) otherwise, where
///    2q(1 − q) = `reversalFraction`, so that the share of touches whose direction differs from
///    the previous touch's is `reversalFraction` (at most 0.5);
/// 3. the finger drags for `strokeMs` at `dragVelocityPtS` (the content follows it);
/// 4. with probability `flingFraction` it lifts with a fling at `flingVelocityPtS`, which the
///    scenario's physics decelerates; otherwise it lifts without momentum;
/// 5. the next touch comes `dwellMs` after the lift (`rereadDwellMs` after a touch that went
///    back): a fling still running then is caught and stops there;
/// 6. with probability `swipeFraction` the stop after a touch begins, once the list has come to
///    rest, with a horizontal swipe of the first carousel row on screen (`CarouselSwipe.Row
///    .firstOnScreen`) by a `swipeDistancePt` draw, the finger moving it for a `strokeMs` draw
///    cut at the next touch (three draws of their own, `RandomStream.carouselSwipe` keyed by the
///    gesture's index, so the other draws stay; per stop rather than per row, as a user who stops
///    to look at the screen looks at one shelf at a time).
///
/// Durations are in ms, velocities in pt/s (magnitudes; the direction comes from step 2).
/// Strokes shorter than 1 ms count as 1 ms; velocities are capped at 10⁶ pt/s like script
/// velocities.
public struct UserBehavior: Sendable, Equatable {
  /// Time from a lift to the next touch, ms.
  public var dwellMs: Distribution
  /// Time from the lift of a touch that went back to the next touch (re-reading), ms.
  public var rereadDwellMs: Distribution
  /// Time the finger stays down, ms.
  public var strokeMs: Distribution
  /// Speed of the finger (and content) while it drags, pt/s.
  public var dragVelocityPtS: Distribution
  /// Share of touches released into a fling, 0…1.
  public var flingFraction: Double
  /// Release velocity of a fling, pt/s.
  public var flingVelocityPtS: Distribution
  /// Share of touches whose direction differs from the previous touch's, 0…0.5.
  public var reversalFraction: Double
  /// Share of gestures that are jumps, 0…1.
  public var jumpFraction: Double
  /// Share of jumps that go to the top, 0…1.
  public var jumpToTopFraction: Double
  /// Jumps to items pick one of the first `jumpMaxItem` items (>= 1; capped at the feed's size).
  public var jumpMaxItem: Int
  /// Share of jumps to the top after which the user pulls to refresh, 0…1. 0 in every model: a
  /// refresh is a product choice of the scenario, not a scrolling habit any source measured.
  public var refreshFraction: Double
  /// Share of stops after a touch that begin with a carousel swipe, 0…1. 0 in every model: how
  /// often users swipe a shelf is a property of the app's feed, and no source measured it.
  public var swipeFraction: Double
  /// Distance of a carousel swipe, pt, towards later cells (a user swipes a shelf onwards; the
  /// engine clamps at the row's end), 0…`InputLimits.maxCarouselWidthPt` (draws capped there). Default: uniform 150…450 pt, a judgement: one to three
  /// 150 pt cards, about a 393 pt screen's width on average (a swipe that pages the shelf).
  public var swipeDistancePt: Distribution

  /// `swipeDistancePt`'s default (see there).
  public static let defaultSwipeDistancePt = Distribution.uniform(min: 150, max: 450)

  public init(
    dwellMs: Distribution, rereadDwellMs: Distribution? = nil, strokeMs: Distribution,
    dragVelocityPtS: Distribution, flingFraction: Double, flingVelocityPtS: Distribution,
    reversalFraction: Double, jumpFraction: Double = 0, jumpToTopFraction: Double = 0.5,
    jumpMaxItem: Int = 200, refreshFraction: Double = 0, swipeFraction: Double = 0,
    swipeDistancePt: Distribution = defaultSwipeDistancePt
  ) {
    self.dwellMs = dwellMs
    self.rereadDwellMs = rereadDwellMs ?? dwellMs
    self.strokeMs = strokeMs
    self.dragVelocityPtS = dragVelocityPtS
    self.flingFraction = flingFraction
    self.flingVelocityPtS = flingVelocityPtS
    self.reversalFraction = reversalFraction
    self.jumpFraction = jumpFraction
    self.jumpToTopFraction = jumpToTopFraction
    self.jumpMaxItem = jumpMaxItem
    self.refreshFraction = refreshFraction
    self.swipeFraction = swipeFraction
    self.swipeDistancePt = swipeDistancePt
  }

  /// Probability q that a touch goes back, from 2q(1 − q) = reversal fraction.
  public var backProbability: Double { (1 - (1 - 2 * min(0.5, max(0, reversalFraction))).squareRoot()) / 2 }

  /// Each model's defaults (`mixed` has none of its own: it uses the five others').
  ///
  /// Sources. Touch statistics computed from the HMOG dataset (Z. Sitová et al., "HMOG: New
  /// Behavioral Biometric Features for Continuous Authentication of Smartphone Users", IEEE
  /// Transactions on Information Forensics and Security, 2016) over nine users' reading sessions:
  /// 58 % of gestures end in a fling, 12 % reverse direction, median gap between gestures 1.8 s,
  /// median stroke 0.67 s — the skimmer and the jumper use them as they are. Those sessions are
  /// lab document reading, not feed browsing: treat the figures as a plausible touch rhythm, not
  /// a measured feed user. Facebook IQ, "Capturing Attention in Feed: The Science Behind
  /// Effective Video Creative" (April 2016): people spend 1.7 s on a piece of feed content on
  /// mobile (2.5 s on desktop); a later Facebook figure (June 2017, cited second-hand) has feeds scrolled 41 % faster
  /// on mobile than on desktop, so the mobile pace is the one used. The reader is tuned to that
  /// pace on the default feed (mean item 240 pt): one stroke moves ≈ 590 pt (1255 ms × 470 pt/s,
  /// the lognormal means) ≈ 2.5 items, and the stroke plus the mean dwell (2606 ms) is 3.9 s ≈
  /// 1.6 s per item. Everything else is a judgement, chosen to make the models' characters
  /// distinct: the flinger's 120 ms flicks at 1500 pt/s released at 4500 pt/s with 0.6 s dwells,
  /// the searcher's 30 % reversals with 3 s re-reading dwells, the reader's slow 450 pt/s drags,
  /// the jumper's 1 jump in 10 gestures within the first 200 items, and every sigma.
  public static func defaults(for model: UserModelName) -> UserBehavior {
    switch model {
    case .reader:
      return UserBehavior(
        dwellMs: .lognormal(median: 2300, sigma: 0.5), strokeMs: .lognormal(median: 1200, sigma: 0.3),
        dragVelocityPtS: .lognormal(median: 450, sigma: 0.3), flingFraction: 0,
        flingVelocityPtS: .lognormal(median: 800, sigma: 0.3), reversalFraction: 0.05)
    case .skimmer, .mixed:
      return UserBehavior(
        dwellMs: .lognormal(median: 1800, sigma: 0.8), strokeMs: .lognormal(median: 670, sigma: 0.5),
        dragVelocityPtS: .lognormal(median: 600, sigma: 0.5), flingFraction: 0.58,
        flingVelocityPtS: .lognormal(median: 1500, sigma: 0.4), reversalFraction: 0.12)
    case .flinger:
      return UserBehavior(
        dwellMs: .lognormal(median: 600, sigma: 0.5), strokeMs: .lognormal(median: 120, sigma: 0.4),
        dragVelocityPtS: .lognormal(median: 1500, sigma: 0.4), flingFraction: 0.95,
        flingVelocityPtS: .lognormal(median: 4500, sigma: 0.3), reversalFraction: 0.03)
    case .searcher:
      return UserBehavior(
        dwellMs: .lognormal(median: 900, sigma: 0.6), rereadDwellMs: .lognormal(median: 3000, sigma: 0.5),
        strokeMs: .lognormal(median: 150, sigma: 0.4), dragVelocityPtS: .lognormal(median: 1200, sigma: 0.4),
        flingFraction: 0.8, flingVelocityPtS: .lognormal(median: 3500, sigma: 0.4), reversalFraction: 0.3)
    case .jumper:
      var behavior = defaults(for: .skimmer)
      behavior.jumpFraction = 0.1
      return behavior
    }
  }
}

/// A synthetic user as given in a scenario: the model and its (defaulted) parameters.
public struct UserModelSpec: Sendable, Equatable {
  public var name: UserModelName
  /// The behaviour of a single model; for `mixed`, one per entry of `UserModelName.behaviours`,
  /// in that order.
  public var behaviors: [UserBehavior]
  /// `mixed` only: probability of staying in the current behaviour for the next gesture, 0…1.
  /// Default 0.9 (a judgement: episodes of ten gestures on average); on leaving, the next
  /// behaviour is one of the four others with equal probability. The first is drawn uniformly.
  public var stayProbability: Double

  public init(name: UserModelName, behaviors: [UserBehavior]? = nil, stayProbability: Double = 0.9) {
    self.name = name
    self.behaviors =
      behaviors
      ?? (name == .mixed
        ? UserModelName.behaviours.map(UserBehavior.defaults) : [UserBehavior.defaults(for: name)])
    self.stayProbability = stayProbability
  }

  /// Trace length when the scenario gives no `duration_s`: 120 s (the length of the example
  /// session in docs/scenario-format.md; a judgement).
  public static let defaultDurationUs: Int64 = 120_000_000
}
