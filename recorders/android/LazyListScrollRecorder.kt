// PrefetchLab scroll recorder for a Compose LazyColumn: writes the offset_csv that `scroll.trace`
// replays and `prefetchlab fit-users` fits (t_ms,offset_pt,phase; pt = dp).
//
//   val listState = rememberLazyListState()
//   val recorder = remember { LazyListScrollRecorder() }
//   LaunchedEffect(listState) { recorder.record(listState, density = LocalDensity.current.density) }
//   LazyColumn(state = listState) { ... }
//   ... later: File(context.filesDir, "session.csv").writeText(recorder.csv())
//
// LazyListState has no absolute offset, so it is rebuilt from the layout: the sizes (plus the
// spacing) of the rows above the first visible one, as they were measured while on screen,
// plus that row's scroll offset. A row never measured (after scrollToItem far down) counts as
// the average of those measured. snapshotFlow emits once per frame in which the layout or the
// interaction changed. Phase: a drag interaction in progress is `dragging`; still scrolling after
// it stopped is a fling, `decelerating`; otherwise `idle`.
// Not compiled in this repository (no Android toolchain here): a documented snippet.

import android.os.SystemClock
import androidx.compose.foundation.interaction.DragInteraction
import androidx.compose.foundation.lazy.LazyListState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.runtime.snapshotFlow
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.launch

class LazyListScrollRecorder {
    private val rows = StringBuilder("t_ms,offset_pt,phase\n")
    private val startNanos = SystemClock.elapsedRealtimeNanos()
    private val sizesPx = HashMap<Int, Int>() // measured row size + spacing, by index
    private var dragging by mutableStateOf(false)

    suspend fun record(state: LazyListState, density: Float) = coroutineScope {
        launch {
            state.interactionSource.interactions.collect {
                when (it) {
                    is DragInteraction.Start -> dragging = true
                    is DragInteraction.Stop, is DragInteraction.Cancel -> dragging = false
                }
            }
        }
        snapshotFlow {
            val info = state.layoutInfo
            info.visibleItemsInfo.forEach { sizesPx[it.index] = it.size + info.mainAxisItemSpacing }
            val phase = when {
                dragging -> "dragging"
                state.isScrollInProgress -> "decelerating"
                else -> "idle"
            }
            Triple(state.firstVisibleItemIndex, state.firstVisibleItemScrollOffset, phase)
        }.collect { (index, offsetPx, phase) ->
            val average = if (sizesPx.isEmpty()) 0.0 else sizesPx.values.average()
            val abovePx = (0 until index).sumOf { sizesPx[it]?.toDouble() ?: average }
            val ms = (SystemClock.elapsedRealtimeNanos() - startNanos) / 1e6
            rows.append("%.3f,%.3f,%s\n".format(java.util.Locale.ROOT, ms, (abovePx + offsetPx) / density, phase))
        }
    }

    fun csv(): String = rows.toString()
}
