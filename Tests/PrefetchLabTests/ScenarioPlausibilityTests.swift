import Testing

@testable import PrefetchLab

/// `validate`'s figures and warnings for grids: items per screen counts every column (it said
/// "rows per screen" from the item height alone, a grid's columns ignored), and a screen of more
/// than `maximumItemsPerScreen` items is warned of.
@Suite struct ScenarioPlausibilityTests {
  static func plausibility(feed: String, seconds: Double = 120) throws -> ScenarioPlausibility {
    let scenario = try ScenarioFixture.load(ScenarioFixture.text([("feed", feed), ("network", network)]))
    return ScenarioPlausibility(scenario, traceDurationUs: Int64(seconds * 1_000_000))
  }

  /// A plausible round trip, so that the only warnings are the feed's.
  static let network = #"{"rtt_ms": 50}"#

  static func itemsPerScreen(_ plausibility: ScenarioPlausibility) -> String? {
    plausibility.figures.first { $0.name == "items per screen" }?.value
  }

  @Test func aListCountsItsRows() throws {
    // 852 pt viewport / 200 pt items = 4.26.
    let list = try Self.plausibility(feed: #"{"item_height_pt": 200}"#)
    #expect(Self.itemsPerScreen(list) == "4.3 (one column; median item 200 pt)")
  }

  @Test func aGridCountsRowsTimesColumns() throws {
    // Two columns of 200 pt items: 4.26 rows of 2, 8.52 items.
    let grid = try Self.plausibility(feed: #"{"item_height_pt": 200, "columns": 2}"#)
    #expect(
      Self.itemsPerScreen(grid)
        == "8.5 (4.3 rows × 2 columns; median row 200 pt, the tallest of its 2 items; median item 200 pt)")
    #expect(grid.warnings.isEmpty)
  }

  @Test func aRowIsAsTallAsItsTallestItem() throws {
    // Uniform 100…300 pt, 3 columns: the median of the tallest of three is the 0.5^(1/3) =
    // 0.7937 quantile, 258.7 pt; 852 / 258.7 = 3.293 rows, 9.88 items.
    let grid = try Self.plausibility(
      feed: #"{"item_height_pt": {"uniform": {"min": 100, "max": 300}}, "columns": 3}"#)
    #expect(
      Self.itemsPerScreen(grid)
        == "9.9 (3.3 rows × 3 columns; median row 259 pt, the tallest of its 3 items; median item 200 pt)")
  }

  @Test func aHugeGridIsWarnedOf() throws {
    // 100 columns of 100 pt: 852 items, under the threshold.
    #expect(try Self.plausibility(feed: #"{"item_height_pt": 100, "columns": 100}"#).warnings.isEmpty)
    // 1000 columns: 8520 items on screen, 7200 frames in two minutes at 60 Hz: 61.3 million.
    let huge = try Self.plausibility(feed: #"{"item_height_pt": 100, "columns": 1000}"#)
    #expect(
      huge.warnings == [
        ScenarioPlausibility.Warning(
          path: "feed.columns",
          message:
            "about 8520 items on one screen (8.5 rows × 1000 columns), more than 1000: every frame walks every "
            + "item on screen, so each run of each strategy walks about 61.3 million items (7200 frames), 852 times "
            + "a phone list's ten; real grids show a few hundred at most. Fewer columns, or pixels typed as points?"
        )
      ])
    // A list of rows drawn 0.5 pt tall lays them out at 1 pt: 852 on the screen, no warning; on a
    // 10 000 pt viewport, 10 000 of them, and the item height is the key named.
    #expect(try Self.plausibility(feed: #"{"item_height_pt": 0.5}"#).warnings.isEmpty)
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([
        ("feed", #"{"item_height_pt": 0.5}"#), ("viewport", #"{"height_pt": 10000}"#),
        ("network", Self.network),
      ]))
    let tall = ScenarioPlausibility(scenario, traceDurationUs: 1_000_000)
    #expect(tall.warnings.map(\.path) == ["feed.item_height_pt"])
    #expect(
      tall.warnings.first?.message.hasPrefix("about 10000 items on one screen (10000 rows × 1 column)")
        == true)
  }
}
