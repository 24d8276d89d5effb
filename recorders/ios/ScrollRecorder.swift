// PrefetchLab scroll recorder for UIKit: writes the offset_csv that `scroll.trace` replays and
// `prefetchlab fit-users` fits (t_ms,offset_pt,phase).
//
//   let recorder = ScrollRecorder()
//   // in your UIScrollViewDelegate (a UITableView's or UICollectionView's delegate is one):
//   func scrollViewDidScroll(_ s: UIScrollView) { recorder.record(s) }
//   func scrollViewWillBeginDragging(_ s: UIScrollView) { recorder.record(s) }
//   func scrollViewDidEndDragging(_ s: UIScrollView, willDecelerate _: Bool) { recorder.record(s) }
//   func scrollViewDidEndDecelerating(_ s: UIScrollView) { recorder.record(s) }
//   ... later: try recorder.csv.write(to: url, atomically: true, encoding: .utf8)
//
// The offset is contentOffset.y + adjustedContentInset.top (0 with the list at its top, in
// points); time is CACurrentMediaTime(). Phase: isDragging while isTracking (a finger on the screen
// has moved the content) is `dragging`, isDecelerating (released with momentum) is `decelerating`, otherwise `idle`.
// scrollViewDidScroll comes once per frame while the content moves; the other three calls add
// the still sample before a drag and the stop after one. Overscroll past the top (the rubber
// band) is recorded as negative offsets, which the replay clamps.
// Not compiled in this repository (no iOS SDK here): a documented snippet.

import QuartzCore
import UIKit

final class ScrollRecorder {
  private(set) var csv = "t_ms,offset_pt,phase\n"
  private let start = CACurrentMediaTime()

  func record(_ scrollView: UIScrollView) {
    let phase =
      scrollView.isDragging && scrollView.isTracking
      ? "dragging" : scrollView.isDecelerating ? "decelerating" : "idle"
    let offset = scrollView.contentOffset.y + scrollView.adjustedContentInset.top
    let ms = (CACurrentMediaTime() - start) * 1000
    csv += String(format: "%.3f,%.3f,%@\n", ms, offset, phase)
  }
}
