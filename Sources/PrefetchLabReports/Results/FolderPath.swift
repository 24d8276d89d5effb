import Foundation

/// Paths a results folder records: the scenario files, their folders and trace files, written
/// relative to the results folder so that they resolve wherever the command is run from (and
/// still resolve after the folder and the inputs move together).
///
/// Relative paths are computed lexically from the current directory (`..` collapsed without
/// following symbolic links), as `ScenarioLoader` joins trace paths.
public enum FolderPath {
  /// `path` made absolute against the current directory, with `.`, `..` and repeated `/`
  /// removed: `scenarios/../x.json` from `/repo` is `/repo/x.json`.
  public static func absolute(_ path: String) -> String {
    let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return normalized(joined)
  }

  /// `path` with `.` and empty components removed and `..` collapsed where a folder name
  /// precedes it; a relative path keeps leading `..`. "" becomes ".".
  public static func normalized(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == "..", isAbsolute {
        continue  // above the root is the root
      } else {
        parts.append(part)
      }
    }
    let text = parts.joined(separator: "/")
    if isAbsolute { return "/" + text }
    return text.isEmpty ? "." : text
  }

  /// `path` (relative to the current directory, or absolute) relative to `folder`:
  /// `scenarios/x.json` from `results/baseline` is `../../scenarios/x.json`.
  public static func relative(_ path: String, from folder: String) -> String {
    let target = absolute(path).split(separator: "/")
    let base = absolute(folder).split(separator: "/")
    var common = 0
    while common < target.count && common < base.count && target[common] == base[common] { common += 1 }
    let up = Array(repeating: "..", count: base.count - common)
    let parts = up + target[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// A path recorded relative to `folder`, as a path usable from the current directory:
  /// `../../scenarios/x.json` in `results/baseline` is `scenarios/x.json`. Absolute paths stay.
  public static func resolve(_ recorded: String, in folder: String) -> String {
    if recorded.hasPrefix("/") { return normalized(recorded) }
    return normalized(folder + "/" + recorded)
  }
}
