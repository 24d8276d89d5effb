import Foundation
import PrefetchLabCLI
import PrefetchLabReports

/// A scratch folder for one test, removed when the value is released.
final class ScratchFolder {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "prefetchlab-cli-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` to `name` inside the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) -> String {
    let file = path + "/" + name
    try? FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
    return file
  }

  /// Writes `scenarioJSON(overrides)` to `name` inside the folder and returns its path.
  @discardableResult
  func writeScenario(_ name: String, _ overrides: [String: String] = [:]) -> String {
    write(name, scenarioJSON(overrides))
  }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }

  /// Entries directly inside the folder.
  var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

/// Whether the CLI under test finds gnuplot: a condition each test states, never whatever happens
/// to be installed on the machine running the tests.
enum Gnuplot {
  /// An environment whose PATH holds no gnuplot (one folder, which does not exist).
  static let absent: [String: String] = ["PATH": "/nonexistent/prefetchlab-tests-without-gnuplot"]
  /// The test process's environment when its PATH has gnuplot, else nil: tests that need the
  /// real gnuplot are enabled by `isInstalled` and skipped, saying so, without it.
  static let installed: [String: String]? =
    GnuplotRunner.locate() == nil ? nil : ProcessInfo.processInfo.environment
  static var isInstalled: Bool { installed != nil }
}

/// Runs the CLI in-process and captures its output. gnuplot is absent unless `environment`
/// says otherwise (`Gnuplot.installed`).
func runCLI(_ arguments: [String], environment: [String: String] = Gnuplot.absent) -> (
  status: Int32, stdout: String, stderr: String
) {
  let terminal = RecordingTerminal()
  let status = CommandLineTool.main(arguments, terminal: terminal, environment: environment)
  return (status, terminal.stdout, terminal.stderr)
}

/// The small scenario's feed (100 rows of 100 pt in pages of 10) with `members`, raw JSON such as
/// `"pagination": "cursor"`, added.
func tinyFeedJSON(_ members: String = "") -> String {
  #"{"total_items": 100, "page_size": 10, "item_height_pt": 100"# + (members.isEmpty ? "" : ", " + members)
    + "}"
}

/// A small valid scenario; `overrides` replaces top-level sections by raw JSON.
func scenarioJSON(name: String = "tiny", _ overrides: [String: String] = [:]) -> String {
  var sections: [(String, String)] = [
    ("\"name\"", "\"\(name)\""),
    ("\"duration_s\"", "5"),
    ("\"feed\"", tinyFeedJSON()),
    ("\"network\"", #"{"rtt_ms": 100}"#),
    ("\"scroll\"", #"{"script": [{"drag": {"velocity_pt_s": 500, "duration_ms": 4000}}]}"#),
  ]
  for (key, value) in overrides {
    if let index = sections.firstIndex(where: { $0.0 == "\"\(key)\"" }) {
      sections[index].1 = value
    } else {
      sections.append(("\"\(key)\"", value))
    }
  }
  return "{" + sections.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
}
