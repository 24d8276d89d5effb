import Foundation

/// Recorded raw touches (`touch_csv`) replayed through the scenario's physics: the finger's own
/// movement drives drags, and each lift becomes a fling from the finger's release velocity.
///
/// File format: an optional header `t_ms,action,y_px`, then one `t_ms,action,y_px` row per touch
/// event, times non-decreasing, `action` one of `down`, `move`, `up`, `y_px` the finger's vertical
/// position in screen pixels (growing downwards, as Android's `MotionEvent.getY()` and UIKit's
/// `location(in:)` × scale report it). Blank lines are ignored. Every touch opens with `down`
/// and closes with `up`; a file may end with the finger still down (the touch then simply stops).
///
/// Replay, with pt = px / density:
/// - while the finger is down the content follows it: the offset grows by Δpt as the finger moves
///   Δpt up, piecewise linearly between samples (a drag; past the top it rubber-bands on iOS);
/// - at `up` the release velocity is a least-squares line through the samples of the last 100 ms
///   (AOSP `libs/input/VelocityTracker.cpp`: `HORIZON` 100 ms), or 0 when the finger has not
///   moved in the last 40 ms (`ASSUME_POINTER_STOPPED_TIME`). AOSP fits a quadratic by default and
///   UIKit does not document its estimator: the straight line is our simplification;
/// - that velocity starts a fling under the scenario's physics (Android applies its 50 / 8000 dp/s
///   gates), which runs until it rests or a new `down` catches it: the content stops where it is
///   and follows the new touch.
public struct TouchRecording: Sendable, Equatable {
  public enum Action: String, Sendable, Equatable, CaseIterable {
    case down, move, up
  }

  public struct Event: Sendable, Equatable {
    public var timeMs: Double
    public var action: Action
    public var yPx: Double

    public init(timeMs: Double, action: Action, yPx: Double) {
      self.timeMs = timeMs
      self.action = action
      self.yPx = yPx
    }
  }

  /// Samples older than this before a lift do not count towards its velocity, ms.
  public static let velocityHorizonMs = 100.0
  /// A finger that has not moved for this long before lifting releases no fling, ms.
  public static let pointerStoppedMs = 40.0

  public let events: [Event]
  /// Pixels per pt, > 0.
  public let density: Double

  /// - Parameters:
  ///   - events: well-formed touches (see `parse`), times non-decreasing.
  ///   - density: pixels per pt (3 on a 3× iPhone; Android's `DisplayMetrics.density`), > 0.
  public init(events: [Event], density: Double) {
    self.events = events
    self.density = density
  }

  /// Reads a `touch_csv` file.
  /// - Throws: `InputError` naming the file and the line of the first malformed row.
  public static func load(path: String, density: Double) throws(InputError) -> TouchRecording {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { throw InputError(file: path, location: "", message: "cannot read the file") }
    return try parse(text, file: path, density: density)
  }

  /// Parses `touch_csv` text. Errors (`InputError` with location `line N`): a row without exactly
  /// three fields, a time or y that is not a finite number, an unknown action, a decreasing time,
  /// a time beyond ±10^15 ms or more than 10^9 ms after the first row, a y beyond ±10^14 px,
  /// `move` or `up` with no finger down, `down` while a finger is down; and no touch at all.
  public static func parse(_ text: String, file: String, density: Double) throws(InputError) -> TouchRecording
  {
    var events: [Event] = []
    var fingerDown = false
    var seenRow = false
    var reader = LineReader(Array(text.utf8), blankLines: .skipped)
    while let line = reader.next() {
      let fields = reader.fields(of: line, separatedBy: UInt8(ascii: ","))
      defer { seenRow = true }
      if !seenRow && fields == ["t_ms", "action", "y_px"] { continue }
      let location = line.location
      guard fields.count == 3 else {
        throw InputError(
          file: file, location: location, message: "expected 3 fields t_ms,action,y_px, got \(fields.count)")
      }
      guard let time = Double(fields[0]), time.isFinite else {
        throw InputError(
          file: file, location: location,
          message: "t_ms must be a finite number, got \(ValueText.quoted(fields[0]))")
      }
      guard let action = Action(rawValue: fields[1]) else {
        throw InputError(
          file: file, location: location,
          message: "action must be one of down, move, up, got \(ValueText.quoted(fields[1]))"
            + ValueText.suggestion(for: fields[1], among: Action.allCases.map(\.rawValue)))
      }
      guard let y = Double(fields[2]), y.isFinite else {
        throw InputError(
          file: file, location: location,
          message: "y_px must be a finite number, got \(ValueText.quoted(fields[2]))")
      }
      if let problem = RecordingBounds.timeProblem(time, first: events.first?.timeMs)
        ?? RecordingBounds.positionProblem("y_px", y)
      {
        throw InputError(file: file, location: location, message: problem)
      }
      if let previous = events.last, time < previous.timeMs {
        throw InputError(
          file: file, location: location,
          message:
            "t_ms must not decrease, got \(DecimalFormat.readable(time, against: [previous.timeMs])) after \(DecimalFormat.readable(previous.timeMs))"
        )
      }
      switch action {
      case .down:
        guard !fingerDown else {
          throw InputError(
            file: file, location: location, message: "down while a touch is already down (missing up)")
        }
        fingerDown = true
      case .move, .up:
        guard fingerDown else {
          throw InputError(
            file: file, location: location, message: "\(action.rawValue) with no finger down (missing down)")
        }
        fingerDown = action == .move
      }
      events.append(Event(timeMs: time, action: action, yPx: y))
    }
    guard !events.isEmpty else {
      throw InputError(file: file, location: "", message: "holds no touch events")
    }
    return TouchRecording(events: events, density: density)
  }

  /// Content velocity at a lift, pt/s (positive = towards the feed's end, i.e. the finger moving
  /// up), from the samples of the touch that ends with `samples.last`: (time µs, y px) pairs.
  public static func releaseVelocityPtS(samples: [(timeUs: Int64, yPx: Double)], density: Double) -> Double {
    guard let last = samples.last, samples.count >= 2 else { return 0 }
    // When did the finger last move?
    var movedUs = samples[0].timeUs
    for index in 1..<samples.count where samples[index].yPx != samples[index - 1].yPx {
      movedUs = samples[index].timeUs
    }
    if Double(last.timeUs - movedUs) > pointerStoppedMs * 1000 { return 0 }
    let window = samples.filter { Double(last.timeUs - $0.timeUs) <= velocityHorizonMs * 1000 }
    guard window.count >= 2 else { return 0 }
    let meanT = window.reduce(0.0) { $0 + Double($1.timeUs) } / Double(window.count)
    let meanY = window.reduce(0.0) { $0 + $1.yPx } / Double(window.count)
    var covariance = 0.0
    var variance = 0.0
    for sample in window {
      let dt = Double(sample.timeUs) - meanT
      covariance += dt * (sample.yPx - meanY)
      variance += dt * dt
    }
    guard variance > 0 else { return 0 }
    let pxPerS = covariance / variance * 1_000_000
    return -pxPerS / density
  }

  /// The recording as a scroll source; trace time 0 is the first event. `durationUs`: nil = up to
  /// the last event or the end of the last fling, whichever is later. An iOS fling ends
  /// `iosStopThresholdPt` short of its rest (`ScrollSpec.iosStopThresholdPt`).
  public func scroll(
    physics: ScrollPhysics, durationUs: Int64? = nil,
    iosStopThresholdPt: Double = IOSDecelerationCurve.defaultStopThresholdPt
  ) -> ScriptedScroll {
    var builder = ScrollScriptBuilder()
    let startMs = events.first?.timeMs ?? 0
    func micros(_ ms: Double) -> Int64 { Int64(((ms - startMs) * 1000).rounded()) }
    var pendingFling: FlingCurve? = nil
    var samples: [(timeUs: Int64, yPx: Double)] = []
    var lastUs: Int64 = 0
    var lastYPx = 0.0
    var piecesInTouch = 0
    for event in events {
      let timeUs = micros(event.timeMs)
      switch event.action {
      case .down:
        // The gap since the lift: a fling (caught now if still running), then rest.
        if let curve = pendingFling {
          builder.fling(curve, maxDurationUs: timeUs - builder.clockUs)
          pendingFling = nil
        }
        builder.wait(durationUs: timeUs - builder.clockUs)
        samples = [(timeUs, event.yPx)]
        lastUs = timeUs
        lastYPx = event.yPx
        piecesInTouch = 0
      case .move, .up:
        if timeUs > lastUs {
          let velocity = -(event.yPx - lastYPx) / density / (Double(timeUs - lastUs) / 1_000_000)
          builder.drag(velocityPtS: velocity, durationUs: timeUs - lastUs, continuesTouch: piecesInTouch > 0)
          piecesInTouch += 1
          lastUs = timeUs
          lastYPx = event.yPx
        }
        samples.append((timeUs, event.yPx))
        if event.action == .up {
          // Releases are capped like script velocities (`InputLimits.maxVelocityPtS`): a finger
          // that jumps between two samples a µs apart would otherwise fling arbitrarily far.
          let raw = Self.releaseVelocityPtS(samples: samples, density: density)
          let velocity = min(max(raw, -InputLimits.maxVelocityPtS), InputLimits.maxVelocityPtS)
          if velocity != 0 {
            pendingFling = physics.flingCurve(velocityPtS: velocity, iosStopThresholdPt: iosStopThresholdPt)
          }
          samples = []
        }
      }
    }
    if let curve = pendingFling { builder.fling(curve) }
    return builder.build(durationUs: durationUs)
  }
}
