// Seeds' lines (the scroll trace) are styled apart from strategies': strategies own the
// categorical Okabe–Ito palette in every plot, so a seed drawn in a strategy's colour would read
// as that strategy.
extension PlotStyle {
  /// The viridis colour map (S. van der Walt and N. Smith, matplotlib
  /// `lib/matplotlib/_cm_listed.py`, `_viridis_data`) at 0, 1/8, …, 7/8: dark purple to light
  /// green, none of them an Okabe–Ito colour; the yellow end (8/8) is left out, too pale on white.
  static let seedPalette = [
    "#440154", "#472C7A", "#3B518B", "#2C718E", "#21908D", "#27AD81", "#5CC863", "#AADC32",
  ]
  /// gnuplot dash types in the order seeds get them: solid, dashed, dash-dot, dash-dot-dot, dotted.
  static let seedDashTypes = [1, 2, 4, 5, 3]

  /// The colour of seed line `index` of `count`: spread over the palette's first seven colours
  /// (all eight for eight lines), so two seeds are dark purple and green, not two purples.
  static func seedColor(_ index: Int, of count: Int) -> String {
    guard count > 1 else { return seedPalette[0] }
    let last = count >= seedPalette.count ? seedPalette.count - 1 : seedPalette.count - 2
    let position =
      (Double(index % seedPalette.count) * Double(last) / Double(min(count, seedPalette.count) - 1))
      .rounded()
    return seedPalette[min(Int(position), seedPalette.count - 1)]
  }

  static func seedDashType(_ index: Int) -> Int { seedDashTypes[index % seedDashTypes.count] }

  /// `set style line k …` for seed lines 0..<count (line style k = seed line k − 1): a viridis
  /// colour and a dash type each.
  static func seedLineStyles(_ count: Int) -> String {
    (0..<count).map { index in
      "set style line \(index + 1) lc rgb '\(seedColor(index, of: count))' lw 1.6 dt \(seedDashType(index))\n"
    }.joined()
  }
}
