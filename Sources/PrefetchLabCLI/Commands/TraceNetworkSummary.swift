import PrefetchLab
import PrefetchLabReports

/// The few lines `trace-network` prints about a trace: what a reader needs to choose one.
enum TraceNetworkSummary {
  static func render(_ capacity: TraceCapacity, name: String, format: BandwidthTraceFormat) -> String {
    let bin =
      capacity.intervalUs % 1_000_000 == 0
      ? "\(capacity.intervalUs / 1_000_000) s" : "\(DecimalFormat.milliseconds(capacity.intervalUs)) ms"
    let spread = capacity.spreadKbps
    var text = "\(name): \(format.rawValue) trace, \(seconds(capacity.periodUs)) s long (runs loop over it)\n"
    text += "capacity: mean \(mbps(capacity.meanKbps)) Mbit/s; \(bin) bins: smallest \(mbps(spread.min)), "
    text += "median \(mbps(spread.median)), largest \(mbps(spread.max)) Mbit/s\n"
    let outages = capacity.outages
    if let longest = outages.max(by: { $0.durationUs < $1.durationUs }) {
      let total = outages.reduce(Int64(0)) { $0 + $1.durationUs }
      let stretches = outages.count == 1 ? "1 stretch" : "\(outages.count) stretches"
      text += "no capacity: \(stretches) of whole \(bin) bins, \(seconds(total)) s in all; "
      text += "the longest \(seconds(longest.durationUs)) s from \(seconds(longest.startUs)) s\n"
    } else {
      text += "no capacity: never for a whole \(bin) bin\n"
    }
    let latencies = capacity.latenciesMs
    if let low = latencies.first, let high = latencies.last {
      let range =
        low == high
        ? "\(DecimalFormat.shortest(low)) ms"
        : "\(DecimalFormat.shortest(low))…\(DecimalFormat.shortest(high)) ms"
      text += "round trip: \(range), set by the trace (it replaces rtt_ms)\n"
    }
    return text
  }

  private static func mbps(_ kbps: Double) -> String { DecimalFormat.fixed(kbps / 1000, places: 2) }

  private static func seconds(_ us: Int64) -> String { DecimalFormat.fixed(Double(us) / 1e6, places: 1) }
}
