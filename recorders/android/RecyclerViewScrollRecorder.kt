// PrefetchLab scroll recorder for a RecyclerView: writes the offset_csv that `scroll.trace`
// replays and `prefetchlab fit-users` fits (t_ms,offset_pt,phase; pt = dp).
//
//   val recorder = RecyclerViewScrollRecorder(resources.displayMetrics.density)
//   recyclerView.addOnScrollListener(recorder)
//   ... scroll ...
//   File(filesDir, "session.csv").writeText(recorder.csv())   // adb pull it afterwards
//
// The offset is the sum of the dy deltas RecyclerView reports to onScrolled (exact pixels, unlike
// computeVerticalScrollOffset(), which LinearLayoutManager estimates from an average row height),
// divided by the density. The phase is RecyclerView's scroll state: SCROLL_STATE_DRAGGING is a
// finger on the list, SETTLING a fling (or a smooth scroll), IDLE still. Start recording with
// the list at its top, or the offsets are relative to where it was.
// Not compiled in this repository (no Android toolchain here): a documented snippet.

import android.os.SystemClock
import androidx.recyclerview.widget.RecyclerView

class RecyclerViewScrollRecorder(private val density: Float) : RecyclerView.OnScrollListener() {
    private val rows = StringBuilder("t_ms,offset_pt,phase\n")
    private val startNanos = SystemClock.elapsedRealtimeNanos()
    private var offsetPx = 0L
    private var phase = "idle"

    init { row() }

    override fun onScrollStateChanged(recyclerView: RecyclerView, newState: Int) {
        phase = when (newState) {
            RecyclerView.SCROLL_STATE_DRAGGING -> "dragging"
            RecyclerView.SCROLL_STATE_SETTLING -> "decelerating"
            else -> "idle"
        }
        row() // the still sample before a move, and the stop after one
    }

    override fun onScrolled(recyclerView: RecyclerView, dx: Int, dy: Int) {
        if (dy == 0) return
        offsetPx += dy
        row()
    }

    private fun row() {
        val ms = (SystemClock.elapsedRealtimeNanos() - startNanos) / 1e6
        rows.append("%.3f,%.3f,%s\n".format(java.util.Locale.ROOT, ms, offsetPx / density, phase))
    }

    fun csv(): String = rows.toString()
}
