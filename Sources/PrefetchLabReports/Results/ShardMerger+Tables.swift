import Foundation
import PrefetchLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Joining the shards' run tables: each run's records are taken, as bytes, from the shard that
// ran it and written in the experiment's canonical order, so the merged table is the one the
// unsharded run writes. No number is parsed or formatted again, and no table is held whole:
// every shard's table is streamed (`ShardTableReader`), all of them at once, each at its own
// pace, since the slices are dealt round-robin.
extension ShardMerger {
  /// Writes `table` of the merged folder into `staging` from the shards' tables, compressed or
  /// not as `compressed` says whatever form each shard's is; nil (and no file) when no shard has
  /// the table, else the bytes written and the records joined.
  ///
  /// Verifies what it joins as it goes (`ShardTableReader`): each record has the header's
  /// fields, belongs to a run its shard holds in its summary.csv, and comes in the order `run`
  /// writes them; each shard's table is whole (`RunTableCompleteness`: present when its
  /// manifest's `table_rows` lists it, its last row ending with a line break, as many records
  /// as `table_rows` says); the merged table holds every shard record exactly once.
  ///
  /// Complexity: O(n) in the tables' decompressed size; memory O(shards × piece) for the
  /// reading (64 KiB of each shard's file at a time, what it inflates to, and zlib's state:
  /// a few hundred kB per shard) and the writer's pieces in flight (`GzipPieceFile`), not O(n);
  /// one open file per shard (`ensureOpenFiles`).
  /// - Throws: `InputError` naming the shard's table and line for a malformed table or a record
  ///   of a run the shard did not run; `OutputError` when the merged table cannot be written.
  static func joinTable(
    _ table: RunTable, shards: [ShardFolder], keys: [RunKey], owner: [RunKey: Int], compressed: Bool,
    into staging: OutputStaging
  ) throws -> (bytes: Int, records: Int)? {
    guard shards.contains(where: { table.path(in: $0.path) != nil }) else {
      for shard in shards {
        let expected = shard.manifest.tableRows.map { $0[table] ?? 0 }
        if let missing = RunTableCompleteness.missing(table, folder: shard.path, expected: expected) {
          throw missing
        }
      }
      return nil
    }
    var position: [RunKey: Int] = [:]
    for (index, key) in keys.enumerated() { position[key] = index }
    try ensureOpenFiles(
      shards.count { table.path(in: $0.path) != nil } + reservedDescriptors,
      shards: shards.count, destination: staging.destination)
    var readers: [ShardTableReader?] = []
    for (index, shard) in shards.enumerated() {
      let expected = shard.manifest.tableRows.map { $0[table] ?? 0 }
      guard let path = table.path(in: shard.path) else {
        if let missing = RunTableCompleteness.missing(table, folder: shard.path, expected: expected) {
          throw missing
        }
        readers.append(nil)
        continue
      }
      readers.append(
        try ShardTableReader(
          table, path: path, shard: index, summary: FilePath.join(shard.path, "summary.csv"),
          expected: expected, owner: owner, position: position))
    }
    let path = FilePath.join(staging.path, table.fileName(compressed: compressed))
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw OutputError(path: path, reason: "cannot create: \(FilePath.lastErrorText())")
    }
    var writer: BufferedWrites? = nil
    var gzip: GzipPieceFile? = nil
    // Compressed, the table is fed the bytes of the plain table as `run`'s writer feeds them,
    // so its pieces are cut at the same offsets and the file is the unsharded run's.
    let pool = compressed ? CompressionPool() : nil
    defer { pool?.shutDown() }
    if let pool {
      gzip = GzipPieceFile(descriptor: descriptor, path: path, pool: pool)
    } else {
      writer = BufferedWrites(descriptor: descriptor, path: path)
    }
    // Records are gathered into one buffer and handed to the file a megabyte at a time.
    var buffer: [UInt8] = []
    buffer.reserveCapacity(Gzip.pieceInputBytes + (1 << 16))
    func flush() throws(OutputError) {
      if let gzip { try gzip.append(buffer) } else { try writer!.append(buffer) }
      buffer.removeAll(keepingCapacity: true)
    }
    var joined = 0
    var shardRecords = 0
    var written = 0
    do {
      buffer += table.headerRecordBytes
      for (index, key) in keys.enumerated() {
        guard let reader = readers[owner[key]!] else { continue }
        try reader.records(of: key, at: index, owner: owner, position: position) { record in
          buffer += record
          buffer += [13, 10]
          joined += 1
          if buffer.count >= Gzip.pieceInputBytes { try flush() }
        }
      }
      for reader in readers { shardRecords += try reader?.finish() ?? 0 }
      try flush()
    } catch {
      // The file is left to the staging folder's removal; its pieces are still waited for.
      if let gzip { _ = try? gzip.finish() } else { close(descriptor) }
      throw error
    }
    if let gzip {
      written = try gzip.finish()
    } else {
      try writer!.flush()
      written = writer!.written
      guard close(descriptor) == 0 else {
        throw OutputError(path: path, reason: "cannot close: \(FilePath.lastErrorText())")
      }
    }
    guard joined == shardRecords else {
      throw InputError(
        file: staging.destination, location: table.fileName,
        message: "joined \(joined) of the shards' \(shardRecords) records: a shard holds rows of a run twice")
    }
    return (written, joined)
  }
}

extension ShardMerger {
  /// Descriptors kept free beside the shards' tables: standard streams, the merged table, the
  /// summary and manifest being read, gnuplot's pipes later.
  static let reservedDescriptors = 32

  /// Makes room for `needed` open files, since a merge reads every shard's table at once: the
  /// soft limit (`ulimit -n`; 1 024 by default on Linux, 256 on macOS) is raised towards the
  /// hard one, which a process may do without privileges.
  /// - Throws: `OutputError` at `destination` naming both counts when even the hard limit is
  ///   lower (before any table is opened, so nothing is half-written and the shards stay).
  static func ensureOpenFiles(_ needed: Int, shards: Int, destination: String) throws(OutputError) {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
      let infinity = rlim_t.max  // glibc's RLIM_INFINITY, ~0, which Swift cannot import
    #else
      let resource = RLIMIT_NOFILE
      let infinity = RLIM_INFINITY
    #endif
    guard getrlimit(resource, &limit) == 0 else { return }
    let wanted = rlim_t(needed)
    if limit.rlim_cur != infinity && limit.rlim_cur < wanted {
      var raised = limit
      raised.rlim_cur = limit.rlim_max == infinity ? wanted : min(wanted, limit.rlim_max)
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    guard limit.rlim_cur == infinity || limit.rlim_cur >= wanted else {
      throw OutputError(
        path: destination,
        reason:
          "merging \(shards) shards reads their tables at once and needs \(needed) open files, "
          + "but this process may open only \(limit.rlim_cur) (the hard limit, ulimit -Hn): "
          + "raise it, or merge fewer shards at a time")
    }
  }

  /// Removes the shard `folders` once their runs are in the committed merged folder, which is
  /// what makes `merge` a move: a 200-seed study is then on disk once, not twice. A folder is
  /// removed only when it is this program's results folder with nothing else in it at any depth
  /// (`ResultsFolderIdentity`), as `--out` would replace it; others are left and returned.
  /// - Returns: the folders left in place, each with the reason.
  public static func removeShards(_ folders: [String]) -> [(folder: String, reason: String)] {
    var kept: [(String, String)] = []
    for folder in folders {
      guard ResultsFolderIdentity.hasOwnManifest(folder) else {
        kept.append((folder, "its manifest.json is not one prefetchlab wrote"))
        continue
      }
      let foreign = ResultsFolderIdentity.foreignEntries(folder)
      guard foreign.isEmpty else {
        kept.append(
          (folder, "it holds files prefetchlab did not write: " + foreign.prefix(5).joined(separator: ", ")))
        continue
      }
      do {
        try FileManager.default.removeItem(atPath: folder)
      } catch {
        kept.append((folder, FilePath.errorText(error)))
      }
    }
    return kept
  }
}
