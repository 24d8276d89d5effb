import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// What "no clear winner" says of the contenders left. It said `identical on every objective`
/// whenever the first two were, though a third left beside them differed (a sweep's closing line
/// read so for settings whose mean stalls were 2.2 and 23.9 ms): identical is said only of all.
@Suite struct TieNoteTests {
  /// Three seeds; `blank` the same everywhere, sessions of two minutes, so that blank per minute
  /// is equal too and only the stall differs.
  static func rows(_ stalls: [String: [Double]]) -> [RunRow] {
    stalls.keys.sorted().flatMap { strategy in
      stalls[strategy]!.enumerated().map { index, stall in
        DecisionTests.row(
          strategy, seed: index + 1, session: 120_000, stall: stall, blank: 500, waste: 0,
          abandoned: 0)
      }
    }
  }

  static func recommendation(_ stalls: [String: [Double]]) -> Recommendation {
    Recommendation(DecisionTests.scenario(rows(stalls)))
  }

  /// b − a on the stall: 0, 0, 65.1 (means 2.2 and 23.9): mean 21.7, s² = 3 · 21.7², so
  /// n = 7.848879 · 3 = 23.5 → 24 seeds.
  static let low: [Double] = [0, 0, 6.6]
  static let high: [Double] = [0, 0, 71.7]

  @Test func identicalIsSaidOnlyWhenEveryOneLeftIs() throws {
    let tie = Self.recommendation(["a_low": Self.low, "a_same": Self.low, "b_high": Self.high])
    #expect(tie.recommended == nil)
    #expect(tie.tied == [0, 1, 2])
    #expect(tie.identicalToFirst == [1])
    #expect(tie.comparedPair?.first == 0 && tie.comparedPair?.other == 2)
    #expect(tie.seedsToSeparate == 24)
    let p = try #require(PairedTest([0, 0, 65.1]).pValue)
    #expect(p > PairedTest.alpha)
    let note = try #require(tie.tieNote)
    #expect(
      note
        == "a_low, a_same identical on every objective; a_low against b_high not significantly different at 3 "
        + "seeds (stall_ms p=\(PairedTest.pText(p)), blank_ms per min no difference): about 24 seeds would "
        + "likely separate them")
    #expect(!note.hasPrefix("identical"))
    // The cost columns compare the same two.
    let stall = try #require(tie.costs.first { $0.metric == "stall_ms" })
    #expect(abs((stall.chosen.mean ?? 0) - 2.2) < 1e-9)
    #expect(abs((stall.other?.mean ?? 0) - 23.9) < 1e-9)
    // recommend's text and CSV say it in the same words.
    let text = RecommendationFormat.text.render([tie])
    #expect(text.contains("no clear winner: a_low, a_same, b_high (\(note))"), "\(text)")
    #expect(text.contains("(difference to b_high, 95 % CI): stall_ms 2.2 ± "), "\(text)")
    #expect(RecommendationFormat.csv.render([tie]).contains(note))
  }

  @Test func differentMeansWithoutAnIdenticalPair() throws {
    let tie = Self.recommendation(["a_low": Self.low, "b_high": Self.high])
    #expect(tie.identicalToFirst.isEmpty)
    let note = try #require(tie.tieNote)
    #expect(note.hasPrefix("a_low against b_high not significantly different at 3 seeds (stall_ms p="))
    #expect(note.hasSuffix("): about 24 seeds would likely separate them"))
  }

  @Test func allIdenticalIsSaidSo() throws {
    let tie = Self.recommendation(["a_low": Self.low, "a_same": Self.low, "a_too": Self.low])
    #expect(tie.identicalToFirst == [1, 2])
    #expect(tie.seedsToSeparate == nil)
    #expect(tie.tieNote == "identical on every objective: no number of seeds separates them")
  }

  @Test func aRecommendationHasNoTieNote() throws {
    // 6.6 ms less on every one of ten seeds: a t test decides.
    let clear = Self.recommendation([
      "a_low": Array(repeating: 0, count: 10), "b_high": (0..<10).map { 6.6 + Double($0) },
    ])
    #expect(clear.recommended == 0)
    #expect(clear.tieNote == nil)
  }
}
