import PrefetchLab

// A run table read in bounded memory (`RunTableLineReader`): the table is never held whole.
extension RunTable {
  /// Calls `body` with each line of the table file at `path` (decompressed when its name ends
  /// in `.gz`), without its line break, in order.
  ///
  /// Complexity: O(n) in the decompressed size; memory O(`pieceBytes` × the compression ratio
  /// + `LineSplitter.maxLineBytes`).
  /// - Parameter pieceBytes: bytes read (and inflated) at a time, 1 … 2^30; 256 KiB by default.
  /// - Returns: the lines read and whether the last ended with a line break, for
  ///   `RunTableCompleteness.check`.
  /// - Throws: `InputError` as `RunTableLineReader.next()`.
  static func streamLines(
    path: String, pieceBytes: Int = 1 << 18, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(InputError) -> RunTableCompleteness.Found {
    let reader = try RunTableLineReader(path: path, pieceBytes: pieceBytes)
    while let line = try reader.next() { line.withUnsafeBufferPointer(body) }
    return reader.found
  }
}
