/// Link capacity as a piecewise-constant function of time: a scenario's `network.bandwidth_kbps`
/// or recorded `network.trace` (docs/scenario-format.md).
///
/// A trace is a list of segments, each holding a capacity in bytes per second (and, for Sabre
/// periods, a latency) for a whole number of microseconds. Time 0 is the start of the first
/// segment; the sum of the durations is the *period*. After the period the trace either loops
/// (replays from its first segment, as Mahimahi's `mm-link` and Sabre's `src/sabre.py` do) or,
/// without looping, keeps the last segment's capacity and latency for ever. Times before 0 are
/// treated as 0 (without looping) or wrap like any other time (with looping).
///
/// Capacity may be 0 for any stretch (a tunnel, a gap between Mahimahi delivery opportunities):
/// transfers wait through it. A trace with no capacity at all is rejected, because nothing could
/// ever finish on it.
///
/// Units: time in µs (`Int64`, like the engine clock), capacity in bytes per second (`Double`),
/// 1 kbit/s = 1000 bit/s = 125 bytes/s, 1 Mbit/s = 125 000 bytes/s. Byte counts are `Double`
/// because capacity integrates to fractional bytes.
///
/// Complexity: point queries (`capacityBytesPerSecond(atUs:)`, `latencyMs(atUs:)`) and the public
/// integrals are O(log segments). `TransferLink` uses internal cursor-based variants that are
/// amortised O(1) for monotone time. Memory is O(segments).
public struct BandwidthTrace: Sendable, Equatable {
  /// One constant-capacity stretch of a trace.
  public struct Segment: Sendable, Equatable {
    /// Length in µs, >= 0. Zero-length segments are accepted and dropped.
    public var durationUs: Int64
    /// Capacity in bytes per second, finite and >= 0.
    public var bytesPerSecond: Double
    /// Time to first byte in ms for requests issued during this segment (Sabre's per-period
    /// `latency_ms`), finite and >= 0; nil when the trace says nothing about latency.
    public var latencyMs: Double?

    public init(durationUs: Int64, bytesPerSecond: Double, latencyMs: Double? = nil) {
      self.durationUs = durationUs
      self.bytesPerSecond = bytesPerSecond
      self.latencyMs = latencyMs
    }
  }

  /// True when the trace replays from its start after `periodUs`; false when the last segment's
  /// capacity holds for ever after the end.
  public let loops: Bool
  /// True for `.unlimited`: every transfer finishes the moment it starts.
  public let isUnlimited: Bool
  /// Sum of the segment durations in µs (> 0), or 0 for `.unlimited`.
  public let periodUs: Int64
  /// `periodUs` (1 for `.unlimited`) as a multiply-shift divisor: `locate` splits every time it
  /// resolves into laps, and a 64-bit hardware division costs tens of cycles.
  private let period: ExactDivisor
  /// Bytes the link can deliver over one period (> 0), or `.infinity` for `.unlimited`.
  public let periodBytes: Double

  /// Start of each segment in µs from the start of the period; `startUs[0] == 0`.
  let startUs: [Int64]
  /// Capacity of each segment in bytes per second.
  let rate: [Double]
  /// Bytes delivered from the start of the period to the start of each segment; one more entry
  /// than there are segments, the last being `periodBytes`.
  let cumulative: [Double]
  /// Per-segment latency in ms, or empty when no segment has one.
  let latencies: [Double?]

  // MARK: - Construction

  /// A link without a capacity limit: transfers finish when they start.
  public static let unlimited = BandwidthTrace()

  private init() {
    loops = false
    isUnlimited = true
    periodUs = 0
    period = ExactDivisor(1)
    periodBytes = .infinity
    startUs = []
    rate = []
    cumulative = []
    latencies = []
  }

  /// A link of constant capacity `kbps` kbit/s (1 kbit/s = 125 bytes/s), such as
  /// `network.bandwidth_kbps`. Its single segment lasts a nominal 1 s and holds for ever
  /// (no looping). `kbps = .infinity` gives `.unlimited`.
  ///
  /// - Throws: `BandwidthTraceError` when `kbps` is NaN or not > 0.
  public static func constant(kbps: Double) throws(BandwidthTraceError) -> BandwidthTrace {
    if kbps == .infinity { return .unlimited }
    guard kbps > 0 else {  // also false for NaN
      throw BandwidthTraceError(
        message: "bandwidth must be > 0 kbit/s, got \(DecimalFormat.readable(kbps, against: [0]))")
    }
    return try BandwidthTrace(
      segments: [Segment(durationUs: 1_000_000, bytesPerSecond: kbps * 125)], loop: false)
  }

  /// A trace from its segments, played in order from time 0.
  ///
  /// Zero-length segments are dropped; all others are kept as given (adjacent equal segments are
  /// not merged), so `segments` reads back what was passed minus the empty ones.
  ///
  /// - Parameters:
  ///   - segments: at least one segment with a positive duration; the durations must sum to at
  ///     most `Int64.max` µs.
  ///   - loop: replay from the start after the last segment (true) or keep the last segment's
  ///     capacity and latency for ever (false).
  /// - Throws: `BandwidthTraceError` for a negative duration, a negative or non-finite capacity or
  ///   latency, no segment of positive duration, an overflowing total duration, or no capacity at
  ///   all (every segment at 0 bytes/s).
  /// - Complexity: O(segments).
  public init(segments: [Segment], loop: Bool) throws(BandwidthTraceError) {
    var startUs: [Int64] = []
    var rate: [Double] = []
    var cumulative: [Double] = []
    var latencies: [Double?] = []
    startUs.reserveCapacity(segments.count)
    rate.reserveCapacity(segments.count)
    cumulative.reserveCapacity(segments.count + 1)
    latencies.reserveCapacity(segments.count)
    var clockUs: Int64 = 0
    var bytes = 0.0
    var anyLatency = false
    for (index, segment) in segments.enumerated() {
      guard segment.durationUs >= 0 else {
        throw BandwidthTraceError(
          message: "segment \(index): duration must be >= 0 µs, got \(segment.durationUs)")
      }
      guard segment.bytesPerSecond >= 0, segment.bytesPerSecond.isFinite else {
        throw BandwidthTraceError(
          message:
            "segment \(index): capacity must be a finite number >= 0 bytes/s, got "
            + DecimalFormat.readable(segment.bytesPerSecond, against: [0])
        )
      }
      if let latency = segment.latencyMs {
        guard latency >= 0, latency.isFinite else {
          throw BandwidthTraceError(
            message: "segment \(index): latency must be a finite number >= 0 ms, got "
              + DecimalFormat.readable(latency, against: [0]))
        }
        anyLatency = true
      }
      if segment.durationUs == 0 { continue }
      startUs.append(clockUs)
      rate.append(segment.bytesPerSecond)
      cumulative.append(bytes)
      latencies.append(segment.latencyMs)
      let (end, overflow) = clockUs.addingReportingOverflow(segment.durationUs)
      guard !overflow else {
        throw BandwidthTraceError(message: "the total duration overflows \(Int64.max) µs")
      }
      clockUs = end
      bytes += segment.bytesPerSecond * Double(segment.durationUs) / 1_000_000
    }
    guard !startUs.isEmpty else {
      throw BandwidthTraceError(
        message: "a bandwidth trace needs at least one segment with a positive duration")
    }
    guard bytes > 0 else {
      throw BandwidthTraceError(
        message: "the trace has no capacity at all: every segment is 0 bytes/s")
    }
    cumulative.append(bytes)
    self.loops = loop
    self.isUnlimited = false
    self.periodUs = clockUs
    self.period = ExactDivisor(clockUs)
    self.periodBytes = bytes
    self.startUs = startUs
    self.rate = rate
    self.cumulative = cumulative
    self.latencies = anyLatency ? latencies : []
  }

  // MARK: - Queries

  /// The segments as stored (zero-length ones dropped); empty for `.unlimited`.
  /// - Complexity: O(segments); allocates.
  public var segments: [Segment] {
    (0..<startUs.count).map { index in
      let end = index + 1 < startUs.count ? startUs[index + 1] : periodUs
      return Segment(
        durationUs: end - startUs[index], bytesPerSecond: rate[index],
        latencyMs: latencies.isEmpty ? nil : latencies[index])
    }
  }

  /// Number of stored segments (0 for `.unlimited`).
  public var segmentCount: Int { startUs.count }

  /// Mean capacity over one period in bytes per second (`.infinity` for `.unlimited`).
  public var meanBytesPerSecond: Double {
    isUnlimited ? .infinity : periodBytes * 1_000_000 / Double(periodUs)
  }

  /// Capacity in bytes per second at `timeUs` (the segment containing it; a segment covers
  /// [start, end)). `.infinity` for `.unlimited`.
  /// - Complexity: O(log segments).
  public func capacityBytesPerSecond(atUs timeUs: Int64) -> Double {
    if isUnlimited { return .infinity }
    return rate[locate(timeUs, hint: 0).segment]
  }

  /// Latency in ms of the segment containing `timeUs`, or nil when the trace carries none
  /// (only `periods` traces do).
  /// - Complexity: O(log segments).
  public func latencyMs(atUs timeUs: Int64) -> Double? {
    var segment = 0
    return latencyMs(atUs: timeUs, segmentHint: &segment)
  }

  /// `latencyMs(atUs:)` searching from segment `segmentHint`, which is left at the segment found:
  /// a caller asking at times that mostly increase pays amortised O(1).
  func latencyMs(atUs timeUs: Int64, segmentHint: inout Int) -> Double? {
    if isUnlimited || latencies.isEmpty { return nil }
    // The segment alone: not the bytes into the lap that `locate` also works out.
    segmentHint = findSegment(containing: lapAndOffset(timeUs).offsetUs, hint: segmentHint)
    return latencies[segmentHint]
  }

  /// Bytes the link delivers between `fromUs` and `toUs` at full capacity: the integral of
  /// capacity over [fromUs, toUs]. 0 when `toUs <= fromUs`; `.infinity` for `.unlimited` when
  /// `toUs > fromUs`.
  /// - Complexity: O(log segments).
  public func bytesDelivered(fromUs: Int64, toUs: Int64) -> Double {
    guard toUs > fromUs else { return 0 }
    if isUnlimited { return .infinity }
    let from = locate(fromUs, hint: 0)
    return delivered(from: from, to: locate(toUs, hint: from.segment))
  }

  /// The earliest time (µs, fractional) by which the link at full capacity has delivered `bytes`
  /// bytes counted from `fromUs`; `fromUs` itself for `bytes <= 0` or `.unlimited`; nil when it
  /// never happens (a trace without looping whose capacity runs out, ending at 0 bytes/s).
  /// - Complexity: O(log segments).
  public func timeToDeliver(bytes: Double, fromUs: Int64) -> Double? {
    if isUnlimited || !(bytes > 0) { return Double(fromUs) }
    return time(afterDelivering: bytes, from: locate(fromUs, hint: 0))?.timeUs
  }

  // MARK: - Cursor-based internals (used by TransferLink)

  /// A point in time resolved against the segments.
  struct Position: Sendable {
    /// Completed periods before this time (always 0 without looping).
    var lap: Int64
    /// Time since the start of the current period in µs (without looping, may exceed the
    /// period: the last segment extends for ever).
    var offsetUs: Int64
    /// Index of the segment containing `offsetUs`.
    var segment: Int
    /// Bytes delivered from the start of the current period to this time.
    var bytesIntoLap: Double
  }

  /// Resolves `timeUs`. `hint` is a segment index to start searching from (the cursor): the
  /// hinted segment and the next two are checked first, then a binary search is done, so
  /// monotone time costs amortised O(1) and a jump O(log segments). Not for `.unlimited`.
  func locate(_ timeUs: Int64, hint: Int) -> Position {
    let (lap, offset) = lapAndOffset(timeUs)
    let segment = findSegment(containing: offset, hint: hint)
    let bytes = cumulative[segment] + rate[segment] * Double(offset - startUs[segment]) / 1_000_000
    return Position(lap: lap, offsetUs: offset, segment: segment, bytesIntoLap: bytes)
  }

  /// `timeUs` as completed periods and the time into the current one (`Position`'s `lap` and
  /// `offsetUs`).
  @inline(__always)
  private func lapAndOffset(_ timeUs: Int64) -> (lap: Int64, offsetUs: Int64) {
    guard loops else { return (0, max(timeUs, 0)) }
    if timeUs >= 0 {
      let lap = period.quotient(of: timeUs)
      return (lap, timeUs &- lap &* periodUs)
    }
    var lap = timeUs / periodUs
    var offset = timeUs % periodUs
    if offset < 0 {
      offset += periodUs
      lap -= 1
    }
    return (lap, offset)
  }

  /// The last segment whose start is <= `offset` (`offset >= 0`): the hinted segment and the
  /// next two first, then a galloping search onwards from the hint (O(log distance)), or a
  /// binary search of the whole trace when the offset lies before the hint.
  @inline(__always)
  private func findSegment(containing offset: Int64, hint: Int) -> Int {
    let count = startUs.count
    var low = 0
    var high = count - 1
    if hint >= 0 && hint < count && startUs[hint] <= offset {
      var index = hint
      // Monotone time mostly stays in the same segment or moves on by one or two.
      for _ in 0..<3 {
        if index + 1 >= count || offset < startUs[index + 1] { return index }
        index += 1
      }
      low = index
      var step = 1
      while low + step < count && startUs[low + step] <= offset {
        low += step
        step &*= 2
      }
      high = min(low + step, count - 1)
    }
    // Binary search: the last index in [low, high] with startUs[index] <= offset.
    while low < high {
      let middle = low + (high - low + 1) / 2
      if startUs[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Bytes delivered between two resolved times (`to` not before `from`).
  func delivered(from: Position, to: Position) -> Double {
    if from.lap == to.lap { return to.bytesIntoLap - from.bytesIntoLap }
    return Double(to.lap - from.lap) * periodBytes + (to.bytesIntoLap - from.bytesIntoLap)
  }

  /// The earliest absolute time (µs, fractional) at which `bytes` (> 0) more bytes have been
  /// delivered after `from`, with the index of the segment it falls in (a cursor hint); nil if
  /// never (no looping, capacity exhausted). The segment is found by a galloping search from
  /// `from`, so nearby finishes cost O(log distance) and far ones O(log segments).
  func time(afterDelivering bytes: Double, from: Position) -> (
    timeUs: Double, segment: Int
  )? {
    let target = from.bytesIntoLap + bytes
    var lap = from.lap
    var level = target
    var firstSegment = from.segment
    let lastSegment = startUs.count - 1
    if target > periodBytes {
      if !loops {
        // Beyond the recorded capacity: only the last segment, held for ever, can deliver it.
        guard rate[lastSegment] > 0 else { return nil }
        let offset =
          Double(startUs[lastSegment]) + (target - cumulative[lastSegment]) / rate[lastSegment]
          * 1_000_000
        return (max(offset, Double(from.offsetUs)), lastSegment)
      }
      // Whole periods first, then the remainder (in (0, periodBytes]) inside the last lap.
      let extra = target - periodBytes
      let laps = (extra / periodBytes).rounded(.up) - 1
      guard laps < 1e15 else { return nil }
      level = min(max(extra - laps * periodBytes, 0), periodBytes)
      lap = from.lap + 1 + Int64(laps)
      firstSegment = 0
    }
    // Smallest segment j >= firstSegment whose end level cumulative[j + 1] reaches `level`:
    // gallop to bracket it, then binary search.
    var low = firstSegment
    var high = lastSegment
    var step = 1
    while low + step <= lastSegment && cumulative[low + step] < level {
      low += step
      step &*= 2
    }
    high = min(low + step, lastSegment)
    while low < high {
      let middle = low + (high - low) / 2
      if cumulative[middle + 1] >= level { high = middle } else { low = middle + 1 }
    }
    var offset = Double(startUs[low])
    if rate[low] > 0 && level > cumulative[low] {
      offset += (level - cumulative[low]) / rate[low] * 1_000_000
    }
    if lap == from.lap { offset = max(offset, Double(from.offsetUs)) }
    return (Double(lap) * Double(periodUs) + offset, low)
  }
}

/// A set of segments that cannot form a bandwidth trace (see `BandwidthTrace.init(segments:loop:)`).
/// The loaders turn it into an `InputError` naming the trace file.
public struct BandwidthTraceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The rule that was broken and what was found.
  public var message: String

  public init(message: String) { self.message = message }

  public var description: String { message }
}
