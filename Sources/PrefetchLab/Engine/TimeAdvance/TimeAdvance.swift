/// The event engine's time advance, owned in one place: whether quiet frames are skipped at all
/// (`SimulationEngine.event`; the stepped reference runs the same loop with skipping off), the
/// wake-up the strategy returned from its last consultation, the rows quiet frames showed since
/// it, the quiet predicate and the search for the last quiet frame of a drag. The coordinator's
/// `+QuietFrames`, `+QuietJump` and `+QuietScan` drive it against the other components.
///
/// A band is kept from the consultation that returned it until the next consultation, a frame
/// without consultation, or an event that changes what the strategy reads (see `suspendBand` and
/// `resumeBand`); a page dropped during the consultation ends it at once (the layout moved under
/// the strategy's reasoning).
struct TimeAdvance: Sendable {
  /// Quiet frames are stepped without consultation (the event engine); false: every moving frame
  /// is consulted (the stepped engine), and no band is ever kept.
  let skipsQuietFrames: Bool
  /// The band the strategy's last consultation returned, with the velocity it read; nil when it
  /// asked for every frame, or when anything happened since.
  private(set) var band: QuietBand?
  /// A page was dropped during the current consultation: its band is not kept.
  private var droppedPageInConsultation = false
  /// The rows quiet frames showed since the last consultation.
  private(set) var unconsultedRows = UnconsultedRowLog()
  /// What the timeline shows of the scroll during a scan or a jump, which commit the scroll once
  /// at their end; nil otherwise (the scroll's own state is shown).
  var timelineScroll: QuietTimelineScroll?

  init(skipsQuietFrames: Bool) {
    self.skipsQuietFrames = skipsQuietFrames
  }

  /// A consultation at `nowUs`, showing `rows`, returned `wake`, having read `velocityPtS`. The
  /// stepped engine keeps nothing; a band that is empty or ends by the clock (`beforeUs` not after
  /// `nowUs`) is no band.
  @inline(__always)
  mutating func consulted(
    returning wake: Wake, atUs nowUs: Int64, velocityPtS: Double, showing rows: Range<Int>
  ) {
    band = nil
    unconsultedRows.consulted(showing: rows)
    if droppedPageInConsultation {
      droppedPageInConsultation = false
      return
    }
    guard skipsQuietFrames, case .quietWhile(let quiet) = wake, quiet.lowPt <= quiet.highPt,
      quiet.beforeUs > nowUs
    else { return }
    band = QuietBand(
      lowPt: quiet.lowPt, highPt: quiet.highPt, acrossRows: quiet.acrossRowChanges, beforeUs: quiet.beforeUs,
      velocityBound: quiet.whileVelocityHolds, velocityPtS: velocityPtS)
  }

  /// The feed was refreshed: no band holds and no row shown before counts as shown unconsulted
  /// (those rows are gone).
  mutating func refreshed() {
    band = nil
    unconsultedRows = UnconsultedRowLog()
    droppedPageInConsultation = false
  }

  /// The strategy dropped a page during the consultation in progress.
  @inline(__always)
  mutating func pageDroppedInConsultation() { droppedPageInConsultation = true }

  /// Something the band did not promise about happened (a frame without consultation, an event
  /// that consults nothing): the band ends.
  @inline(__always)
  mutating func endBand() { band = nil }

  /// An event begins: its band is set aside, to be put back (`resumeBand`) if the event turns out
  /// to change nothing a strategy reads.
  @inline(__always)
  mutating func suspendBand() -> QuietBand? {
    defer { band = nil }
    return band
  }

  /// The event just handled changed nothing a strategy reads: the band set aside holds again.
  @inline(__always)
  mutating func resumeBand(_ suspended: QuietBand?) { band = suspended }

  /// A quiet frame showed `rows` without a consultation.
  @inline(__always)
  mutating func quietFrame(showing rows: Range<Int>) { unconsultedRows.quietFrame(showing: rows) }

  /// The quiet predicate, for a frame that would show the viewport's top at `offsetPt` where the
  /// frame before showed `previousPt` (both pt, as the edge rule shows them): quiet when the
  /// viewport does not move (`stillIsQuiet`), or when it moves inside the band, at the velocity
  /// the band read if the band holds only at that velocity (`velocityPtS`: the frame's velocity
  /// along a constant-velocity motion, nil along any other), with the rows shown kept
  /// (`rowsStay(acrossRows)`, given whether the band holds across row changes) and the direction
  /// of the move equal to `direction` (as `ScrollDriver.noteMove` judges it within 0…`limitPt`).
  /// The engine's other conditions (no event before the frame, the motion and phase, the edges)
  /// are its callers'. Every skip of a frame goes through here.
  @inline(__always)
  func isQuiet(
    offsetPt offset: Double, previousPt previous: Double, stillIsQuiet: Bool, velocityPtS: Double?,
    direction: ScrollDirection, limitPt: Double, rowsStay: (_ acrossRows: Bool) -> Bool
  ) -> Bool {
    Self.isQuiet(
      offsetPt: offset, previousPt: previous, stillIsQuiet: stillIsQuiet, band: band,
      velocityPtS: velocityPtS,
      direction: direction, limitPt: limitPt, rowsStay: rowsStay)
  }

  /// The quiet predicate itself (`isQuiet`), with the band kept now passed in: a jump, which
  /// probes a dozen frames against the same band, reads it once instead of at every probe (each
  /// read copied the optional band out of the engine). `band` must be the one kept now.
  @inline(__always)
  static func isQuiet(
    offsetPt offset: Double, previousPt previous: Double, stillIsQuiet: Bool, band: QuietBand?,
    velocityPtS: Double?, direction: ScrollDirection, limitPt: Double, rowsStay: (_ acrossRows: Bool) -> Bool
  ) -> Bool {
    if stillIsQuiet && offset == previous { return true }
    guard let band, offset >= band.lowPt, offset <= band.highPt else { return false }
    // The velocity the strategy read is the consultation's: a band returned at an event may
    // precede a frame that moves at another (the first frame after a stall, held still until then).
    if band.velocityBound {
      guard let velocity = velocityPtS, velocity == band.velocityPtS else { return false }
    }
    guard rowsStay(band.acrossRows) else { return false }
    return Self.keepsDirection(offsetPt: offset, previousPt: previous, limitPt: limitPt, direction: direction)
  }

  /// `ScrollDriver.noteMove` would keep `direction` for a move from `previousPt` to `offsetPt`.
  @inline(__always)
  static func keepsDirection(
    offsetPt offset: Double, previousPt previous: Double, limitPt: Double, direction: ScrollDirection
  ) -> Bool {
    let now = min(max(0, offset), limitPt)
    let before = min(max(0, previous), limitPt)
    return now == before || (now > before ? ScrollDirection.down : .up) == direction
  }

  /// The last of the quiet frames from `first` (quiet, its top `firstTopPt`) on, and its top,
  /// where the quiet frames from `first` form a run (a constant-velocity motion: the offset is
  /// monotone in the frame index and every condition is an interval of offsets): galloping from
  /// `estimate`, then halving, with `quietTopPt` judging a frame (its top, nil if not quiet). The
  /// frame after the one returned is not quiet. O(log(distance to the estimate's error)) calls.
  @inline(__always)
  static func lastQuietFrame(
    from first: Int64, firstTopPt: Double, estimate: Int64, quietTopPt: (Int64) -> Double?
  ) -> (Int64, Double) {
    // Invariant: `low` is quiet (its offset `lowTopPt`), and so is every frame from `first` to
    // it; `high` is not.
    var low = first
    var lowTopPt = firstTopPt
    var high: Int64
    let guess = max(first, estimate)
    var step: Int64 = 1
    if let guessTopPt = guess > first ? quietTopPt(guess) : firstTopPt {
      // Within the run (or no estimate ahead): gallop on from the estimate.
      low = guess
      lowTopPt = guessTopPt
      high = guess + step
      while let topPt = quietTopPt(high) {
        low = high
        lowTopPt = topPt
        step *= 2
        high = guess + step
      }
    } else {
      // Past the run: gallop back from the estimate.
      high = guess
      while high - step > low {
        if let topPt = quietTopPt(high - step) {
          low = high - step
          lowTopPt = topPt
          break
        }
        high -= step
        step *= 2
      }
    }
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if let topPt = quietTopPt(middle) {
        low = middle
        lowTopPt = topPt
      } else {
        high = middle
      }
    }
    return (low, lowTopPt)
  }
}
