import Foundation
import Testing

/// The README opens with the two commands a new user runs — the main job and the tests — and CI
/// runs that same test command, so what the README promises is what CI checks.
@Suite struct ReadmeCommandsTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// The commands of the README's first code block, comments stripped.
  static func firstCommands() throws -> [String] {
    let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
    let block = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first)
      .components(separatedBy: "```")[0]
    return block.split(separator: "\n").map {
      $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  @Test func readmeStartsWithTheMainJobAndTheTests() throws {
    let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
    // Nothing but the title comes before the first block.
    #expect(readme.hasPrefix("# PrefetchLab\n\n```sh\n"))
    #expect(
      try Self.firstCommands() == [
        "swift build -c release --static-swift-stdlib --product prefetchlab && .build/release/prefetchlab run scenarios/",
        "swift test",
      ])
  }

  /// Every release build the repository tells users or CI to make links statically, as the README's
  /// main command does: SwiftPM rebuilds everything when a build's flags differ from the last
  /// one's, so one command without the flag would cost the next one a full rebuild. `swift run`
  /// takes no `--static-swift-stdlib` (it rejects the flag), so no release `swift run` either.
  @Test func everyReleaseBuildCommandLinksStatically() throws {
    func files(in folder: String, endingIn suffix: String) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + folder)
        .filter { $0.hasSuffix(suffix) }.map { folder + "/" + $0 }
    }
    let files =
      try ["README.md", ".ci/run", "scenarios/README.md"] + files(in: "docs", endingIn: ".md")
      + files(in: "scripts", endingIn: ".sh")
    var commands = 0
    for file in files.sorted() {
      let text = try String(contentsOfFile: Self.root + "/" + file, encoding: .utf8)
      for line in text.split(separator: "\n") where !line.hasPrefix("|") {
        #expect(!line.contains("swift run -c release"), "\(file): '\(line)' cannot link statically")
        for part in line.components(separatedBy: "swift build -c release").dropFirst() {
          commands += 1
          #expect(
            part.hasPrefix(" --static-swift-stdlib"), "\(file): '\(line)' builds release without the flag")
        }
      }
    }
    // README, .ci/run, the scripts and the docs hold more than a dozen such commands.
    #expect(commands > 12)
  }

  @Test func ciRunsTheReadmesTestCommand() throws {
    let test = try #require(try Self.firstCommands().last)
    let ci = try String(contentsOfFile: Self.root + "/.ci/run", encoding: .utf8)
    let commands = ci.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "time ", with: "")
    }
    #expect(commands.contains(test), ".ci/run does not run '\(test)'")
  }

  /// The README's "Your own strategy" shows the example package's two files as they are, so the
  /// example CI builds (`scripts/check-custom-strategy-example.sh`) is the one users read.
  @Test func readmeShowsTheCustomStrategyExampleVerbatim() throws {
    let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Your own strategy\n").dropFirst().first)
    let blocks = section.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    let example = Self.root + "/Examples/CustomStrategy/"
    #expect(blocks.count >= 2)
    #expect(blocks.first == (try String(contentsOfFile: example + "Package.swift", encoding: .utf8)))
    #expect(
      blocks.dropFirst().first
        == (try String(contentsOfFile: example + "Sources/my-prefetchlab/main.swift", encoding: .utf8)))
  }
}
