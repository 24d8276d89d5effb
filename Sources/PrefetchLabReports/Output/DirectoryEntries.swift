#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names in a folder that start with given prefixes, read with `readdir` and compared as
/// bytes before any `String` is made.
///
/// `Leftovers` looks beside `--out` for its own folders, and `--out` often sits in a crowded
/// folder (`/tmp` holds thousands of entries): listing it through `FileManager` made a `String`
/// per entry and sorted them all, several milliseconds per run for the few names that can match.
enum DirectoryEntries {
  /// The names in `directory` (not `.` and `..`) that start with one of `prefixes`, in ascending
  /// `String` order; nil when the folder cannot be read. A name is tested byte by byte against
  /// each prefix's UTF-8, so only matching names become strings.
  ///
  /// Complexity: O(entries × prefixes) byte comparisons of at most a prefix's length each, then
  /// O(m log m) for the m matches.
  static func names(in directory: String, withPrefixes prefixes: [String]) -> [String]? {
    guard let handle = opendir(directory) else { return nil }
    defer { closedir(handle) }
    let patterns = prefixes.map { Array($0.utf8) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let matched = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> Bool in
        let length = strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
        return patterns.contains { pattern in
          pattern.isEmpty
            || (pattern.count <= length
              && pattern.withUnsafeBytes { memcmp(raw.baseAddress!, $0.baseAddress!, pattern.count) == 0 })
        }
      }
      guard matched else { continue }
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }
}
