import Testing

@testable import PrefetchLab

/// The periods reader converts numbers from the bytes itself (an exact fast path, the text
/// otherwise) and matches keys in place: the values must be exactly what `Double(text)` gives,
/// and a key must match only when spelled exactly.
@Suite struct PeriodsJSONReaderTests {
  /// The duration read from a one-period trace whose duration is spelled `number`.
  private static func duration(_ number: String) throws(InputError) -> Double {
    var reader = PeriodsJSONReader(
      bytes: Array(#"[{"duration_ms": \#(number), "bandwidth_kbps": 1}]"#.utf8), file: "T")
    return try reader.readPeriods()[0].durationMs
  }

  /// Hand-picked spellings on each side of the fast path's limits: 2^53 and one above it, 19
  /// and 20 significant digits, powers of ten up to 10^22 (exact) and beyond, long fractions,
  /// the extremes of `Double`, zeros with a sign.
  @Test(arguments: [
    "0", "-0", "-0.0", "0.000e5", "7", "1004", "1427.5", "0.1", "0.3", "1.5e3", "1E+2", "25e-1",
    "9007199254740992", "9007199254740993", "9007199254740995", "1234567890123456789",
    "12345678901234567890", "123456789012345678901234567890", "0.000000000000000000000000001",
    "1e22", "1e23", "1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "5e-324",
    "0.30000000000000004", "100000000000000000000000", "3.141592653589793238462643383279",
    "1e0000000000000000005", "17.000000000000000000000001",
  ])
  func numbersAreExactlyWhatTheTextSays(number: String) throws {
    let expected = try #require(Double(number))
    #expect(try Self.duration(number).bitPattern == expected.bitPattern)
  }

  /// Many generated spellings (integers, fractions and exponents of every length around the
  /// limits): each reads as exactly `Double(text)`, or, where that is infinite or an underflow
  /// to 0, is refused with the rule that says so.
  @Test func generatedNumbersAreExactlyWhatTheTextSays() throws {
    var random = SplitMix64(seed: 7)
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(random.next() % 10)) })
    }
    var fastAndSlow = (exact: 0, refused: 0)
    for _ in 0..<4000 {
      var text = String(random.next() % 10) + (random.next() % 3 == 0 ? "" : digits(Int(random.next() % 24)))
      while text.count > 1 && text.first == "0" { text.removeFirst() }
      if random.next() % 2 == 0 { text += "." + digits(Int(random.next() % 24) + 1) }
      if random.next() % 2 == 0 {
        let exponent =
          Int(random.next() % 60) - 30 + (random.next() % 8 == 0 ? Int(random.next() % 800) - 400 : 0)
        text += (random.next() % 2 == 0 ? "e" : "E") + String(exponent)
      }
      let expected = try #require(Double(text), "\(text)")
      if expected.isFinite
        && (expected != 0 || !text.prefix { $0 != "e" && $0 != "E" }.contains { $0 != "0" && $0 != "." })
      {
        #expect(try Self.duration(text).bitPattern == expected.bitPattern, "\(text)")
        fastAndSlow.exact += 1
      } else {
        let rule =
          expected.isFinite ? "is too small to represent (it would round to 0)" : "must be a finite number"
        #expect(
          throws: InputError(
            file: "T", location: "[0].duration_ms",
            message: "\(rule), got \(TraceText.quoted(Array(text.utf8), 0..<text.utf8.count))")
        ) { try Self.duration(text) }
        fastAndSlow.refused += 1
      }
    }
    #expect(fastAndSlow.exact > 3000 && fastAndSlow.refused > 10)
  }

  /// A key matches only when spelled exactly: a prefix, a longer name or an escaped spelling of a
  /// name is an unknown key, named as written (escapes other than `\"`, `\\`, `\/` kept).
  @Test(arguments: [
    (#"[{"duration_m": 1}]"#, "[0].duration_m"),
    (#"[{"duration_msx": 1}]"#, "[0].duration_msx"),
    (#"[{"Duration_ms": 1}]"#, "[0].Duration_ms"),
    (#"[{"duration\u005fms": 1}]"#, #"[0].duration\u005fms"#),
    (#"[{"latency\/ms": 1}]"#, "[0].latency/ms"),
  ])
  func keysMatchOnlyWhenSpelledExactly(contents: String, location: String) {
    var reader = PeriodsJSONReader(bytes: Array(contents.utf8), file: "T")
    #expect(
      throws: InputError(
        file: "T", location: location,
        message: "unknown key (expected duration_ms, bandwidth_kbps or latency_ms)")
    ) { try reader.readPeriods() }
  }

  /// Each of the three keys lands in its own field, in any order, with spaces around the colon.
  @Test func eachKeyFillsItsOwnField() throws {
    var reader = PeriodsJSONReader(
      bytes: Array(
        #"[{"latency_ms" :3,"bandwidth_kbps":2 , "duration_ms": 1}, {"duration_ms": 4, "bandwidth_kbps": 5}]"#
          .utf8),
      file: "T")
    let periods = try reader.readPeriods()
    #expect(periods.map(\.durationMs) == [1, 4])
    #expect(periods.map(\.bandwidthKbps) == [2, 5])
    #expect(periods.map(\.latencyMs) == [3, nil])
  }
}
