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
// unsharded run writes. No number is parsed or formatted again.
extension ShardMerger {
  /// Writes `table` of the merged folder into `staging` from the shards' tables, compressed or
  /// not as `compressed` says whatever form each shard's is; nil (and no file) when no shard has
  /// the table, else the bytes written and the records joined.
  ///
  /// Verifies what it joins: each shard's table holds the records its manifest says were
  /// written (`table_rows`, when recorded), every record of a shard's table belongs to a run
  /// that shard holds in its summary.csv, and the merged table holds every shard record exactly once (counts
  /// compared).
  /// - Throws: `InputError` naming the shard's table and line for a malformed table or a record
  ///   of a run the shard did not run; `OutputError` when the merged table cannot be written.
  static func joinTable(
    _ table: RunTable, shards: [ShardFolder], keys: [RunKey], owner: [RunKey: Int], compressed: Bool,
    into staging: OutputStaging
  ) throws -> (bytes: Int, records: Int)? {
    var indexes: [RunTableIndex?] = []
    for shard in shards {
      let expected = shard.manifest.tableRows.map { $0[table] ?? 0 }
      guard let (source, file) = try table.contents(in: shard.path) else {
        if let expected, expected > 0 {
          throw InputError(
            file: FilePath.join(shard.path, table.compressedFileName), location: "",
            message:
              "missing: the shard's manifest.json says \(expected) rows of \(table.fileName) were written; "
              + "run the shard again")
        }
        indexes.append(nil)
        continue
      }
      // Joining copies records as bytes up to each line break: a last row without one (a cut copy)
      // would run into the next shard's first record, whatever the manifest recorded.
      if let last = source.bytes.last, last != 10 {
        throw InputError(file: file, location: "", message: RunData.unfinishedRow)
      }
      let index = try RunTableIndex(source: source, table: table, file: file)
      if let expected, index.recordCount != expected {
        throw InputError(
          file: file, location: "",
          message: RunData.countMismatch(
            held: index.recordCount, expected: expected, lastRun: index.keys.last))
      }
      indexes.append(index)
    }
    guard indexes.contains(where: { $0 != nil }) else { return nil }
    var expectedRecords = 0
    for (position, index) in indexes.enumerated() {
      guard let index else { continue }
      expectedRecords += index.recordCount
      if let stray = index.keys.first(where: { owner[$0] != position }) {
        throw InputError(
          file: index.file, location: "",
          message:
            "holds rows of the run \(stray), which \(shards[position].path)/summary.csv does not hold: "
            + "an edited or mixed-up shard; run it again")
      }
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
    func add<Bytes: Collection>(_ bytes: Bytes) throws(OutputError) where Bytes.Element == UInt8 {
      if let gzip { try gzip.append(bytes) } else { try writer!.append(bytes) }
    }
    var joined = 0
    var written = 0
    do {
      try add(Array(CSVWriter.record(table.header).utf8))
      for key in keys {
        guard let index = indexes[owner[key]!] else { continue }
        for record in index.records(of: key) {
          try add(record)
          joined += 1
        }
      }
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
    guard joined == expectedRecords else {
      throw InputError(
        file: staging.destination, location: table.fileName,
        message:
          "joined \(joined) of the shards' \(expectedRecords) records: a shard holds rows of a run twice")
    }
    return (written, joined)
  }
}

extension ShardMerger {
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
