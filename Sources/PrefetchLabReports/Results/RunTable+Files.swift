import Foundation
import PrefetchLab

// A run table on disk: gzip-compressed (`timeline.csv.gz`, `run`'s default) or plain
// (`timeline.csv`, with `--plain-tables` and in folders written before compression). Every
// reader goes through `contents(in:)`, so both forms read the same.
extension RunTable {
  /// `timeline.csv.gz`: the table compressed with gzip.
  public var compressedFileName: String { fileName + ".gz" }

  /// The name the table gets when written compressed or plain.
  public func fileName(compressed: Bool) -> String { compressed ? compressedFileName : fileName }

  /// The table's file in `folder`: the compressed one when it exists, else the plain one; nil
  /// when the folder has neither. A folder written by this program has at most one of them.
  public func path(in folder: String) -> String? {
    for name in [compressedFileName, fileName] {
      let path = FilePath.join(folder, name)
      if FilePath.kind(path) != .missing { return path }
    }
    return nil
  }

  /// The table's bytes in `folder`, decompressed (held in memory) when the file is gzip, else
  /// mapped; nil when the folder has no such table. `file` names the file read, for messages.
  ///
  /// Complexity: O(n) in the decompressed size for a compressed table (which is then held in
  /// memory at once), O(1) for a plain one (pages are read as they are touched).
  /// - Throws: `InputError` naming the file when it cannot be read or does not decompress.
  func contents(in folder: String) throws(InputError) -> (source: MappedFile, file: String)? {
    guard let path = path(in: folder) else { return nil }
    guard let mapped = MappedFile(path: path) else {
      throw InputError(file: path, location: "", message: "cannot be read")
    }
    guard path.hasSuffix(".gz") else { return (mapped, path) }
    do throws(Gzip.Failure) {
      return (MappedFile(copying: try Gzip.decompress(mapped.bytes)), path)
    } catch {
      throw InputError(file: path, location: "", message: error.message)
    }
  }
}

extension RunTable {
  /// The table's text in `folder`, decompressed; nil when the folder has no such table.
  /// - Throws: `InputError` as `contents(in:)`.
  public func text(in folder: String) throws(InputError) -> String? {
    guard let (source, _) = try contents(in: folder) else { return nil }
    return String(decoding: source.bytes, as: UTF8.self)
  }
}
