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
/// Compressed (the default), a table is one gzip member (`Gzip.Encoder`) fed the same bytes
/// the plain table holds, and written a block of compressed bytes at a time.
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
  private var encoders: [RunTable: Gzip.Encoder] = [:]
  private var failure: OutputError?
  /// Bytes written per table (compressed bytes for a compressed table), headers included.
  private(set) var bytesWritten: [RunTable: Int] = [:]
  /// Compressed bytes gathered before one `write`.
  static let compressedBlockBytes = 1 << 20

  /// Tables go into `folder` (the staging folder), gzip-compressed (`timeline.csv.gz`) unless
  /// `compressed` is false (`timeline.csv`).
  init(folder: String, compressed: Bool = true) {
    self.folder = folder
    self.compressed = compressed
  }

  /// Hands over run `ordinal`'s rows (tables it has no rows for are absent). Every ordinal from
  /// 0 up must be handed over once, rows or not, for the later ones to be written.
  /// - Throws: the first `OutputError` any write met (this run's or an earlier one's).
  func submit(ordinal: Int, rows: [RunTable: [UInt8]]) throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
    if let failure { throw failure }
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

  /// Ends the compressed tables and closes every table. - Throws: the first error a write or
  /// close met.
  func finish() throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
    for (table, encoder) in encoders.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where failure == nil {
      guard let descriptor = descriptors[table] else { continue }
      do throws(OutputError) {
        try writeAll(encoder.finish(), descriptor, table)
      } catch {
        failure = error
      }
    }
    encoders = [:]
    for (table, descriptor) in descriptors.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      if close(descriptor) != 0 && failure == nil {
        failure = OutputError(path: path(table), reason: "cannot close: \(FilePath.lastErrorText())")
      }
    }
    descriptors = [:]
    if let failure { throw failure }
    guard waiting.isEmpty else {
      throw OutputError(path: folder, reason: "run \(next) never handed over its rows")
    }
  }

  private func path(_ table: RunTable) -> String {
    FilePath.join(folder, table.fileName(compressed: compressed))
  }

  private func append(_ bytes: [UInt8], to table: RunTable) throws(OutputError) {
    let descriptor: Int32
    if let open = descriptors[table] {
      descriptor = open
    } else {
      let created = open(path(table), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      guard created >= 0 else {
        throw OutputError(path: path(table), reason: "cannot create: \(FilePath.lastErrorText())")
      }
      descriptors[table] = created
      descriptor = created
      let header = Array(CSVWriter.record(table.header).utf8)
      if compressed {
        let encoder = Gzip.Encoder()
        encoder.append(header)
        encoders[table] = encoder
      } else {
        try writeAll(header, descriptor, table)
      }
    }
    guard let encoder = encoders[table] else { return try writeAll(bytes, descriptor, table) }
    encoder.append(bytes)
    if encoder.outputCount >= Self.compressedBlockBytes {
      try writeAll(encoder.takeOutput(), descriptor, table)
    }
  }

  private func writeAll(_ bytes: [UInt8], _ descriptor: Int32, _ table: RunTable) throws(OutputError) {
    var offset = 0
    while offset < bytes.count {
      let wrote = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else {
        throw OutputError(path: path(table), reason: "cannot write: \(FilePath.lastErrorText())")
      }
      offset += wrote
    }
    bytesWritten[table, default: 0] += bytes.count
  }
}
