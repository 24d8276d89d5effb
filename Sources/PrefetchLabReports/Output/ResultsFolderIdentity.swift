import Foundation
import PrefetchLab

/// Tells a results folder this program wrote from anything else, so that `--out` replaces only
/// its own folders: nothing a user wrote is ever deleted.
///
/// A folder is replaceable when it is empty, or when its `manifest.json` says
/// `"tool": "prefetchlab"` and every entry in it, at any depth, is one this program writes
/// (`ResultsFolderContents`: exact names, hidden temporary files of interrupted writes included),
/// so a user's `timeline/my.csv` keeps the folder from being replaced. A folder that contains,
/// at any depth, a file or folder the run reads is never replaceable.
public enum ResultsFolderIdentity {
  /// Whether `folder` holds a `manifest.json` written by this program (any format).
  public static func hasOwnManifest(_ folder: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: FilePath.join(folder, "manifest.json")),
      let value = try? JSONValue(parsing: Array(data))
    else { return false }
    return value["tool"]?.stringValue == "prefetchlab"
  }

  /// Entries of `folder`, at any depth and relative to it, that this program does not write
  /// (`ResultsFolderContents`), sorted.
  public static func foreignEntries(_ folder: String) -> [String] {
    ResultsFolderContents.foreignEntries(folder)
  }

  /// After a report replaced an earlier one in `folder`: removes the plot files of `plots/` that
  /// this program wrote and the new report did not (`written`: the report's files, relative to
  /// `folder`), so no figure of the earlier report stays beside a report that does not show it —
  /// all of them when the new report drew none. A file this program does not write is never
  /// touched. Returns the paths removed, relative to `folder`, sorted.
  public static func removeStalePlots(_ folder: String, written: [String]) -> [String] {
    ResultsFolderContents.removeStalePlots(in: folder, keeping: Set(written))
  }

  /// - Throws: `OutputRefusal` when `folder` (an existing folder) must not be replaced.
  /// - Parameter option: the option that named `folder`, as the refusal names it.
  static func checkReplaceable(_ folder: String, inputs: [String], option: String = "out")
    throws(OutputRefusal)
  {
    if let input = inputs.first(where: { contains(folder, $0) }) {
      throw OutputRefusal(
        path: folder,
        message:
          "holds \(input), which this run reads; refusing to replace it. Write the results elsewhere, "
          + "e.g. --out results/\((folder as NSString).lastPathComponent)")
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    if entries.isEmpty { return }
    guard hasOwnManifest(folder) else {
      throw OutputRefusal(
        path: folder,
        message:
          "exists and is not a results folder written by prefetchlab (no manifest.json that prefetchlab wrote); "
          + "refusing to replace it. Choose a new or empty folder for --\(option), or move this one away yourself"
      )
    }
    let foreign = foreignEntries(folder)
    guard foreign.isEmpty else {
      let shown =
        foreign.prefix(5).joined(separator: ", ")
        + (foreign.count > 5 ? " and \(foreign.count - 5) more" : "")
      throw OutputRefusal(
        path: folder,
        message:
          "is a results folder but also holds files prefetchlab did not write (\(shown)); refusing to "
          + "replace it. Move those files out, or choose another folder for --\(option)")
    }
  }

  /// Why the existing folder `folder` may not be replaced (`checkReplaceable`'s rule, phrased to
  /// follow "it"), nil when it may. Used on a folder just moved aside under a private name, so
  /// that what is judged is what gets deleted.
  static func replaceRefusal(_ folder: String, inputs: [String]) -> String? {
    if let input = inputs.first(where: { contains(folder, $0) }) { return "holds \(input), which it reads" }
    // A folder that cannot be listed is not known to be empty: it is never replaced.
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      return "cannot be listed (\(FilePath.errorText(error))), so what it holds is not known"
    }
    if entries.isEmpty { return nil }
    guard hasOwnManifest(folder) else {
      return "is not a results folder written by prefetchlab (no manifest.json that prefetchlab wrote)"
    }
    let foreign = foreignEntries(folder)
    if foreign.isEmpty { return nil }
    let shown =
      foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? " and \(foreign.count - 5) more" : "")
    return "holds files prefetchlab did not write (\(shown))"
  }

  /// Whether `path` is `folder` or lies inside it, symbolic links resolved.
  static func contains(_ folder: String, _ path: String) -> Bool {
    let outer = resolved(folder)
    let inner = resolved(path)
    return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
  }

  /// `realpath` where the path exists, else the lexical absolute path.
  static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return FolderPath.absolute(path) }
    defer { free(real) }
    return String(cString: real)
  }
}
