import Foundation
import Testing

@testable import PrefetchLab

/// `import har` against HAR files with known parameters: the committed generated fixture
/// (scripts/make-har-fixture.py) and small HARs written here, one quirk each.
@Suite struct HARImportTests {
  static let repository = #filePath.components(separatedBy: "/Tests/").first!

  static func imported(_ files: [String], pages: String? = nil, media: String? = nil) throws -> (
    HARImport.Result, Scenario
  ) {
    var entries: [HAREntry] = []
    for file in files { entries += try HARReader.entries(contentsOf: file) }
    let classes = try TrafficClass(pages: pages, media: media)
    let result = try HARImport(entries: entries, classes: classes, files: files).run()
    let scenario = try ScenarioLoader.load(
      data: Array(result.scenarioText.utf8), file: "imported.json", baseDirectory: "")
    return (result, scenario)
  }

  /// The fixture draws API round trips from LN(180 ms, 0.5) (n = 400), media round trips from
  /// LN(40 ms, 0.4) (n = 2000) on another host, media bodies from LN(80000 B, 0.5): medians
  /// within 10 % and sigmas within 15 % of the truth, and the quirks left out.
  @Test func recoversTheGeneratedParameters() throws {
    let (result, scenario) = try Self.imported([Self.repository + "/Tests/Fixtures/har/generated.har"])
    func lognormal(_ distribution: Distribution?) -> (median: Double, sigma: Double) {
      if case .lognormal(let median, let sigma)? = distribution { return (median, sigma) }
      Issue.record("not a lognormal: \(String(describing: distribution))")
      return (0, 0)
    }
    let api = lognormal(scenario.network.rttMs)
    #expect(abs(api.median / 180 - 1) < 0.10, "\(api)")
    #expect(abs(api.sigma / 0.5 - 1) < 0.15, "\(api)")
    let media = try #require(scenario.mediaNetwork)
    #expect(media.sharedLink == false)
    let cdn = lognormal(media.network.rttMs)
    #expect(abs(cdn.median / 40 - 1) < 0.10, "\(cdn)")
    #expect(abs(cdn.sigma / 0.4 - 1) < 0.15, "\(cdn)")
    let bytes = lognormal(scenario.feed.mediaBytes)
    #expect(abs(bytes.median / 80_000 - 1) < 0.10, "\(bytes)")
    // Page bodies: 30 items, 24 with an image URL; 10 503s among 400 pages drawn at 2 %.
    #expect(scenario.feed.pageSize == 30)
    #expect(scenario.feed.mediaFraction == 0.8)
    #expect(scenario.network.failureRate > 0.005 && scenario.network.failureRate < 0.04)
    #expect(media.network.failureRate == 0)
    // Throughput is exactly what the generator's receive times say (10000 and 20000 kbit/s).
    #expect(scenario.network.bandwidthKbps == 10_000)
    #expect(media.network.bandwidthKbps == 20_000)
    // 2000 media fitted: the 30 cache hits are out; 400 API requests: the 10 redirects are out.
    let counts = Dictionary(uniqueKeysWithValues: result.fits.map { ($0.key, $0.count) })
    #expect(counts["network.media.rtt_ms"] == 2000)
    #expect(counts["network.rtt_ms"] == 400)
    #expect(result.warnings.isEmpty)
    for fit in result.fits where fit.ksDistance != nil {
      // Within the 1 % critical value of a sample of that size.
      #expect(fit.ksDistance! < 1.63 / Double(fit.count).squareRoot(), "\(fit.key)")
    }
    #expect(result.scenarioText.contains("\"$comment\": \"rtt_ms: time to first byte of 400 page requests"))
  }

  /// A HAR written here: `count` API requests at 100 ms spacing with the given waits.
  static func har(_ entries: [String]) throws -> String {
    let folder = try ScenarioFixture.temporaryFolder()
    let path = folder + "/t.har"
    try (#"{"log": {"version": "1.2", "entries": ["# + entries.joined(separator: ",") + "]}}")
      .write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func entry(
    url: String = "https://api.test/feed", status: Int = 200, mime: String = "application/json",
    wait: Double = 100, connect: Double = -1, receive: Double = 5, extra: String = "", content: String = ""
  ) -> String {
    #"{"startedDateTime": "2026-01-01T00:00:00.000Z", "request": {"url": ""# + url
      + #""}, "response": {"status": "# + String(status)
      + #", "bodySize": 2000, "content": {"size": 2000, "mimeType": ""#
      + mime + "\"" + content + #"}}, "timings": {"wait": "# + String(wait) + #", "connect": "#
      + String(connect)
      + #", "receive": "# + String(receive) + "}" + extra + "}"
  }

  /// Under 20 samples: the samples themselves, sorted, and a warning.
  @Test func fewSamplesGiveTheEmpiricalDistribution() throws {
    let waits = [120.0, 80, 100, 95, 300]
    let path = try Self.har(waits.map { Self.entry(wait: $0) })
    let (result, scenario) = try Self.imported([path])
    #expect(scenario.network.rttMs == .empirical([80, 95, 100, 120, 300]))
    #expect(
      result.warnings.contains(
        "network.rtt_ms: only 5 samples (fewer than 20): the empirical distribution of the samples is written instead of a fit"
      ))
    #expect(result.fits.first { $0.key == "network.rtt_ms" }?.ksDistance == nil)
    #expect(scenario.mediaNetwork == nil)
  }

  /// -1 timings read as absent, connect counts where a connection was opened, cache hits and
  /// redirects are out, base64 bodies are decoded, one origin for both makes a shared link.
  @Test func realHARQuirks() throws {
    let body = Data(#"{"items": [{"img": "https://api.test/a.png"}, {"t": 1}]}"#.utf8).base64EncodedString()
    var entries = [
      Self.entry(wait: 100, connect: 50),  // a new connection: 150
      Self.entry(wait: 90, connect: -1),  // reused: 90
      Self.entry(status: 304, wait: 2000),  // revalidated from cache: out
      Self.entry(status: 301, wait: 3000),  // redirect: out
      Self.entry(wait: 70, content: #", "text": ""# + body + #"", "encoding": "base64""#),
      Self.entry(url: "https://api.test/i.png", mime: "image/png", wait: 10),
      Self.entry(
        url: "https://api.test/j.png", mime: "image/png", wait: 30, extra: #", "_fromCache": "disk""#),
    ]
    entries.append(Self.entry(url: "https://api.test/k.png", mime: "image/png", wait: 20))
    let (_, scenario) = try Self.imported([try Self.har(entries)])
    #expect(scenario.network.rttMs == .empirical([70, 90, 150]))
    #expect(scenario.feed.pageSize == 2)
    #expect(scenario.feed.mediaFraction == 0.5)
    let media = try #require(scenario.mediaNetwork)
    #expect(media.sharedLink)
    #expect(media.network.rttMs == .empirical([10, 20]))
  }

  @Test func urlPatternsOverrideMimeTypes() throws {
    let entries = [
      Self.entry(url: "https://api.test/v1/feed", mime: "text/plain", wait: 100),
      Self.entry(url: "https://cdn.test/x", mime: "application/octet-stream", wait: 10),
      Self.entry(url: "https://api.test/v1/other", wait: 999),
    ]
    let (_, scenario) = try Self.imported([try Self.har(entries)], pages: "/v1/feed", media: "cdn\\.test")
    // With --pages, a JSON response elsewhere is not a page.
    #expect(scenario.network.rttMs == .empirical([100]))
    #expect(scenario.mediaNetwork?.network.rttMs == .empirical([10]))
  }

  @Test func malformedFilesNameTheEntry() throws {
    func error(_ text: String) throws -> String? {
      let folder = try ScenarioFixture.temporaryFolder()
      try text.write(toFile: folder + "/bad.har", atomically: true, encoding: .utf8)
      do {
        _ = try HARReader.entries(contentsOf: folder + "/bad.har")
        return nil
      } catch {
        return error.description.replacingOccurrences(of: folder + "/", with: "")
      }
    }
    let good = Self.entry()
    let badWait = good.replacingOccurrences(of: #""wait": 100.0"#, with: #""wait": "soon""#)
    #expect(
      try error(#"{"log": {"entries": ["# + good + "," + badWait + "]}}")
        == #"bad.har: log.entries[1].timings.wait: must be a number, got "soon""#)
    #expect(try error(#"{"entries": []}"#) == "bad.har: log: must be an object (a HAR file's 'log')")
    #expect(
      try error("{\"log\": ")
        == "bad.har: line 1, column 9: not a HAR file: unexpected end of input; expected a value")
    let noStatus = good.replacingOccurrences(of: #""status": 200"#, with: #""status": "ok""#)
    #expect(
      try error(#"{"log": {"entries": ["# + noStatus + "]}}")
        == #"bad.har: log.entries[0].response.status: must be an HTTP status (an integer 0…999), got "ok""#)
    let noDate = good.replacingOccurrences(of: "2026-01-01T00:00:00.000Z", with: "yesterday")
    #expect(
      try error(#"{"log": {"entries": ["# + noDate + "]}}")
        == #"bad.har: log.entries[0].startedDateTime: must be an ISO 8601 date and time, got "yesterday""#)
  }
}

/// The HAR Chromium recorded (scripts/record-browser-har.py): 30 API pages answered after
/// 120…200 ms (3 of them 300 ms later), 450 images of 48 000 bytes after 30 ms, from another
/// origin, over HTTP/1.0 (a new connection per request: every round trip includes its connect).
@Suite struct BrowserHARImportTests {
  @Test func fitsWhatTheServersDid() throws {
    let (result, scenario) = try HARImportTests.imported([
      HARImportTests.repository + "/Tests/Fixtures/har/chromium.har"
    ])
    let counts = Dictionary(uniqueKeysWithValues: result.fits.map { ($0.key, $0.count) })
    #expect(counts["network.rtt_ms"] == 30)
    #expect(counts["network.media.rtt_ms"] == 450)
    guard case .lognormal(let apiMedian, _) = scenario.network.rttMs,
      case .lognormal(let mediaMedian, _)? = scenario.mediaNetwork?.network.rttMs
    else {
      Issue.record("not lognormals")
      return
    }
    // The servers' own delays bound the round trips from below; loopback adds little.
    #expect(apiMedian > 140 && apiMedian < 260, "\(apiMedian)")
    #expect(mediaMedian > 30 && mediaMedian < 80, "\(mediaMedian)")
    #expect(scenario.mediaNetwork?.sharedLink == false)
    #expect(scenario.feed.mediaBytes == .lognormal(median: 48_000, sigma: 0))
    #expect(scenario.feed.pageSize == 20)
    #expect(scenario.feed.mediaFraction == 0.75)
    #expect(scenario.network.failureRate == 0)
    // No API body reaches 32 kB: the API's bandwidth is left for the user.
    #expect(scenario.network.bandwidthKbps == nil)
    #expect(result.fits.first { $0.key == "feed.media_bytes" }?.ksDistance == 0)
  }
}
