extension HARScenarioWriter {
  /// A throughput trace (`network.trace` format `throughput`: `time_s Mbit/s` rows, row i's rate
  /// over (t[i−1], t[i]]) over the session's clock, when the measured transfer rates vary: at
  /// least 10 of them over at least 10 s, the 90th percentile at least twice the 10th. Each bin
  /// (1 s, or a hundredth of the session when longer) holds the median rate of the transfers
  /// that ended in it; a bin without one keeps the rate before it. nil when the rates do not vary
  /// that much (the median then stands for the link). O(n log n).
  ///
  /// - Parameter samples: (time the body ended, s since the first request; rate, kbit/s).
  static func throughputTrace(_ samples: [(timeS: Double, kbps: Double)]) -> String? {
    guard samples.count >= 10 else { return nil }
    let ordered = samples.sorted { $0.timeS < $1.timeS }
    let rates = ordered.map(\.kbps).sorted()
    let spanS = ordered.last!.timeS - ordered.first!.timeS
    guard spanS >= 10,
      LognormalFit.sampleQuantile(rates, 0.9) >= 2 * LognormalFit.sampleQuantile(rates, 0.1)
    else { return nil }
    let binS = max(1, (ordered.last!.timeS / 100 * 1000).rounded(.up) / 1000)
    let bins = Int((ordered.last!.timeS / binS).rounded(.up))
    var binned: [[Double]] = Array(repeating: [], count: max(1, bins))
    for sample in ordered {
      let index = min(binned.count - 1, max(0, Int((sample.timeS / binS).rounded(.up)) - 1))
      binned[index].append(sample.kbps)
    }
    var previous =
      binned.first { !$0.isEmpty }.map { LognormalFit.sampleQuantile($0.sorted(), 0.5) } ?? rates[0]
    var text = "0 \(mbps(previous))\n"
    for (index, bin) in binned.enumerated() {
      if !bin.isEmpty { previous = LognormalFit.sampleQuantile(bin.sorted(), 0.5) }
      text +=
        "\(DecimalFormat.shortest((Double(index + 1) * binS * 1000).rounded() / 1000)) \(mbps(previous))\n"
    }
    return text
  }

  /// kbit/s as Mbit/s with 3 decimals (1 kbit/s resolution).
  private static func mbps(_ kbps: Double) -> String { DecimalFormat.shortest((kbps).rounded() / 1000) }
}
