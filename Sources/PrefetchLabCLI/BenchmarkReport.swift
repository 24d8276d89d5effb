import Foundation
import PrefetchLab
import PrefetchLabReports

/// What `prefetchlab bench` measured, as a table for people and as JSON to save and compare
/// against later (`--format json`, `--baseline FILE`).
///
/// JSON (`format` 1):
///
/// ```json
/// {"tool": "prefetchlab", "version": "0.1.0", "format": 1,
///  "settings": {"seconds": 600, "sessions": 40, "repetitions": 5, "warmup": 1},
///  "peak_memory_bytes": 20447232,
///  "results": [{"case": "flicker, 1000 items, pages only", "strategy": "infinite_scroll",
///               "engine": "event", "session_s": 24000, "events": 52310,
///               "session_frames": 1440000, "stepped_frames": 1414200,
///               "cpu_s": [0.049, 0.048, …],
///               "session_frames_per_s": {"min": …, "median": …, "max": …},
///               "stepped_frames_per_s": {"min": …, "median": …, "max": …},
///               "session_s_per_cpu_s": {…}, "events_per_s": {…}}],
///  "event_over_stepped": [{"case": "flicker, 1000 items, pages only", "strategy": "infinite_scroll",
///                          "session_frames_per_s_ratios": [1.021, 1.034, …],
///                          "session_frames_per_s_ratio": {"min": …, "median": …, "max": …}}]}
/// ```
///
/// `session_frames` counts the frames of one sample and `stepped_frames` those of them the engine
/// computed in full (the table's "full frames"; the key keeps its first name so that saved files
/// still load), `session_s` its simulated session time and `events` the timed events the engine
/// handled: they depend only on the build and the settings, so two files with equal counts
/// measured the same work. Files
/// written before the engines had names have no `engine` (read as `stepped`, the only engine
/// then), `session_s` or `events` (read as 0).
///
/// `event_over_stepped` is the event engine's speed-up paired per repetition (`pairedRatios`):
/// for each case × strategy measured with both engines, the event rate of repetition r ÷ the
/// stepped rate of repetition r, whose samples ran back to back. It is derived from `cpu_s` and
/// not read back: files written before it existed load the same, and older readers ignore it.
struct BenchmarkReport: Equatable {
  static let currentFormat = 1

  struct Settings: Equatable {
    var seconds: Int
    var sessions: Int
    var repetitions: Int
    var warmup: Int
  }

  struct Row: Equatable {
    var caseLabel: String
    var strategy: String
    var engine = SimulationEngine.stepped.rawValue
    var sessionSeconds = 0.0
    var events = 0
    var sessionFrames: Int
    /// Frames computed in full in one sample (JSON `stepped_frames`).
    var fullFrames: Int
    var cpuSeconds: [Double]

    /// Session frames per CPU-second of each timed sample, in the order of `cpuSeconds`.
    var sessionFramesPerSecond: [Double] { cpuSeconds.map { Double(sessionFrames) / max($0, 1e-9) } }
    var sessionRate: Spread { Spread(sessionFramesPerSecond) }
    var fullRate: Spread { Spread(cpuSeconds.map { Double(fullFrames) / max($0, 1e-9) }) }
    /// Simulated session seconds per CPU second.
    var sessionSecondsRate: Spread { Spread(cpuSeconds.map { sessionSeconds / max($0, 1e-9) }) }
    var eventRate: Spread { Spread(cpuSeconds.map { Double(events) / max($0, 1e-9) }) }
    var key: String { caseLabel + " / " + strategy + " / " + engine }
  }

  /// Smallest, median and largest of a sample (the median of an even count is the mean of the
  /// middle two).
  struct Spread: Equatable {
    var min: Double
    var median: Double
    var max: Double

    init(_ values: [Double]) {
      let sorted = values.sorted()
      min = sorted.first ?? 0
      max = sorted.last ?? 0
      let middle = sorted.count / 2
      median =
        sorted.isEmpty
        ? 0 : sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
  }

  var version: String
  var settings: Settings
  var peakMemoryBytes: Int
  var rows: [Row]

  init(version: String, settings: Settings, peakMemoryBytes: Int, rows: [Row]) {
    self.version = version
    self.settings = settings
    self.peakMemoryBytes = peakMemoryBytes
    self.rows = rows
  }

  init(_ measurements: [BenchmarkSuite.Measurement], settings: Settings, peakMemoryBytes: Int) {
    self.init(
      version: ToolVersion.current, settings: settings, peakMemoryBytes: peakMemoryBytes,
      rows: measurements.map {
        Row(
          caseLabel: $0.caseLabel, strategy: $0.strategy, engine: $0.engine.rawValue,
          sessionSeconds: $0.sessionSeconds, events: $0.events, sessionFrames: $0.sessionFrames,
          fullFrames: $0.fullFrames, cpuSeconds: $0.cpuSeconds)
      })
  }

  /// Rows whose shortest sample is under `BenchmarkSuite.minimumSampleSeconds`, shortest first.
  var tooShortToTime: [Row] {
    // Shortest first (the warning names it: its figures mean least), table order among equals.
    rows.enumerated().map { (shortest: $0.element.cpuSeconds.min() ?? 0, index: $0.offset, row: $0.element) }
      .filter { $0.shortest < BenchmarkSuite.minimumSampleSeconds }
      .sorted { ($0.shortest, $0.index) < ($1.shortest, $1.index) }.map(\.row)
  }

  // MARK: - Text

  /// The table: frames per CPU-second as min / median / max over the repetitions, in millions;
  /// full frames, simulated session seconds and events per CPU-second as medians.
  var text: String {
    let header = [
      "case", "strategy", "engine", "session frames/s (min / median / max)", "full frames/s (median)",
      "session s per cpu s (median)", "events/s (median)", "cpu ms per sample (median)",
    ]
    var table = [header]
    for row in rows {
      let session = row.sessionRate
      table.append([
        row.caseLabel, row.strategy, row.engine,
        "\(millions(session.min)) / \(millions(session.median)) / \(millions(session.max)) M",
        millions(row.fullRate.median) + " M",
        DecimalFormat.fixed(row.sessionSecondsRate.median, places: 0),
        millions(row.eventRate.median) + " M",
        DecimalFormat.fixed(Spread(row.cpuSeconds).median * 1000, places: 1),
      ])
    }
    var text = TextTable.render(table, rightAligned: Set(3..<header.count))
    let peakMiB = Double(peakMemoryBytes) / 1_048_576
    text +=
      "\n\(settings.repetitions) timed samples of \(settings.sessions) sessions of \(settings.seconds) s each "
    text += "per row, after \(settings.warmup) untimed; peak memory "
    text += "\(DecimalFormat.fixed(peakMiB, places: 1)) MiB (whole process)\n"
    return text + pairedRatiosText
  }

  private func millions(_ value: Double) -> String { DecimalFormat.fixed(value / 1e6, places: 2) }

  // MARK: - JSON

  var json: JSONValue {
    // Rates to the frame per second and CPU times to the nanosecond: what the clocks resolve.
    func spread(_ spread: Spread) -> JSONValue {
      [
        "min": JSONValue(spread.min.rounded()), "median": JSONValue(spread.median.rounded()),
        "max": JSONValue(spread.max.rounded()),
      ]
    }
    return [
      "tool": "prefetchlab", "version": .string(version), "format": JSONValue(Self.currentFormat),
      "settings": [
        "seconds": JSONValue(settings.seconds), "sessions": JSONValue(settings.sessions),
        "repetitions": JSONValue(settings.repetitions), "warmup": JSONValue(settings.warmup),
      ],
      "peak_memory_bytes": JSONValue(peakMemoryBytes),
      "results": .array(
        rows.map { row in
          [
            "case": .string(row.caseLabel), "strategy": .string(row.strategy), "engine": .string(row.engine),
            "session_s": JSONValue((row.sessionSeconds * 1e6).rounded() / 1e6),
            "events": JSONValue(row.events),
            "session_frames": JSONValue(row.sessionFrames), "stepped_frames": JSONValue(row.fullFrames),
            "cpu_s": .array(row.cpuSeconds.map { JSONValue(($0 * 1e9).rounded() / 1e9) }),
            "session_frames_per_s": spread(row.sessionRate), "stepped_frames_per_s": spread(row.fullRate),
            "session_s_per_cpu_s": spread(row.sessionSecondsRate), "events_per_s": spread(row.eventRate),
          ]
        }),
      "event_over_stepped": pairedRatiosJSON,
    ]
  }

  /// Reads a file written with `--format json`.
  /// - Throws: `InputError` naming the file and the JSON path of what is missing or mistyped.
  init(contentsOf path: String) throws(InputError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError(file: path, location: "", message: "cannot read the bench baseline")
    }
    let value: JSONValue
    do { value = try JSONValue(parsing: Array(data)) } catch {
      throw InputError(file: path, location: error.location, message: error.message)
    }
    func fail(_ location: String, _ message: String = "missing or of the wrong type") -> InputError {
      InputError(file: path, location: location, message: message)
    }
    func integer(_ value: JSONValue?, _ location: String) throws(InputError) -> Int {
      guard let number = value?.doubleValue, number.rounded() == number, abs(number) < 0x1p53 else {
        throw fail(location, "must be an integer")
      }
      return Int(number)
    }
    guard value["tool"]?.stringValue == "prefetchlab" else {
      throw fail("tool", "not a prefetchlab bench file (write one with 'prefetchlab bench --format json')")
    }
    let format = try integer(value["format"], "format")
    guard format == Self.currentFormat else {
      throw fail("format", "format \(format) is not one this prefetchlab reads (\(Self.currentFormat))")
    }
    guard let version = value["version"]?.stringValue else { throw fail("version") }
    let settings = Settings(
      seconds: try integer(value["settings"]?["seconds"], "settings.seconds"),
      sessions: try integer(value["settings"]?["sessions"], "settings.sessions"),
      repetitions: try integer(value["settings"]?["repetitions"], "settings.repetitions"),
      warmup: try integer(value["settings"]?["warmup"], "settings.warmup"))
    guard let results = value["results"]?.arrayValue else { throw fail("results") }
    var rows: [Row] = []
    // Where each (case, strategy, engine) was first met: the comparison matches rows on it, so a
    // second row of the same would be judged against whichever it met first.
    var firstIndex: [[String]: Int] = [:]
    for (index, item) in results.enumerated() {
      let location = "results[\(index)]"
      guard let caseLabel = item["case"]?.stringValue, let strategy = item["strategy"]?.stringValue else {
        throw fail(location, "needs case and strategy")
      }
      let engine = item["engine"]?.stringValue ?? SimulationEngine.stepped.rawValue
      if let first = firstIndex.updateValue(index, forKey: [caseLabel, strategy, engine]) {
        throw fail(location, "repeats results[\(first)] (the same case, strategy and engine)")
      }
      guard let cpu = item["cpu_s"]?.arrayValue, !cpu.isEmpty else {
        throw fail(location + ".cpu_s", "must be a non-empty array of numbers")
      }
      var cpuSeconds: [Double] = []
      for (sample, seconds) in cpu.enumerated() {
        guard let seconds = seconds.doubleValue, seconds > 0 else {
          throw fail("\(location).cpu_s[\(sample)]", "must be a number > 0")
        }
        cpuSeconds.append(seconds)
      }
      guard SimulationEngine(rawValue: engine) != nil else {
        throw fail(location + ".engine", "expected event or stepped")
      }
      rows.append(
        Row(
          caseLabel: caseLabel, strategy: strategy, engine: engine,
          sessionSeconds: item["session_s"]?.doubleValue ?? 0,
          events: item["events"] == nil ? 0 : try integer(item["events"], location + ".events"),
          sessionFrames: try integer(item["session_frames"], location + ".session_frames"),
          fullFrames: try integer(item["stepped_frames"], location + ".stepped_frames"),
          cpuSeconds: cpuSeconds))
    }
    self.init(
      version: version, settings: settings,
      peakMemoryBytes: try integer(value["peak_memory_bytes"], "peak_memory_bytes"), rows: rows)
  }
}
