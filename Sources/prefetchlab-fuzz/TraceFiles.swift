/// Trace and recording files for fuzz inputs: a plausible file of each format, then perhaps
/// damaged (extreme numbers, decreasing times, truncation, garbage, control characters, a huge
/// number of rows, empty).
enum TraceFiles {
  enum Format: String, CaseIterable {
    case mahimahi, throughput, periods
    case offsetCSV = "offset_csv"
    case touchCSV = "touch_csv"
  }

  static func text(_ format: Format, _ random: inout FuzzRandom) -> String {
    var rows: [String] = []
    let count = random.chance(0.03) ? random.int(10_000..<40_000) : random.int(2..<60)
    var time = 0.0
    switch format {
    case .mahimahi:
      for _ in 0..<count {
        time += Double(random.int(0..<30))
        rows.append(String(Int(time)))
      }
      if rows.allSatisfy({ $0 == "0" }) { rows.append("5") }
    case .throughput:
      for _ in 0..<count {
        rows.append("\(time) \(random.double(0...50))")
        time += random.double(0.1...5)
      }
    case .periods:
      let periods = (0..<count).map { _ in
        #"{"duration_ms": \#(random.int(1..<5000)), "bandwidth_kbps": \#(random.int(0..<20000)), "latency_ms": \#(random.int(0..<400))}"#
      }
      return "[" + periods.joined(separator: ",\n") + "]"
    case .offsetCSV:
      rows.append(
        random.chance(0.3) ? "t_ms,offset_pt,velocity_pt_s,phase,projected_target_pt" : "t_ms,offset_pt")
      var offset = 0.0
      let annotated = rows[0].hasSuffix("target_pt")
      for _ in 0..<count {
        time += random.double(1...500)
        offset = max(0, offset + random.double(-300...2000))
        rows.append(
          annotated
            ? "\(time),\(offset),0,\(random.pick(["idle", "dragging", "decelerating"])),\(offset)"
            : "\(time),\(offset)")
      }
    case .touchCSV:
      rows.append("t_ms,action,y_px")
      var down = false
      for _ in 0..<count {
        time += random.double(1...200)
        let action = down ? random.pick(["move", "move", "up"]) : "down"
        down = action != "up"
        rows.append("\(time),\(action),\(random.double(0...3000))")
      }
    }
    return rows.joined(separator: random.chance(0.2) ? "\r\n" : "\n") + "\n"
  }

  /// The text damaged in one of several ways, or as it is.
  static func damaged(_ text: String, _ random: inout FuzzRandom) -> String {
    guard random.chance(0.6) else { return text }
    var lines = text.components(separatedBy: "\n")
    switch random.int(0..<9) {
    case 0: return String(text.prefix(random.int(0..<max(1, text.count))))
    case 1: return ""
    case 2:
      // An extreme number in place of a number.
      let index = random.int(0..<lines.count)
      var fields = lines[index].components(separatedBy: random.chance(0.5) ? "," : " ")
      fields[random.int(0..<fields.count)] = NumberPool.any(&random)
      lines[index] = fields.joined(separator: ",")
    case 3:
      if lines.count > 2 { lines.swapAt(1, lines.count - 2) }  // decreasing times
    case 4:
      lines.insert(
        random.pick(["\u{0}", "\u{1B}[31m", "nan", "inf", "-", ",,,", "🙂", "1e400", " "]),
        at: random.int(0..<lines.count))
    case 5: lines.append(contentsOf: Array(repeating: lines.last ?? "0", count: random.int(1..<2000)))
    case 6: lines = lines.map { $0.replacingOccurrences(of: "0", with: NumberPool.any(&random)) }
    case 7: return text + String(repeating: "9", count: random.int(1..<400))
    default: lines.insert("", at: random.int(0..<lines.count))
    }
    return lines.joined(separator: "\n")
  }
}
