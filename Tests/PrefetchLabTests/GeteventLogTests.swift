import Foundation
import Testing

@testable import PrefetchLab

/// `getevent -lt` logs read by hand: one finger followed through protocol B, the rest ignored.
@Suite struct GeteventLogTests {
  static let log = """
    add device 2: /dev/input/event2
      name:     "gpio-keys"
    [  100.000000] /dev/input/event2: EV_KEY       KEY_POWER            DOWN
    [  100.000000] /dev/input/event5: EV_ABS       ABS_MT_TRACKING_ID   00000007
    [  100.000000] /dev/input/event5: EV_ABS       ABS_MT_POSITION_Y    00000960
    [  100.000000] /dev/input/event5: EV_SYN       SYN_REPORT           00000000
    [  100.010000] /dev/input/event5: EV_ABS       ABS_MT_POSITION_Y    00000900
    [  100.010000] /dev/input/event5: EV_SYN       SYN_REPORT           00000000
    [  100.020000] /dev/input/event5: EV_KEY       BTN_TOUCH            REPEAT
    [  100.020000] /dev/input/event5: EV_SYN       SYN_REPORT           00000000
    [  100.030000] /dev/input/event5: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [  100.030000] /dev/input/event5: EV_SYN       SYN_REPORT           00000000
    """

  @Test func theFirstMultiTouchDeviceIsFollowed() throws {
    // 0x960 = 2400, 0x900 = 2304; a frame without a move adds nothing.
    let parsed = try GeteventLog.parse(Self.log, file: "t.txt")
    #expect(parsed.device == "/dev/input/event5")
    #expect(parsed.events.map(\.action) == [.down, .move, .up])
    #expect(parsed.events.map(\.yPx) == [2400, 2304, 2304])
    #expect(parsed.events.map { ($0.timeMs * 1000).rounded() / 1000 } == [0, 10, 30])
    // Panel units mapped as import getevent --axis maps them: a 0…4799 panel on 2400 px.
    let mapped = try GeteventLog.parse(Self.log, file: "t.txt", toPx: { $0 * 2400 / 4800 })
    #expect(mapped.events.map(\.yPx) == [1200, 1152, 1152])
    // Another device named: it has no touches.
    #expect(throws: InputError.self) {
      try GeteventLog.parse(Self.log, file: "t.txt", device: "/dev/input/event2")
    }
  }

  @Test func badLinesAreNamed() {
    func message(_ text: String) -> String? {
      do {
        _ = try GeteventLog.parse(text, file: "t.txt")
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      message("[ 1.0] /dev/input/event5: 0003 0036 00000010\n")
        == "t.txt: line 1: expected a labelled event type such as EV_ABS (record with getevent -l), got '0003'"
    )
    #expect(
      message("[ 2.0] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.0] EV_ABS ABS_MT_POSITION_Y 00000001\n")
        == "t.txt: line 2: the timestamp goes backwards")
    #expect(
      message(
        "[ 1.0] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.0] EV_ABS ABS_MT_POSITION_Y 00000001\n[ 1.0] EV_SYN SYN_REPORT 0\n"
          + "[ 2000000.0] EV_ABS ABS_MT_POSITION_Y 00000002\n[ 2000000.0] EV_SYN SYN_REPORT 0\n")
        == "t.txt: line 5: the touches span more than 10^6 s from the first, the longest session a touch_csv holds"
    )
    #expect(
      message("add device 1: /dev/input/event5\n")
        == "t.txt: holds no touch (no ABS_MT_POSITION_Y within a tracked contact)")
  }
}
