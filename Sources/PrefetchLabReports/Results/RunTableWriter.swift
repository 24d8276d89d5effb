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
/// A table's file is created (with its header) by its first rows: an experiment that records
/// nothing per run has none. Files go straight into the staging folder, which only becomes the
/// results folder when complete (`OutputStaging`), so a half-written table is never seen.
final class RunTableWriter: @unchecked Sendable {
  private let folder: String
  private let lock = NSLock()
  private var next = 0
  private var waiting: [Int: [RunTable: [UInt8]]] = [:]
  private var descriptors: [RunTable: Int32] = [:]
  private var failure: OutputError?
  /// Bytes written per table, headers included.
  private(set) var bytesWritten: [RunTable: Int] = [:]

  /// Tables go into `folder` (the staging folder).
  init(folder: String) { self.folder = folder }

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

  /// Closes the tables. - Throws: the first error a write or close met.
  func finish() throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
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

  private func path(_ table: RunTable) -> String { FilePath.join(folder, table.fileName) }

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
      try writeAll(Array(CSVWriter.record(table.header).utf8), descriptor, table)
    }
    try writeAll(bytes, descriptor, table)
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
