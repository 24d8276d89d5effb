import Foundation
import Testing

@testable import PrefetchLabCLI

/// `import har` judges each entry before fitting: a value no scenario can hold is refused at the
/// entry that gives it (exit 65), outliers and missing sizes are warned about by entry, and
/// duplicate entries count once.
@Suite struct ImportHarEntryCheckTests {
  /// A HAR of 25 page requests (wait 100…148 ms, 5000…5480 bytes) and 25 image requests (wait
  /// 50…98 ms, 100 000…124 000 bytes); `edit` may change an entry's JSON object text by index.
  static func har(sizes: Bool = true, userAgent: String? = nil, edit: (Int, String) -> String = { $1 })
    -> String
  {
    var entries: [String] = []
    for index in 0..<50 {
      let page = index % 2 == 0
      let number = index / 2
      let bytes = page ? 5000 + number * 20 : 100_000 + number * 1000
      let size = sizes ? #""bodySize": \#(bytes), "# : ""
      let contentSize = sizes ? #", "size": \#(bytes)"# : ""
      let url = page ? "https://api.test/feed?page=\(number)" : "https://cdn.test/img/\(number).jpg"
      let mime = page ? "application/json" : "image/jpeg"
      let wait = (page ? 100 : 50) + number * 2
      let second = String(format: "%02d", index)
      let entry =
        #"{"startedDateTime": "2026-01-01T00:00:\#(second).000Z", "request": {"url": "\#(url)"#
        + (userAgent.map { #"", "headers": [{"name": "user-agent", "value": "\#($0)"}]"# } ?? "\"") + "}, "
        + #""response": {"status": 200, \#(size)"content": {"mimeType": "\#(mime)"\#(contentSize)}}, "#
        + #""timings": {"wait": \#(wait), "receive": 5}}"#
      entries.append(edit(index, entry))
    }
    return #"{"log": {"entries": ["# + entries.joined(separator: ",\n") + "]}}"
  }

  static func file(_ text: String) throws -> (folder: String, path: String) {
    let folder = FileManager.default.temporaryDirectory.path + "/prefetchlab-har-check-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/app.har"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path)
  }

  @Test func aWaitNoScenarioHoldsIsRefusedAtItsEntry() throws {
    let (folder, path) = try Self.file(
      Self.har { index, entry in
        index == 3 ? entry.replacingOccurrences(of: #""wait": 52"#, with: #""wait": 1e300"#) : entry
      })
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = runCLI(["import", "har", path])
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "Error: \(path): log.entries[3].timings.wait: must be <= 1000000000 ms (11.6 days, the longest time a scenario holds), got "
      ), "\(result.stderr)")
    #expect(!result.stderr.contains("imported-har.json"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aSizeNoScenarioHoldsIsRefusedAtItsEntry() throws {
    let (folder, path) = try Self.file(
      Self.har { index, entry in
        index == 5
          ? entry.replacingOccurrences(of: #""bodySize": 102000"#, with: #""bodySize": 1e15"#) : entry
      })
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = runCLI(["import", "har", path])
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "Error: \(path): log.entries[5].response.bodySize: must be <= 1000000000 bytes (1 GB, the largest response a scenario holds), got "
      ), "\(result.stderr)")
  }

  /// What no fit takes may hold anything: a 3 GB video that waited 2·10^9 ms (another class of
  /// request), a cached image of 5 GB, and a fitted image whose decoded `content.size` is 5 GB
  /// while its body size comes from `_transferSize`. The import runs and fits the 25 pages and
  /// the 23 images left, whose sizes are the ones drawn (102 000 B for entry 5).
  @Test func valuesNoFitTakesAreNotJudged() throws {
    let (folder, path) = try Self.file(
      Self.har { index, entry in
        switch index {
        case 7:
          return entry.replacingOccurrences(of: "image/jpeg", with: "video/mp4")
            .replacingOccurrences(of: #""bodySize": 103000"#, with: #""bodySize": 3e9"#)
            .replacingOccurrences(of: #""size": 103000"#, with: #""size": 3e9"#)
            .replacingOccurrences(of: #""wait": 56"#, with: #""wait": 2e9"#)
        case 9:
          return entry.replacingOccurrences(of: #""status": 200"#, with: #""status": 304"#)
            .replacingOccurrences(of: #""bodySize": 104000"#, with: #""bodySize": 5e9"#)
        case 5:
          return entry.replacingOccurrences(
            of: #""bodySize": 102000"#,
            with: #""_transferSize": 102300, "headersSize": 300, "bodySize": 102000"#
          )
          .replacingOccurrences(of: #""size": 102000"#, with: #""size": 5e9"#)
        default: return entry
        }
      })
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = runCLI(["import", "har", path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("must be <="), "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "pages are JSON responses (MIME type), media image/* responses (MIME type)); 1 other requests ignored"
      ), "\(result.stdout)")
    #expect(result.stdout.contains("media 1 cached"), "\(result.stdout)")
  }

  /// A fitted entry's body size is judged on the field it is read from: `_transferSize` less
  /// `headersSize` here, named as `_transferSize`.
  @Test func theBodySizeIsJudgedOnTheFieldItIsReadFrom() throws {
    let (folder, path) = try Self.file(
      Self.har { index, entry in
        index == 5
          ? entry.replacingOccurrences(
            of: #""bodySize": 102000"#,
            with: #""_transferSize": 2000000300, "headersSize": 300, "bodySize": 102000"#)
          : entry
      })
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = runCLI(["import", "har", path])
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "Error: \(path): log.entries[5].response._transferSize: must be <= 1000000000 bytes (1 GB, the largest response a scenario holds), got 2000000300"
      ), "\(result.stderr)")
  }

  @Test func anHourLongWaitIsNamedAsAnOutlier() throws {
    let (folder, path) = try Self.file(
      Self.har { index, entry in
        index == 7 ? entry.replacingOccurrences(of: #""wait": 56"#, with: #""wait": 3600000"#) : entry
      })
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = runCLI(["import", "har", path])
    #expect(result.status == 0, "\(result.stderr)")
    // Media waits are 50…98 ms (76 once entry 7's 56 is gone): 3 600 000 ms is far beyond 100 times it.
    #expect(
      result.stderr.contains(
        "Warning: network.media.rtt_ms: 1 of 25 samples more than 100 times the median (76 ms) or less than 1/100 of it, which skew the fit: \(path) log.entries[7] (3600000 ms); check those entries, or leave them out of the HAR\n"
      ), "\(result.stderr)")
    let clean = try Self.file(Self.har())
    defer { try? FileManager.default.removeItem(atPath: clean.folder) }
    #expect(!runCLI(["import", "har", clean.path]).stderr.contains("times the median"))
  }

  @Test func mediaWithoutSizesSaysTheScenarioHasNoImages() throws {
    let (folder, path) = try Self.file(Self.har(sizes: false))
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = runCLI(["import", "har", path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "Warning: feed.media_bytes: none of the 25 media responses gives a body size (response._transferSize, bodySize and content.size absent or 0), so the scenario has NO images"
      ), "\(result.stderr)")
    #expect(!result.stderr.contains("feed.media_bytes: no samples"))
    #expect(result.stdout.contains("media_bytes: left out, so rows have no images"))
    #expect(!result.stdout.contains(#""media_bytes": {"#))
  }

  @Test func theSameHarTwiceCountsEachRequestOnce() throws {
    let (folder, path) = try Self.file(Self.har())
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let once = runCLI(["import", "har", path])
    let twice = runCLI(["import", "har", path, path])
    #expect(once.status == 0 && twice.status == 0)
    #expect(
      twice.stderr.contains(
        "Warning: 50 entries repeat an earlier one (same request.url, startedDateTime, status, size and timings: the same HAR given twice, or overlapping exports) and were counted once: \(path) log.entries[0] repeats \(path) log.entries[0];"
      ), "\(twice.stderr)")
    // The same fits: every report row (n and quantiles) as from one copy.
    let rows = { (text: String) in text.split(separator: "\n").filter { $0.contains(" lognormal ") } }
    #expect(rows(twice.stderr) == rows(once.stderr))
    #expect(rows(once.stderr).count == 4)
    #expect(
      twice.stdout.contains(
        "50 duplicate entries (the same request.url, startedDateTime, status, size and timings as an earlier one) were counted once."
      ))
  }

  @Test func theScenarioCarriesSeedsAndSaysWhenConnectionsAreNotNamed() throws {
    let (folder, path) = try Self.file(Self.har())
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = runCLI(["import", "har", path])
    #expect(result.stdout.contains("\n  \"seeds\": 10,\n"))
    #expect(
      result.stdout.contains(
        "the HAR does not name connections (no entry has the optional 'connection' field)"))
    #expect(!result.stdout.contains("connections seen: 0"))
  }

  @Test func physicsFollowsThePlatformTheUserAgentNames() throws {
    let chrome =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
    let android = try Self.file(Self.har(userAgent: chrome))
    defer { try? FileManager.default.removeItem(atPath: android.folder) }
    let fromAndroid = runCLI(["import", "har", android.path])
    #expect(fromAndroid.stdout.contains(#""physics": "android""#), "\(fromAndroid.stdout)")
    #expect(fromAndroid.stdout.contains("physics android: 50 of 50 requests' User-Agent names Android"))
    let safari = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
    let iphone = try Self.file(Self.har(userAgent: safari))
    defer { try? FileManager.default.removeItem(atPath: iphone.folder) }
    #expect(runCLI(["import", "har", iphone.path]).stdout.contains(#""physics": "ios""#))
    let none = try Self.file(Self.har())
    defer { try? FileManager.default.removeItem(atPath: none.folder) }
    let unnamed = runCLI(["import", "har", none.path]).stdout
    #expect(unnamed.contains(#""physics": "ios""#))
    #expect(unnamed.contains("physics ios: no request's User-Agent names Android or iOS"))
  }
}
