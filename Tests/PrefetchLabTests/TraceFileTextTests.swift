import Testing

@testable import PrefetchLab

/// Line-based trace files as editors write them: a leading UTF-8 byte order mark reads like the
/// same file without it, and a comma-separated row is refused with the separator named.
@Suite struct TraceFileTextTests {
  static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

  @Test func throughputTraceWithBOMLoadsEqual() throws {
    let text = Array("0 1.0\n2.5 4.0\n4 0.8\n".utf8)
    let plain = try BandwidthTrace.throughput(bytes: text, file: "t.txt", loop: true)
    let marked = try BandwidthTrace.throughput(bytes: Self.bom + text, file: "t.txt", loop: true)
    #expect(marked == plain)
    // 2.5 s at 4 Mbit/s (500 000 B/s), then 1.5 s at 0.8 Mbit/s.
    #expect(plain.periodUs == 4_000_000)
    #expect(plain.capacityBytesPerSecond(atUs: 1_000_000) == 500_000)
  }

  @Test func mahimahiTraceWithBOMLoadsEqual() throws {
    let text = Array("1\n1\n3\n".utf8)
    let plain = try BandwidthTrace.mahimahi(bytes: text, file: "m.txt", loop: true)
    let marked = try BandwidthTrace.mahimahi(bytes: Self.bom + text, file: "m.txt", loop: true)
    #expect(marked == plain)
    #expect(plain.periodUs == 3_000)
  }

  @Test(arguments: ["seconds,kbps\n0,1\n", "1,2000\n2,3\n"])
  func commaRowNamesTheSeparator(text: String) {
    do {
      _ = try BandwidthTrace.throughput(bytes: Array(text.utf8), file: "c.txt", loop: true)
      Issue.record("a comma-separated trace was accepted")
    } catch {
      #expect(error.location == "line 1")
      #expect(error.message.hasPrefix("expected 2 columns (time_s, Mbit/s), got 1: "))
      #expect(error.message.hasSuffix("; columns are separated by whitespace (spaces or tabs), not commas"))
    }
  }

  @Test func rowWithoutCommaGetsNoSeparatorHint() {
    do {
      _ = try BandwidthTrace.throughput(bytes: Array("0 1 2\n1 2\n".utf8), file: "c.txt", loop: true)
      Issue.record("a three-column row was accepted")
    } catch {
      #expect(error.message.hasPrefix("expected 2 columns (time_s, Mbit/s), got 3: "))
      #expect(!error.message.contains("commas"))
    }
  }
}
