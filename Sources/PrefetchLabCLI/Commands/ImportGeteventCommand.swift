import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab import getevent LOG --out touch.csv [--density D] [--axis GETEVENT_LP.txt
/// --screen-height-px N] [--device PATH]`: an `adb shell getevent -lt` log as the `touch_csv`
/// that `scroll.trace` replays through the physics.
enum ImportGeteventCommand {
  static let spec = CommandSpec(
    name: "getevent",
    abstract: "Turn an Android 'adb shell getevent -lt' touch log into a touch_csv recording.",
    discussion: """
      Follows the first finger of each touch through multi-touch protocol B (ABS_MT_SLOT, \
      ABS_MT_TRACKING_ID, ABS_MT_POSITION_Y, BTN_TOUCH, SYN_REPORT) and writes t_ms,action,y_px \
      rows (down, move, up; times from the first touch), which a scenario replays with \
      "trace": {"path": …, "format": "touch_csv", "density": D}. Record with \
      'adb shell getevent -lt /dev/input/eventN > touches.txt' while scrolling the list. The touch \
      panel's units are taken for pixels unless --axis (the output of 'adb shell getevent -lp') \
      and --screen-height-px say how they map. --density (px per dp: 'adb shell wm density' ÷ \
      160) goes into the scenario line printed on standard error. --out replaces only a touch \
      CSV (a file starting with its header line), never the log it reads.
      """,
    arguments: [
      .positional("log", help: "The getevent -lt log."),
      .option("out", required: true, help: "The touch_csv file to write."),
      .option("density", help: "Pixels per dp, 0.5...10, for the printed scenario line."),
      .option("axis", help: "The output of adb shell getevent -lp (the touch panel's y range)."),
      .option(
        "screen-height-px", range: 1...100_000,
        help: "The display's height in pixels, 1...100000; with --axis, maps panel units to pixels."),
      .option(
        "device", help: "The input device to read (/dev/input/eventN); default: the first with touches."),
    ],
    validate: { parsed throws(ValidationError) in
      try OutputPathRule.check(parsed, option: "out", target: .file)
      if let text = parsed.string("density") {
        guard let density = Double(text), density.isFinite, (0.5...10).contains(density) else {
          throw .invalidValue(text, for: "density", reason: "must be a number from 0.5 to 10")
        }
      }
      if parsed.isGiven("axis") != parsed.isGiven("screen-height-px") {
        throw ValidationError(
          "--axis and --screen-height-px go together: the panel's range and the screen's height")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, _ in try execute(parsed, terminal) }

  static let headerLine = "t_ms,action,y_px"

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput) throws -> Int32 {
    let path = parsed.string("log") ?? ""
    let out = parsed.string("out") ?? ""
    var inputs = [path]
    if let axis = parsed.string("axis") { inputs.append(axis) }
    try ReplaceableFile.check(
      out, label: "--out \(out)", inputs: inputs, isOwn: { ReplaceableFile.startsWithLine($0, headerLine) })
    var toPx: @Sendable (Double) -> Double = { $0 }
    if let axisPath = parsed.string("axis"), let height = parsed.int("screen-height-px") {
      let axis = try GeteventLog.axis(try readText(axisPath), file: axisPath, device: parsed.string("device"))
      toPx = { ($0 - axis.minimum) * Double(height) / (axis.maximum - axis.minimum + 1) }
    }
    let log = try GeteventLog.parse(
      try readText(path), file: path, device: parsed.string("device"), toPx: toPx)
    var writer = CSVWriter(header: headerLine.split(separator: ",").map(String.init))
    for event in log.events {
      writer.append([
        CSVCell.decimal(event.timeMs, places: 3), event.action.rawValue,
        CSVCell.decimal(event.yPx, places: 3),
      ])
    }
    try AtomicFile.writeNew(
      writer.text, to: out, label: "--out \(out)",
      mayReplace: { ReplaceableFile.startsWithLine($0, headerLine) })
    let touches = log.events.filter { $0.action == .down }.count
    let seconds = (log.events.last?.timeMs ?? 0) / 1000
    var summary =
      "Wrote \(out): \(touches) touch\(touches == 1 ? "" : "es") over \(DecimalFormat.readable((seconds * 1000).rounded() / 1000)) s"
      + (log.device.isEmpty ? "" : " from \(log.device)")
    if log.ignoredContacts > 0 { summary += "; \(log.ignoredContacts) further finger(s) ignored" }
    terminal.err(summary + "\n")
    let density = parsed.string("density").flatMap(Double.init)
    terminal.err(
      "Replay it with: \"scroll\": {\"physics\": \"android\", \"trace\": {\"path\": \"\(out)\", \"format\": \"touch_csv\", \"density\": "
        + (density.map { DecimalFormat.readable($0) } ?? "<px per dp: adb shell wm density ÷ 160>") + "}}\n")
    return ExitStatus.ok
  }

  static func readText(_ path: String) throws(InputError) -> String {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      throw InputError(file: path, location: "", message: "cannot read the file")
    }
    return text
  }
}
