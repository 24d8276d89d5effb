import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// gnuplot's scratch folders: a killed run's is removed when the next run makes its own; a live
/// run's, another host's and anything else named otherwise stay.
@Suite struct PlotScratchTests {
  /// The pid of a process that has ended (and been reaped).
  static func deadPid() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test func aKilledRunsScratchIsSweptWhenTheNextIsMade() throws {
    let parent = NSTemporaryDirectory() + "prefetchlab-scratch-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: parent) }
    let dead = try Self.deadPid()
    #expect(!Leftovers.isAlive(dead))
    let names = [
      "prefetchlab-plots-\(Leftovers.host)-\(dead)-1a2b",  // this host, process gone
      "prefetchlab-plots-\(dead)-4043434434",  // the earlier name, without a host
      "prefetchlab-plots-\(Leftovers.host)-\(getpid())-99",  // a live run's
      "prefetchlab-plots-otherhost-\(dead)-77",  // another machine's
      "prefetchlab-plotsx-\(dead)-5",  // not such a name
    ]
    for name in names {
      try FileManager.default.createDirectory(atPath: parent + "/" + name, withIntermediateDirectories: true)
      try Data("png".utf8).write(to: URL(fileURLWithPath: parent + "/" + name + "/a.png"))
    }
    let made = try PlotScratch.create(in: parent)
    #expect(made.hasPrefix(parent + "/prefetchlab-plots-\(Leftovers.host)-\(getpid())-"))
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: parent))
    #expect(left == Set(names[2...] + [(made as NSString).lastPathComponent]))
  }

  @Test func aCRLFFileConvertedTwiceNamesTheRule() throws {
    #expect(
      throws: InputError(
        file: "s.csv", location: "line 1",
        message:
          "line ends in \\r\\r\\n: records end in CRLF or LF (a CRLF file converted to CRLF a second time?); "
          + "convert it back once")
    ) {
      try CSVTable(parsing: "a,b\r\r\n1,2\r\r\n", file: "s.csv")
    }
    // Written once, CRLF is what the writer writes and reads back.
    #expect(try CSVTable(parsing: "a,b\r\n1,2\r\n", file: "s.csv").rows == [["1", "2"]])
  }

  @Test func theDecidingTestsPIsShownWhereTheIntervalExcludesZero() throws {
    // Five positive differences: the t interval excludes 0, but the exact test on 5 pairs
    // cannot go below p = 2 / 2^5 = 0.0625.
    let test = PairedTest([1.0, 1.1, 1.2, 1.3, 1.4])
    #expect(try #require(test.difference.low) > 0)
    #expect(test.pValue == 0.0625)
    let text = RecommendationFormat.decidingTest(test)
    #expect(
      text.hasPrefix(" (") && text.contains(" p=0.06") && text.hasSuffix(" decides: not significant)"),
      "\(text)")
    // A significant one needs no note.
    #expect(RecommendationFormat.decidingTest(PairedTest((1...20).map { Double($0) })) == "")
  }
}
