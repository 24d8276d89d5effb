import Foundation
import Testing

/// The built `prefetchlab` executable, run as a user runs it.
enum Prefetchlab {
  /// The package's root folder (where Package.swift is).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The executable in the build products folder that holds this test bundle (SwiftPM builds
  /// `prefetchlab` there because EndToEndTests depends on it), whatever the configuration or
  /// build path; `.build/debug/prefetchlab` under the package as a fallback.
  static let executable: URL = {
    let fileManager = FileManager.default
    var candidates: [URL] = []
    #if os(Linux)
      if let test = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append(URL(fileURLWithPath: test).deletingLastPathComponent())
      }
    #endif
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    for folder in candidates {
      let url = folder.appendingPathComponent("prefetchlab")
      if fileManager.isExecutableFile(atPath: url.path) { return url }
    }
    return candidates.last!.appendingPathComponent("prefetchlab")
  }()

  /// Scenario files in the bundled scenarios/ folder.
  static func bundledScenarioCount() -> Int {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: packageRoot.appendingPathComponent("scenarios").path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.count
  }

  /// The strategies a scenario without a list runs, in registry order, as `prefetchlab list`
  /// names them (its unindented lines of lowercase letters, digits and `_`), less those it marks
  /// as platform models.
  static func strategyNames() throws -> [String] {
    let listed = try run(["list"])
    var names: [String] = []
    for block in listed.out.components(separatedBy: "\n\n") {
      guard let name = block.split(separator: "\n").first.map(String.init),
        !name.isEmpty,
        name.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }),
        !block.contains("Platform model:")
      else { continue }
      names.append(name)
    }
    return names
  }

  /// Summary rows `run scenarios/` writes: each bundled scenario's own strategy list, or the
  /// general strategies when it has none, times its default seeds (`seeds` nil) or `seeds`
  /// seeds (`--seeds` given).
  static func bundledRunCount(seeds given: Int? = nil) throws -> Int {
    let general = try strategyNames().count
    let folder = packageRoot.appendingPathComponent("scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var runs = 0
    for name in names where name.hasSuffix(".json") {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      let listed = (object?["strategies"] as? [Any])?.count ?? 0
      // Each scenario runs its `seeds` default seeds (1 without the key).
      let seeds = given ?? (object?["seeds"] as? Int) ?? 1
      runs += (listed > 0 ? listed : general) * seeds
    }
    return runs
  }

  struct Result {
    let status: Int32
    let out: String
    let err: String
  }

  /// Runs `prefetchlab arguments` in `directory` (default: the package root) and waits for it,
  /// with `path` as its PATH (default: one without gnuplot; pass `Gnuplot.installedPath` to
  /// draw plots). Output goes through files, so a long report can never fill a pipe and block
  /// the tool.
  static func run(_ arguments: [String], in directory: URL = packageRoot, path: String = Gnuplot.absentPath)
    throws -> Result
  {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-e2e-output-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out")
    let errURL = scratch.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = path
    process.environment = environment
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Result(
      status: process.terminationStatus,
      out: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      err: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}

/// Whether the `prefetchlab` a test runs finds gnuplot: a condition each test states, never
/// whatever happens to be installed on the machine running the tests.
enum Gnuplot {
  /// A PATH without gnuplot (one folder, which does not exist).
  static let absentPath = "/nonexistent/prefetchlab-tests-without-gnuplot"
  /// The test process's PATH when it has an executable gnuplot, else nil: tests that need the
  /// real gnuplot are enabled by `isInstalled` and skipped, saying so, without it.
  static let installedPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let found = path.split(separator: ":").contains {
      $0.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: "\($0)/gnuplot")
    }
    return found ? path : nil
  }()
  static var isInstalled: Bool { installedPath != nil }
}

/// A fresh folder under the system temporary directory, removed by `remove()`.
struct Scratch {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-e2e-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Every file under `folder` by relative path, with its bytes.
func folderContents(_ folder: String) throws -> [String: Data] {
  var contents: [String: Data] = [:]
  let fileManager = FileManager.default
  for relative in try fileManager.subpathsOfDirectory(atPath: folder) {
    var isDirectory: ObjCBool = false
    let path = folder + "/" + relative
    guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
      continue
    }
    contents[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
  }
  return contents
}

/// Expects two results folders to hold the same files with the same bytes, naming any that differ.
func expectIdenticalFolders(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation)
  throws
{
  let left = try folderContents(a)
  let right = try folderContents(b)
  #expect(left.keys.sorted() == right.keys.sorted(), sourceLocation: sourceLocation)
  let differing = left.keys.filter { right[$0] != nil && left[$0] != right[$0] }.sorted()
  #expect(
    differing.isEmpty, "files differ between \(a) and \(b): \(differing)", sourceLocation: sourceLocation)
}

/// The text of a gzip-compressed run table as the system's `gzip -dc` gives it: what any tool
/// reading the folder sees (gzip is on every machine the tests run on).
func gunzipped(_ path: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["gzip", "-dc", path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
  return String(decoding: data, as: UTF8.self)
}
