import Foundation
import PrefetchLab

/// One fuzz input: a mutated bundled scenario, the trace files it names and the command-line
/// options it is run with. A pure function of (seed, index, corpus).
struct FuzzCase {
  let index: Int
  let scenario: [UInt8]
  let files: [(name: String, text: String?)]
  let runOptions: [String]

  /// The bundled scenarios and the files beside them (`traces/…`).
  struct Corpus {
    let scenarios: [(name: String, json: JSONValue)]
    let files: [(name: String, text: String)]

    init(folder: String) throws {
      let manager = FileManager.default
      var scenarios: [(String, JSONValue)] = []
      for name in try manager.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".json") {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        scenarios.append((name, try JSONValue(parsing: [UInt8](data))))
      }
      var files: [(String, String)] = []
      // Every file below traces/, subfolders included (bundled recordings sit in traces/<source>/).
      let traces = folder + "/traces"
      for name in ((try? manager.subpathsOfDirectory(atPath: traces)) ?? []).sorted() {
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: traces + "/" + name, isDirectory: &isFolder), !isFolder.boolValue,
          let text = try? String(contentsOfFile: traces + "/" + name, encoding: .utf8)
        else { continue }
        files.append(("traces/" + name, text))
      }
      guard !scenarios.isEmpty else { throw FuzzFailure("no *.json scenarios in \(folder)") }
      self.scenarios = scenarios
      self.files = files
    }
  }

  init(seed: UInt64, index: Int, corpus: Corpus, strategies: [String]) {
    var random = FuzzRandom(seed: seed, input: index)
    var json = random.pick(corpus.scenarios).json
    // Most inputs keep sessions short so thousands run in minutes; the rest keep their own length
    // or get an extreme one from the mutations.
    if random.chance(0.85) {
      json = ScenarioMutator.replacing(
        [.key("duration_s")][...], in: json, with: JSONValue(Double(random.int(1..<40))))
    }
    var mutator = ScenarioMutator(random: random)
    for _ in 0..<mutator.random.int(1..<3) { json = mutator.mutate(json) }
    scenario = mutator.finish(json)
    files = corpus.files.map { ($0.name, Optional($0.text)) } + mutator.files
    var options = [
      "--strategy", mutator.random.pick(strategies), "--seeds", mutator.random.pick(["1", "2", "1-2"]),
    ]
    options += ["--timeline-interval-ms", mutator.random.pick(["0", "100", "100", "7", "1000"])]
    runOptions = options
    self.index = index
  }

  /// Writes the scenario (`scenario.json`) and its files into `folder`; returns the scenario's path.
  func write(into folder: String) throws -> String {
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder + "/traces", withIntermediateDirectories: true)
    for (name, text) in files {
      guard let text else { continue }
      let path = folder + "/" + name
      try manager.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    let path = folder + "/scenario.json"
    try Data(scenario).write(to: URL(fileURLWithPath: path))
    return path
  }
}

struct FuzzFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
