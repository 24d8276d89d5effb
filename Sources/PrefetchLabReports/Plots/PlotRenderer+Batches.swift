extension PlotRenderer {
  /// Splits `figures` (in their order) into at most `count` runs of consecutive figures, each
  /// about the same share of the work, for one gnuplot process each: the fewest start-ups that
  /// still let a worker that finishes early take another share (a process per scenario cost
  /// about 2 % more CPU time on the bundled scenarios; drawing is gnuplot's cost). The work of a figure
  /// is taken as its script's length plus a fixed part (a figure's terminal, axes and text cost
  /// something however few its data); which batch draws a figure never changes its files (each
  /// script starts with `reset session`).
  ///
  /// Complexity: O(figures).
  public static func batches(_ figures: [PlotFigure], count: Int) -> [[PlotFigure]] {
    guard !figures.isEmpty else { return [] }
    let count = max(1, min(count, figures.count))
    let weights = figures.map { figure in figure.data.utf8.count + figure.body.utf8.count + fixedWorkBytes }
    let total = weights.reduce(0, +)
    var batches: [[PlotFigure]] = []
    var current: [PlotFigure] = []
    var done = 0
    for (index, figure) in figures.enumerated() {
      current.append(figure)
      done += weights[index]
      // Close the batch once it reaches its share of the whole (batch k ends at k/count of it),
      // leaving at least a figure for each batch still to come.
      let closed = batches.count + 1
      let remainingFigures = figures.count - index - 1
      if closed < count && (done * count >= total * closed || remainingFigures == count - closed) {
        batches.append(current)
        current = []
      }
    }
    if !current.isEmpty { batches.append(current) }
    return batches
  }

  /// The script bytes a figure's fixed cost is worth (terminal, axes, key and title drawn, and
  /// above all the PNG encoded, whatever its data). Measured with gnuplot 5.4's pngcairo on the
  /// bundled scenarios' figures: a 40 KB timeline script and an 8 KB metric-bars script each
  /// take 60 to 90 ms of CPU, four fifths of it in libpng and zlib, so the fixed part outweighs
  /// a timeline's whole data.
  static let fixedWorkBytes = 60_000
}
