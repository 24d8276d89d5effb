import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entries of a results folder, at every depth, that this program did not write, so that
/// `--out` never deletes a user's file along with the folder it replaces.
///
/// Each kind of entry is recognised by the exact name its writer gives it, not by a pattern a
/// user's file could match by accident:
/// - at the top level: `summary.csv`, `manifest.json`, `report.md`, `report.html`, the run
///   tables `timeline.csv`, `events.csv`, `ttc.csv` and their compressed forms
///   `timeline.csv.gz`, … (files) and `plots` and, in folders written
///   before the run tables, `timeline`, `events`, `ttc` (folders);
/// - in `timeline/`, `events/` and `ttc/`: the file of a run of summary.csv
///   (`RunFiles.fileName(for:)` of its key), so `timeline/my.csv` is foreign, and every run file
///   is foreign when summary.csv cannot be read;
/// - in `plots/`: a `<stem>.gp` whose first line is the one `PlotFigure.script` starts with
///   (`# <kind> plot written by prefetchlab. …`), and `<stem>.png` / `<stem>.svg` beside such a
///   script (every figure's script is stored, drawn or not);
/// - anywhere: the hidden temporary file of an interrupted atomic write of one of these
///   (`.<name>.tmp-…`, `AtomicFile`).
///
/// No other folders are written, so any other folder is foreign as a whole and is not descended.
enum ResultsFolderContents {
  static let topFiles: Set<String> = Set(
    ["summary.csv", "manifest.json", "report.md", "report.html"] + RunTable.allCases.map(\.fileName)
      + RunTable.allCases.map(\.compressedFileName))
  static let runFolders: Set<String> = ["timeline", "events", "ttc"]
  static let plotsFolder = "plots"

  /// Paths relative to `folder` of the entries it did not write, sorted; a foreign folder ends
  /// in `/`.
  static func foreignEntries(_ folder: String) -> [String] {
    var foreign: [String] = []
    var runFiles: Set<String>?
    for name in entries(folder) {
      let path = FilePath.join(folder, name)
      let kind = entryKind(path)
      if topFiles.contains(name) && kind == .file { continue }
      if isTemporary(name, of: { topFiles.contains($0) }) && kind == .file { continue }
      if runFolders.contains(name) && kind == .directory {
        if runFiles == nil { runFiles = expectedRunFiles(folder) }
        let expected = runFiles ?? []
        foreign += foreignFiles(in: path, prefix: name) { entry in
          expected.contains(entry) || isTemporary(entry, of: { expected.contains($0) })
        }
        continue
      }
      if name == plotsFolder && kind == .directory {
        foreign += foreignFiles(in: path, prefix: name) { entry in isPlotFile(entry, in: path) }
        continue
      }
      foreign.append(kind == .directory ? name + "/" : name)
    }
    return foreign.sorted()
  }

  /// The names in `folder`, sorted; none when it cannot be read.
  static func entries(_ folder: String) -> [String] {
    DirectoryEntries.names(in: folder, withPrefixes: [""]) ?? []
  }

  /// Entries of `folder` that are not regular files `isOwn` accepts, as `prefix/name`.
  static func foreignFiles(in folder: String, prefix: String, isOwn: (String) -> Bool) -> [String] {
    entries(folder).compactMap { name in
      let kind = entryKind(FilePath.join(folder, name))
      if kind == .file && isOwn(name) { return nil }
      return prefix + "/" + name + (kind == .directory ? "/" : "")
    }
  }

  enum EntryKind { case file, directory, other }

  /// What `path` itself is (`lstat`: a symbolic link is neither a file nor a folder of ours).
  static func entryKind(_ path: String) -> EntryKind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .other }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// `<own>` when `name` is `.<own>.tmp-<pid>-<hex>`, the temporary file `AtomicFile` writes
  /// before renaming it to `<own>`; nil for any other name.
  static func temporaryTarget(_ name: String) -> String? {
    guard name.hasPrefix("."), let range = name.range(of: ".tmp-", options: .backwards) else { return nil }
    let own = String(name[name.index(after: name.startIndex)..<range.lowerBound])
    let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
    guard !own.isEmpty, parts.count == 2, Int32(parts[0]) != nil, !parts[1].isEmpty,
      parts[1].allSatisfy(\.isHexDigit)
    else { return nil }
    return own
  }

  /// Whether `name` is the temporary file of a name `isOwn` accepts.
  static func isTemporary(_ name: String, of isOwn: (String) -> Bool) -> Bool {
    temporaryTarget(name).map(isOwn) ?? false
  }

  /// The run file names summary.csv's rows give (`RunFiles.fileName(for:)`); none when it cannot
  /// be read, so that no run file is taken for ours on a guess.
  static func expectedRunFiles(_ folder: String) -> Set<String> {
    guard let table = try? CSVTable(contentsOfFile: FilePath.join(folder, "summary.csv")),
      let scenarios = try? table.column("scenario"), let strategies = try? table.column("strategy"),
      let params = try? table.column("params"), let seeds = try? table.column("seed")
    else { return [] }
    var names = Set<String>()
    for row in scenarios.indices {
      guard let seed = UInt64(seeds[row]) else { continue }
      names.insert(
        RunFiles.fileName(
          for: RunKey(scenario: scenarios[row], strategy: strategies[row], params: params[row], seed: seed)))
    }
    return names
  }

  /// A plot script of ours, or an image beside one (see the type's documentation), or the
  /// temporary file of one of those (a script's temporary file is judged by its own first line:
  /// the script it would replace may not exist yet).
  static func isPlotFile(_ name: String, in plots: String) -> Bool {
    let target = temporaryTarget(name) ?? name
    let stem = (target as NSString).deletingPathExtension
    switch (target as NSString).pathExtension {
    case "gp": return isOwnScript(FilePath.join(plots, name))
    case "png", "svg":
      let script = FilePath.join(plots, stem + ".gp")
      return entryKind(script) == .file && isOwnScript(script)
    default: return false
    }
  }

  /// Whether the file at `path` starts with the comment line `PlotFigure.script` writes.
  static func isOwnScript(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 512)) ?? Data()
    let line = String(decoding: head.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    return line.hasPrefix("# ") && line.contains(" plot written by prefetchlab. Redraw ")
  }
}
