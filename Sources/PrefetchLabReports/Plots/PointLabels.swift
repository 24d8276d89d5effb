/// Text labels beside plotted points, thinned so none overlaps another: a fine sweep puts dozens
/// of settings on one curve, and their values written on top of each other read as nothing.
///
/// Labels are kept greedily in priority order (lower `priority` first, then input order): a label
/// is kept when its box overlaps no box kept before it. So the label with the lowest priority
/// (the sweep's default) is always kept, and crowded stretches keep every few labels.
struct PointLabels {
  struct Label: Equatable {
    var x: Double
    var y: Double
    var text: String
    /// Above the point (`offset char 0.8,0.7`), else below (`0.8,-0.8`).
    var above: Bool
    var priority: Int
  }

  /// The plot area the boxes are measured in, in pixels, and the label font's character size,
  /// measured on the sweep figure's PNG: 960 × 600 px with its key outside on the right leaves
  /// about 615 × 480 px for the axes; a 9 pt sans digit is about 6.6 px wide, a line 13 px tall
  /// (pngcairo). Boxes get half a character of room on each side.
  var widthPx = 615.0
  var heightPx = 480.0
  var charWidthPx = 6.6
  var lineHeightPx = 13.0

  /// The indices of the labels kept, ascending.
  func kept(_ labels: [Label], xRange: (Double, Double), yRange: (Double, Double)) -> [Int] {
    let boxes = labels.map { box($0, xRange: xRange, yRange: yRange) }
    let order = labels.indices.sorted { (labels[$0].priority, $0) < (labels[$1].priority, $1) }
    var kept: [Int] = []
    for index in order where !kept.contains(where: { Self.overlap(boxes[$0], boxes[index]) }) {
      kept.append(index)
    }
    return kept.sorted()
  }

  /// The label's box in pixels (x right, y up): the text starts 0.8 characters right of the
  /// point and is centred 0.7 lines above or 0.8 lines below it, as the script places it; the box
  /// has half a character more on each side.
  func box(_ label: Label, xRange: (Double, Double), yRange: (Double, Double)) -> (
    left: Double, right: Double, bottom: Double, top: Double
  ) {
    let x = (label.x - xRange.0) / max(xRange.1 - xRange.0, .leastNonzeroMagnitude) * widthPx
    let y = (label.y - yRange.0) / max(yRange.1 - yRange.0, .leastNonzeroMagnitude) * heightPx
    let left = x + 0.3 * charWidthPx
    let middle = y + (label.above ? 0.7 : -0.8) * lineHeightPx
    return (
      left, left + Double(label.text.count + 1) * charWidthPx, middle - lineHeightPx / 2,
      middle + lineHeightPx / 2
    )
  }

  static func overlap(
    _ a: (left: Double, right: Double, bottom: Double, top: Double),
    _ b: (left: Double, right: Double, bottom: Double, top: Double)
  ) -> Bool {
    a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top
  }
}
