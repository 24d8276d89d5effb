import Foundation
import Testing

@testable import PrefetchLab
@testable import PrefetchLabReports

/// The run tables: rows led by the run's key, written in the runs' order whatever order they
/// finish in, read back run by run exactly as the per-run files they replace; timelines keep
/// only the rows that a straight line between their neighbours, or a step held from the row
/// before, does not give.
@Suite struct RunTableTests {
  static func sample(
    _ timeUs: Int64, offset: Double, velocity: Double = 0, height: Double = 1000, blank: Double = 0,
    inFlight: Int = 0, stalled: Bool = false, trace: Int64? = nil
  ) -> TimelineSample {
    TimelineSample(
      timeUs: timeUs, traceUs: trace ?? timeUs, offsetPt: offset, velocityPtS: velocity,
      contentHeightPt: height,
      blankFraction: blank, inFlight: inFlight, stalled: stalled)
  }

  /// Hand-made: a pause (5 equal rows), a steady scroll (4 rows on a line), then a request in
  /// flight. Kept: the first, the ends of the pause, the start of the steady scroll, the row
  /// where the request is in flight (the row before it is the line and the step before it), the
  /// last.
  @Test func timelinesKeepTheRowsALineDoesNotGive() {
    var samples: [TimelineSample] = []
    for k in 0..<5 { samples.append(Self.sample(Int64(k) * 100_000, offset: 0)) }  // 0-4: paused
    for k in 5..<9 {
      samples.append(Self.sample(Int64(k) * 100_000, offset: Double(k - 4) * 50, velocity: 500))
    }
    samples.append(Self.sample(900_000, offset: 250, velocity: 500, inFlight: 1))  // 9: a request
    samples.append(Self.sample(1_000_000, offset: 300, velocity: 500, inFlight: 1))  // 10
    // 4 → 5: offset 0 → 50 but velocity 0 → 500: both kept. 5…9 on a line; in_flight, drawn as
    // steps, changes at 9, so 8 (in_flight as 7's) is not needed.
    #expect(RunFiles.timelineRows(samples) == [0, 4, 5, 9, 10])
    // A trace time that pauses (a stall) breaks the line even when nothing else moves.
    var stalled = (0..<4).map { Self.sample(Int64($0) * 100_000, offset: 0, trace: 0) }
    stalled[2].traceUs = 0
    stalled[3].traceUs = 100_000
    #expect(RunFiles.timelineRows(stalled) == [0, 2, 3])
    #expect(RunFiles.timelineRows(Array(samples.prefix(2))) == [0, 1])
    #expect(RunFiles.timelineRows([]) == [])
  }

  /// A steady drag of 400 pt/s sampled every 100 ms, one page requested at 300 ms and landing
  /// between 400 and 500 ms (the content edge 800 → 1200 pt): kept are the first row, the row
  /// the request is first in flight, the row before the landing (the content edge is drawn as a
  /// line, so the row before its change places the rise), the landing and the last. The
  /// previous rule also kept the row before the request (200 ms).
  @Test func aSteadyDragKeepsThreeRowsAPage() {
    let samples = (0..<10).map { k in
      Self.sample(
        Int64(k) * 100_000, offset: Double(k) * 40, velocity: 400, height: k < 5 ? 800 : 1200,
        inFlight: (3...4).contains(k) ? 1 : 0)
    }
    #expect(RunFiles.timelineRows(samples) == [0, 3, 4, 5, 9])
    let key = RunKey(
      scenario: "drag", strategy: "paging3", params: "prefetch_distance=10,initial_load_size=1", seed: 1)
    let prefix = "drag,paging3,\"prefetch_distance=10,initial_load_size=1\",1,"
    let table = String(decoding: RunFiles.timelineCSV(samples, key: key), as: UTF8.self)
    #expect(
      table
        == prefix + "0,0,0,400,800,0,0,0\r\n" + prefix + "300,300,120,400,800,0,1,0\r\n"
        + prefix + "400,400,160,400,800,0,1,0\r\n" + prefix + "500,500,200,400,1200,0,0,0\r\n"
        + prefix + "900,900,360,400,1200,0,0,0\r\n")
    // A stall that starts and ends on the grid keeps every row where a column turns.
    var stalled = samples.map { sample -> TimelineSample in
      var sample = sample
      sample.inFlight = 0
      sample.contentHeightPt = 800
      return sample
    }
    for k in 6...7 {
      stalled[k].stalled = true
      stalled[k].offsetPt = 240
      stalled[k].velocityPtS = 0
      stalled[k].traceUs = 600_000
    }
    stalled[8].traceUs = 700_000
    stalled[9].traceUs = 800_000
    stalled[8].offsetPt = 280
    stalled[9].offsetPt = 320
    // 5 is kept (the speed falls to 0 after it: not on the line), 6 starts the stall, 7 ends its
    // flat stretch (trace time resumes after it), 8 ends it, 9 is the last.
    #expect(RunFiles.timelineRows(stalled) == [0, 5, 6, 7, 8, 9])
  }

  /// A timeline written by the previous rule (which also kept the row before each change of
  /// in_flight: 200 ms in `aSteadyDragKeepsThreeRowsAPage`) reads back whole, and a reader that
  /// draws the line columns (offset, velocity, content height, blank fraction, trace time) as
  /// lines and holds the step columns (in_flight, stalled), as the timeline plot does, gets the
  /// same value from both files at every time. Read as lines, the content height tells the rules
  /// apart where a step would not: without the row at 400 ms the new file would rise from 300 ms
  /// and give 1100 pt at 450 ms where the old gives 1000 (halfway up its 400 → 500 ms rise).
  @Test func timelinesOfThePreviousRuleReadTheSame() throws {
    let folder = try TestFolder("run-tables")
    defer { folder.remove() }
    let header =
      "t_ms,trace_ms,offset_pt,velocity_pt_s,content_height_pt,blank_fraction,in_flight,stalled\r\n"
    try folder.write(
      "old.csv",
      header + "0,0,0,400,800,0,0,0\r\n200,200,80,400,800,0,0,0\r\n300,300,120,400,800,0,1,0\r\n"
        + "400,400,160,400,800,0,1,0\r\n500,500,200,400,1200,0,0,0\r\n900,900,360,400,1200,0,0,0\r\n")
    let samples = (0..<10).map { k in
      Self.sample(
        Int64(k) * 100_000, offset: Double(k) * 40, velocity: 400, height: k < 5 ? 800 : 1200,
        inFlight: (3...4).contains(k) ? 1 : 0)
    }
    try folder.write("new.csv", String(decoding: RunFiles.timelineCSV(samples), as: UTF8.self))
    let old = try #require(try RunFileReader.timeline(folder.file("old.csv")))
    let new = try #require(try RunFileReader.timeline(folder.file("new.csv")))
    #expect(old.count == 6 && new.count == 5)
    #expect(old.map(\.timeMs) == [0, 200, 300, 400, 500, 900])
    #expect(new.map(\.timeMs) == [0, 300, 400, 500, 900])
    /// The columns at `t`: steps held from the row at or before it, lines between the rows
    /// around it.
    func read(_ rows: [TimelineRow], at t: Double) -> [Double] {
      let index = rows.lastIndex { $0.timeMs <= t }!
      let row = rows[index]
      let next = index + 1 < rows.count ? rows[index + 1] : row
      let share = next.timeMs > row.timeMs ? (t - row.timeMs) / (next.timeMs - row.timeMs) : 0
      func line(_ column: (TimelineRow) -> Double) -> Double {
        column(row) + share * (column(next) - column(row))
      }
      return [
        line { $0.traceMs ?? -1 }, line(\.offsetPt), line(\.velocityPtS), line(\.contentHeightPt),
        line(\.blankFraction),
        row.inFlight, row.stalled ? 1 : 0,
      ]
    }
    // Hand-computed from the drag: 40 pt per 100 ms, the page in flight over [300, 500) ms, the
    // content edge rising 800 → 1200 pt between 400 and 500 ms.
    #expect(read(new, at: 450) == [450, 180, 400, 1000, 0, 1, 0])
    #expect(read(new, at: 250) == [250, 100, 400, 800, 0, 0, 0])
    for t in stride(from: 0.0, through: 900, by: 12.5) {
      let (a, b) = (read(old, at: t), read(new, at: t))
      #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }, "t \(t): old \(a), new \(b)")
    }
  }

  /// Over many random timelines with quiet stretches: every row left out is, in the file's
  /// resolution, the linear interpolation of the kept rows around it, and the step columns hold.
  @Test func leftOutRowsAreTheInterpolationOfTheKeptOnes() {
    for seed in 1...40 {
      var generator = SplitMix64(seed: UInt64(seed))
      var samples: [TimelineSample] = []
      var offset = 0.0
      var velocity = 0.0
      var inFlight = 0
      for k in 0..<300 {
        switch generator.next() % 6 {
        case 0: velocity = Double(generator.next() % 4000) / 4 - 500
        case 1: inFlight = Int(generator.next() % 3)
        case 2: velocity = 0
        default: break
        }
        offset += velocity / 10
        samples.append(
          Self.sample(Int64(k) * 100_000, offset: offset, velocity: velocity, inFlight: inFlight))
      }
      let kept = RunFiles.timelineRows(samples)
      #expect(kept.first == 0 && kept.last == samples.count - 1)
      #expect(kept.count < samples.count, "seed \(seed): quiet stretches are left out")
      for (a, b) in zip(kept, kept.dropFirst()) where b > a + 1 {
        for k in (a + 1)..<b {
          let share =
            Double(samples[k].timeUs - samples[a].timeUs) / Double(samples[b].timeUs - samples[a].timeUs)
          for column in [\TimelineSample.offsetPt, \TimelineSample.velocityPtS] {
            let start = samples[a][keyPath: column]
            let line = start + share * (samples[b][keyPath: column] - start)
            #expect(abs(line - samples[k][keyPath: column]) < 0.0011, "seed \(seed) row \(k)")
          }
          #expect(samples[k].inFlight == samples[a].inFlight)
          #expect(samples[k].stalled == samples[a].stalled)
          #expect(samples[k].contentHeightPt == samples[a].contentHeightPt)
        }
      }
    }
  }

  /// A run's rows carry its key first (a parameter list with commas quoted, as in summary.csv)
  /// and otherwise equal the per-run file's rows.
  @Test func tableRowsAreTheRunFileRowsBehindTheKey() {
    let key = RunKey(
      scenario: "reader-lte", strategy: "fixed_threshold", params: "ratio=0.5,guard_in_flight=false", seed: 7)
    let records = [
      TimeToContent(item: 0, firstVisibleUs: 0, durationUs: 0, complete: true),
      TimeToContent(item: 3, firstVisibleUs: 1_234_567, durationUs: 89_000, complete: false),
    ]
    let table = String(decoding: RunFiles.timeToContentCSV(records, key: key), as: UTF8.self)
    #expect(
      table
        == "reader-lte,fixed_threshold,\"ratio=0.5,guard_in_flight=false\",7,0,0,0,1\r\n"
        + "reader-lte,fixed_threshold,\"ratio=0.5,guard_in_flight=false\",7,3,1234.567,89,0\r\n")
    let file = String(decoding: RunFiles.timeToContentCSV(records), as: UTF8.self)
    #expect(file == "item,first_visible_ms,ttc_ms,complete\r\n0,0,0,1\r\n3,1234.567,89,0\r\n")
  }

  /// Runs handed over out of order are written in order, the header once; a table without rows
  /// is not created.
  @Test func theWriterOrdersRunsWhateverOrderTheyFinishIn() throws {
    let folder = try TestFolder("run-tables")
    defer { folder.remove() }
    let writer = RunTableWriter(folder: folder.path, compressed: false)
    let keys = (1...4).map { RunKey(scenario: "s", strategy: "a", params: "", seed: UInt64($0)) }
    func rows(_ ordinal: Int) -> [RunTable: [UInt8]] {
      [
        .timeToContent: RunFiles.timeToContentCSV(
          [TimeToContent(item: ordinal, firstVisibleUs: 0, durationUs: 0, complete: true)], key: keys[ordinal]
        )
      ]
    }
    for ordinal in [2, 0, 3, 1] { try writer.submit(ordinal: ordinal, rows: rows(ordinal)) }
    try writer.finish()
    #expect(
      try folder.read("ttc.csv")
        == "scenario,strategy,params,seed,item,first_visible_ms,ttc_ms,complete\r\n"
        + "s,a,,1,0,0,0,1\r\ns,a,,2,1,0,0,1\r\ns,a,,3,2,0,0,1\r\ns,a,,4,3,0,0,1\r\n")
    #expect(!folder.exists("timeline.csv") && !folder.exists("events.csv"))
    let written = try folder.read("ttc.csv").utf8.count
    #expect(writer.bytesWritten[.timeToContent] == written)
  }

  /// The index hands back each run's rows as its per-run file, also when a run's rows are not
  /// together; a malformed key names the table's line.
  @Test func theIndexReadsARunBackAsItsFile() throws {
    let header = "scenario,strategy,params,seed,item,first_visible_ms,ttc_ms,complete\r\n"
    let text =
      header + "s,a,,1,0,0,0,1\r\n\"s,2\",b,\"k=1,j=2\",1,5,1.5,2,0\r\ns,a,,1,1,3,4,1\r\n"
    let index = try RunTableIndex(
      source: MappedFile(copying: Array(text.utf8)), table: .timeToContent, file: "ttc.csv")
    let first = RunKey(scenario: "s", strategy: "a", params: "", seed: 1)
    let second = RunKey(scenario: "s,2", strategy: "b", params: "k=1,j=2", seed: 1)
    #expect(index.keys == [first, second])
    #expect(index.recordCount == 3)
    let run = try #require(index.runFile(first))
    #expect(
      String(decoding: run.bytes, as: UTF8.self)
        == "item,first_visible_ms,ttc_ms,complete\r\n0,0,0,1\r\n1,3,4,1\r\n")
    #expect(run.lines == [2, 4])
    #expect(String(decoding: index.runFile(second)!.bytes, as: UTF8.self).hasSuffix("\r\n5,1.5,2,0\r\n"))
    #expect(
      index.records(of: second).map { String(decoding: $0, as: UTF8.self) } == [
        "\"s,2\",b,\"k=1,j=2\",1,5,1.5,2,0\r\n"
      ])
    #expect(index.runFile(RunKey(scenario: "s", strategy: "a", params: "", seed: 2)) == nil)
    #expect(throws: InputError(file: "ttc.csv", location: "line 3", message: "seed must be a whole number")) {
      try RunTableIndex(
        source: MappedFile(copying: Array((header + "s,a,,1,0,0,0,1\r\ns,a,,x,0,0,0,1\r\n").utf8)),
        table: .timeToContent, file: "ttc.csv")
    }
    #expect(throws: InputError.self) {
      try RunTableIndex(
        source: MappedFile(copying: Array("t_ms\r\n".utf8)), table: .timeToContent, file: "ttc.csv")
    }
  }

  /// A folder of either layout gives the same rows: the run tables, or the per-run files of a
  /// folder written before them. A malformed cell in a table names the table's own line.
  @Test func runDataReadsBothLayouts() throws {
    let folder = try TestFolder("run-data")
    defer { folder.remove() }
    let key = RunKey(scenario: "s", strategy: "a", params: "ratio=0.5", seed: 3)
    let records = [
      TimeToContent(item: 2, firstVisibleUs: 100_000, durationUs: 250_000, complete: true),
      TimeToContent(item: 5, firstVisibleUs: 300_000, durationUs: 0, complete: true),
    ]
    try folder.write(
      "new/ttc.csv",
      RunTable.timeToContent.header.joined(separator: ",") + "\r\n"
        + String(decoding: RunFiles.timeToContentCSV(records, key: key), as: UTF8.self))
    try folder.write(
      "old/ttc/" + RunFiles.fileName(for: key),
      String(decoding: RunFiles.timeToContentCSV(records), as: UTF8.self))
    let fromTable = try #require(try RunData(folder: folder.file("new")).timesToContent(key))
    let fromFile = try #require(try RunData(folder: folder.file("old")).timesToContent(key))
    #expect(fromTable == fromFile)
    #expect(fromTable.map(\.ttcMs) == [250, 0])
    #expect(try RunData(folder: folder.file("new")).timeline(key) == nil)
    #expect(try RunData(folder: folder.file("new")).has(.timeToContent, key))
    try folder.write(
      "bad/ttc.csv",
      RunTable.timeToContent.header.joined(separator: ",") + "\r\n"
        + "s,a,ratio=0.5,3,2,100,,1\r\n")
    #expect(
      throws: InputError(
        file: folder.file("bad/ttc.csv"), location: "line 2",
        message: "column 'ttc_ms' is empty (a row of s / a:ratio=0.5 / seed 3)")
    ) {
      try RunData(folder: folder.file("bad")).timesToContent(key)
    }
  }

  /// One header per table, spelled from the column catalogue: what writers put down (CRLF) and
  /// readers compare (without it) are the same line, for each table.
  @Test func theHeaderIsSpelledOnceFromTheColumns() {
    #expect(
      String(decoding: RunTable.timeToContent.headerRecordBytes, as: UTF8.self)
        == "scenario,strategy,params,seed,item,first_visible_ms,ttc_ms,complete\r\n")
    #expect(
      String(decoding: RunTable.timeline.headerBytes, as: UTF8.self)
        == "scenario,strategy,params,seed,t_ms,trace_ms,offset_pt,velocity_pt_s,content_height_pt,"
        + "blank_fraction,in_flight,stalled")
    #expect(
      String(decoding: RunTable.events.headerBytes, as: UTF8.self)
        == "scenario,strategy,params,seed,t_ms,event,request_id,kind,page,item,priority,attempt,bytes,prefetch"
    )
    for table in RunTable.allCases {
      #expect(table.headerRecordBytes == table.headerBytes + Array("\r\n".utf8))
    }
  }
}
