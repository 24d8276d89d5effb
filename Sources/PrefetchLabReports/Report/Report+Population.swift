import PrefetchLab

extension Report {
  /// A population run's section: its segments and the weighted leaderboard. Empty otherwise.
  func populationBlocks() -> [ReportDocument.Block] {
    guard let record = data.folder.manifest?.population else { return [] }
    let board = PopulationLeaderboard(record: record, rows: data.folder.rows)
    var blocks: [ReportDocument.Block] = [
      .heading(level: 2, text: "Population \(record.name)", anchor: "population")
    ]
    if !record.description.isEmpty { blocks.append(.paragraph([.text(record.description)])) }
    var segments: [[[ReportDocument.Inline]]] = []
    for (index, (segment, share)) in zip(record.segments, record.shares).enumerated() {
      let sessions = index < board.sessionsPerSegment.count ? String(board.sessionsPerSegment[index]) : "–"
      segments.append([
        [.text(segment.name)], [.text(DecimalFormat.fixed(share * 100, places: 1) + " %")],
        [.code(segment.scenario)], [.text(segment.user ?? "the scenario's")], [.text(sessions)],
      ])
    }
    blocks.append(
      .table(
        header: ["segment", "share", "scenario", "user", "sessions"], rows: segments,
        numeric: [false, true, false, false, true]))
    blocks.append(
      .paragraph([.strong("Weighted leaderboard."), .text(" " + PopulationLeaderboard.definition)]))
    let table = board.table
    blocks.append(
      .table(
        header: table[0], rows: table.dropFirst().map { row in row.map { [.text($0)] } },
        numeric: table[0].indices.map { $0 != 1 }))
    if !board.incomplete.isEmpty {
      blocks.append(
        .paragraph([
          .text("Not ranked (missing from a segment): " + board.incomplete.joined(separator: ", ") + ".")
        ])
      )
    }
    return blocks
  }
}
