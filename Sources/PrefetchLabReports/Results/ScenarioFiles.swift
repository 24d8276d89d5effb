import Foundation
import PrefetchLab

/// The scenario files that scenario arguments name: files as given, plus the `*.json` files
/// directly inside named folders (sorted by name, so the order never depends on the file
/// system). `run` expands its arguments with it, `check` the sources a manifest records.
public enum ScenarioFiles {
  /// - Throws: `InputError` for a path that does not exist or a folder without scenarios.
  public static func list(_ arguments: [String]) throws(InputError) -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for argument in arguments {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        throw InputError(file: argument, location: "", message: "no such file or folder")
      }
      if isDirectory.boolValue {
        let names = ((try? manager.contentsOfDirectory(atPath: argument)) ?? []).filter {
          $0.hasSuffix(".json")
        }.sorted()
        guard !names.isEmpty else {
          throw InputError(file: argument, location: "", message: "folder holds no scenario files (*.json)")
        }
        let folder = argument.hasSuffix("/") ? argument : argument + "/"
        files += names.map { folder + $0 }
      } else {
        files.append(argument)
      }
    }
    // The same file named twice (directly and through its folder) runs once.
    var seen = Set<String>()
    return files.filter { seen.insert((FolderPath.normalized($0))).inserted }
  }
}
