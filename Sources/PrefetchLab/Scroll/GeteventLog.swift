import Foundation

/// Android's raw touch log, `adb shell getevent -lt` (labelled events with timestamps), turned
/// into the touches of a `touch_csv` (`TouchRecording`).
///
/// Lines look like `[   51925.396204] /dev/input/event4: EV_ABS ABS_MT_POSITION_Y 000007b3`
/// (the device name is absent when getevent watched one device); values are hexadecimal, keys
/// `DOWN`/`UP`/`REPEAT`. getevent's other lines (`add device 1: …`, `  name: "…"`, `could not get …`) and
/// blank lines are skipped. Multi-touch protocol B (the Linux kernel's
/// `Documentation/input/multi-touch-protocol.rst`): `ABS_MT_SLOT` selects a contact,
/// `ABS_MT_TRACKING_ID` starts it (an id) or ends it (`ffffffff`, −1), `ABS_MT_POSITION_Y` moves
/// it, and `SYN_REPORT` closes a frame; `BTN_TOUCH UP` lifts every contact. The touch that is
/// followed is the first finger down while none was: its position at each frame where it moved
/// is a `move` (its first frame a `down`), its end an `up`. Other fingers are ignored (a list
/// handles a second finger its own way; the touch format has one). Only the first device that reports
/// an `ABS_MT_` event is read, unless `device` names one.
///
/// Positions are in the touch panel's units: `y_px = (y − min) × screenHeightPx / (max − min +
/// 1)` when the axis range (from `adb shell getevent -lp`) and the screen height are known,
/// else the raw value (most phones report the panel in display pixels).
public struct GeteventLog: Sendable, Equatable {
  /// The touch axis of `getevent -lp`: `ABS_MT_POSITION_Y : value 0, min 0, max 2399, …`.
  public struct Axis: Sendable, Equatable {
    public var minimum: Double
    public var maximum: Double

    public init(minimum: Double, maximum: Double) {
      self.minimum = minimum
      self.maximum = maximum
    }
  }

  public var events: [TouchRecording.Event]
  /// The device read (`/dev/input/event4`), or "" when the log names none.
  public var device: String
  /// Contacts beyond the followed finger that were ignored.
  public var ignoredContacts: Int

  /// Parses a `getevent -lt` log. Times are ms after the first event's; `toPx` maps raw y.
  /// - Throws: `InputError` at `line N` for a line that is not getevent output (no `[seconds]`
  ///   timestamp: record with `-t`; unlabelled codes: record with `-l`; a value that is not hex,
  ///   DOWN or UP), for time going backwards, and for a log without any touch. O(bytes).
  public static func parse(
    _ text: String, file: String, device wanted: String? = nil, toPx: (Double) -> Double = { $0 }
  ) throws(InputError) -> GeteventLog {
    var reader = LineReader(Array(text.utf8), blankLines: .skipped)
    var device: String? = wanted
    var slot = 0
    var slotY: [Int: Double] = [:]
    var followed: Int? = nil
    var followedDown = false
    var lastReportedY: Double? = nil
    var pendingLift = false
    var events: [TouchRecording.Event] = []
    var ignored = 0
    var firstSeconds: Double? = nil
    var lastSeconds = -Double.infinity
    while let line = reader.next() {
      let content = reader.text(line.range)
      guard content.hasPrefix("[") else {
        if content.hasPrefix("add device") || content.hasPrefix("name:") || content.hasPrefix("could not")
          || content.hasPrefix("events:") || content.hasPrefix("input props:")
          || content.hasPrefix("location:")
          || content.hasPrefix("id:") || content.hasPrefix("version:") || content.hasPrefix("bus:")
        {
          continue
        }
        throw InputError(
          file: file, location: line.location,
          message:
            "expected getevent -lt output ('[seconds] device: TYPE CODE VALUE'), got \(ValueText.quoted(String(content.prefix(80))))"
        )
      }
      guard let close = content.firstIndex(of: "]"),
        let seconds = Double(
          content[content.index(after: content.startIndex)..<close].trimmingCharacters(in: .whitespaces)),
        seconds.isFinite, seconds >= 0
      else {
        throw InputError(
          file: file, location: line.location,
          message: "expected a '[seconds]' timestamp (record with getevent -t)")
      }
      var rest = content[content.index(after: close)...].trimmingCharacters(in: .whitespaces)
      var lineDevice = ""
      if rest.hasPrefix("/"), let colon = rest.firstIndex(of: ":") {
        lineDevice = String(rest[..<colon])
        rest = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
      let fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard fields.count == 3 else {
        throw InputError(
          file: file, location: line.location,
          message: "expected TYPE CODE VALUE after the timestamp, got \(fields.count) fields")
      }
      let (type, code, valueText) = (fields[0], fields[1], fields[2])
      guard type.hasPrefix("EV_") else {
        throw InputError(
          file: file, location: line.location,
          message:
            "expected a labelled event type such as EV_ABS (record with getevent -l), got \(ValueText.quoted(type))"
        )
      }
      if device == nil && code.hasPrefix("ABS_MT_") { device = lineDevice }
      guard let device, lineDevice == device || lineDevice.isEmpty else { continue }
      guard seconds >= lastSeconds else {
        throw InputError(file: file, location: line.location, message: "the timestamp goes backwards")
      }
      lastSeconds = seconds
      let value: Int64
      switch valueText {
      case "DOWN": value = 1
      case "UP": value = 0
      case "REPEAT": value = 2
      default:
        guard let raw = UInt32(valueText, radix: 16) else {
          throw InputError(
            file: file, location: line.location,
            message: "expected a hexadecimal value, DOWN or UP, got \(ValueText.quoted(valueText))")
        }
        value = Int64(Int32(bitPattern: raw))
      }
      switch code {
      case "ABS_MT_SLOT":
        slot = Int(value)
      case "ABS_MT_TRACKING_ID":
        if value < 0 {
          slotY[slot] = nil
          if slot == followed { pendingLift = true }
        } else if followed == nil {
          followed = slot
        } else if slot != followed {
          ignored += 1
        }
      case "ABS_MT_POSITION_Y":
        slotY[slot] = Double(value)
      case "BTN_TOUCH" where value == 0:
        if followed != nil { pendingLift = true }
      case "SYN_REPORT":
        if let slotIndex = followed, let y = slotY[slotIndex] ?? (pendingLift ? lastReportedY : nil) {
          if firstSeconds == nil { firstSeconds = seconds }
          let atMs = (seconds - (firstSeconds ?? seconds)) * 1000
          guard atMs <= InputLimits.maxMilliseconds else {
            throw InputError(
              file: file, location: line.location,
              message:
                "the touches span more than 10^6 s from the first, the longest session a touch_csv holds")
          }
          if !followedDown {
            events.append(.init(timeMs: atMs, action: .down, yPx: toPx(y)))
            followedDown = true
            lastReportedY = y
          } else if y != lastReportedY && !pendingLift {
            events.append(.init(timeMs: atMs, action: .move, yPx: toPx(y)))
            lastReportedY = y
          }
          if pendingLift {
            events.append(.init(timeMs: atMs, action: .up, yPx: toPx(lastReportedY ?? y)))
          }
        }
        if pendingLift {
          followed = nil
          followedDown = false
          pendingLift = false
          lastReportedY = nil
        }
      default:
        continue
      }
    }
    guard !events.isEmpty else {
      throw InputError(
        file: file, location: "", message: "holds no touch (no ABS_MT_POSITION_Y within a tracked contact)")
    }
    return GeteventLog(events: events, device: device ?? "", ignoredContacts: ignored)
  }

  /// Reads the touch axis range from `adb shell getevent -lp` output: the first
  /// `ABS_MT_POSITION_Y : value V, min A, max B, …` line (of `device` when given).
  /// - Throws: `InputError` when no such line is there.
  public static func axis(_ text: String, file: String, device: String? = nil) throws(InputError) -> Axis {
    var current = ""
    for line in text.split(whereSeparator: \.isNewline) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("add device") { current = String(trimmed.split(separator: " ").last ?? "") }
      guard trimmed.contains("ABS_MT_POSITION_Y"), device == nil || device == current else { continue }
      func number(after key: String) -> Double? {
        guard let range = trimmed.range(of: key + " ") else { return nil }
        return Double(trimmed[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
      }
      if let low = number(after: "min"), let high = number(after: "max"), high > low {
        return Axis(minimum: low, maximum: high)
      }
    }
    throw InputError(
      file: file, location: "",
      message:
        "holds no 'ABS_MT_POSITION_Y : value …, min …, max …' line (save the output of adb shell getevent -lp)"
    )
  }
}
