import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the run tables (`RunTable`) of a results folder being built, from the worker threads
/// that simulate the runs: each run's rows arrive as one buffer per table, in whatever order the
/// runs finish, and are written in the runs' order (`ordinal` 0, 1, 2, …), one `write` per
/// buffer. A buffer that arrives early waits, in memory, for the runs before it, so the tables
/// are the same bytes for any number of threads.
///
/// Compressed (the default), a table is a `GzipPieceFile` fed the same bytes the plain table
/// holds: its pieces are compressed on the writer's `CompressionPool` threads while the
/// simulating threads go on, and written in order. The file's bytes do not depend on the
/// threads, so the tables are still the same bytes for any `--jobs` and any shard split.
///
/// A table's file is created (with its header) by its first rows: an experiment that records
/// nothing per run has none. Files go straight into the staging folder, which only becomes the
/// results folder when complete (`OutputStaging`), so a half-written table is never seen.
final class RunTableWriter: @unchecked Sendable {
  private let folder: String
  private let compressed: Bool
  private let lock = NSLock()
  private var next = 0
  private var waiting: [Int: [RunTable: [UInt8]]] = [:]
  private var descriptors: [RunTable: Int32] = [:]
  private var gzipFiles: [RunTable: GzipPieceFile] = [:]
  /// Started with the first compressed table, so a run that writes none starts no thread.
  private var pool: CompressionPool?
  private let compressingThreads: Int
  private var failure: OutputError?
  private var closed = false
  /// Bytes written per table (compressed bytes for a compressed table), headers included.
  private(set) var bytesWritten: [RunTable: Int] = [:]
  /// Records written per table (lines after the header), for the manifest's `table_rows`.
  private(set) var recordsWritten: [RunTable: Int] = [:]
  /// CPU seconds the compressing threads used (known once `finish` or `abandon` returned).
  private(set) var compressingCPUSeconds = 0.0

  /// Tables go into `folder` (the staging folder), gzip-compressed (`timeline.csv.gz`) on
  /// `compressingThreads` threads unless `compressed` is false (`timeline.csv`).
  init(folder: String, compressed: Bool = true, compressingThreads: Int = CompressionPool.defaultThreads) {
    self.folder = folder
    self.compressed = compressed
    self.compressingThreads = compressingThreads
  }

  /// Hands over run `ordinal`'s rows (tables it has no rows for are absent). Every ordinal from
  /// 0 up must be handed over once, rows or not, for the later ones to be written.
  /// - Throws: the first `OutputError` any write met (this run's or an earlier one's).
  func submit(ordinal: Int, rows: [RunTable: [UInt8]]) throws(OutputError) {
    // Counted on the caller's thread, outside the lock: a record is a line, and no cell of a
    // run table holds a line break (names with one are refused when a scenario is loaded).
    let records = rows.mapValues(Self.lineCount)
    lock.lock()
    defer { lock.unlock() }
    if let failure { throw failure }
    for (table, count) in records { recordsWritten[table, default: 0] += count }
    waiting[ordinal] = rows
    while let ready = waiting.removeValue(forKey: next) {
      next += 1
      for table in RunTable.allCases {
        guard let bytes = ready[table], !bytes.isEmpty else { continue }
        do throws(OutputError) {
          try append(bytes, to: table)
        } catch {
          failure = error
          throw error
        }
      }
    }
  }

  /// Ends the compressed tables (waiting for their last pieces) and closes every table.
  /// - Throws: the first error a write or close met.
  func finish() throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
    closeAll()
    if let failure { throw failure }
    guard waiting.isEmpty else {
      throw OutputError(path: folder, reason: "run \(next) never handed over its rows")
    }
  }

  /// Closes every table and ends the compressing threads without reporting errors: for a run
  /// that failed before `finish` (its staging folder is removed). Nothing after `finish`.
  func abandon() {
    lock.lock()
    defer { lock.unlock() }
    closeAll()
  }

  private func closeAll() {
    guard !closed else { return }
    closed = true
    for (table, file) in gzipFiles.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      do throws(OutputError) {
        bytesWritten[table, default: 0] += try file.finish()
      } catch {
        if failure == nil { failure = error }
      }
    }
    gzipFiles = [:]
    compressingCPUSeconds = pool?.shutDown() ?? 0
    pool = nil
    for (table, descriptor) in descriptors.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      if close(descriptor) != 0 && failure == nil {
        failure = OutputError(path: path(table), reason: "cannot close: \(FilePath.lastErrorText())")
      }
    }
    descriptors = [:]
  }

  private func path(_ table: RunTable) -> String {
    FilePath.join(folder, table.fileName(compressed: compressed))
  }

  private func append(_ bytes: [UInt8], to table: RunTable) throws(OutputError) {
    precondition(!closed, "rows after finish")
    if let file = gzipFiles[table] { return try file.append(bytes) }
    if let descriptor = descriptors[table] { return try writeAll(bytes, descriptor, table) }
    let created = open(path(table), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard created >= 0 else {
      throw OutputError(path: path(table), reason: "cannot create: \(FilePath.lastErrorText())")
    }
    let header = table.headerRecordBytes
    if compressed {
      let pool = self.pool ?? CompressionPool(threads: compressingThreads)
      self.pool = pool
      let file = GzipPieceFile(descriptor: created, path: path(table), pool: pool)
      gzipFiles[table] = file
      try file.append(header)
      try file.append(bytes)
    } else {
      descriptors[table] = created
      try writeAll(header, created, table)
      try writeAll(bytes, created, table)
    }
  }

  /// The line feeds in `bytes`.
  static func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard var cursor = UnsafeRawPointer(buffer.baseAddress) else { return 0 }
      let end = cursor + buffer.count
      var count = 0
      while cursor < end, let found = memchr(cursor, 10, end - cursor) {
        count += 1
        cursor = UnsafeRawPointer(found) + 1
      }
      return count
    }
  }

  private func writeAll(_ bytes: [UInt8], _ descriptor: Int32, _ table: RunTable) throws(OutputError) {
    try FilePath.writeAll(bytes, to: descriptor, path: path(table))
    bytesWritten[table, default: 0] += bytes.count
  }
}
