import Foundation
import PrefetchLab

/// The scenario files that scenario arguments name: files as given, plus the `*.json` files
/// directly inside named folders (sorted by name, so the order never depends on the file
/// system). `run` expands its arguments with it, `check` the sources a manifest records.
public enum ScenarioFiles {
  /// - Throws: `InputError` for the first path that does not exist or folder without scenarios.
  public static func list(_ arguments: [String]) throws(InputError) -> [String] {
    try entries(arguments).map { entry throws(InputError) in try entry.get() }
  }

  /// Every file the arguments name, in order, with a problem in place of each path that does
  /// not exist and each folder without scenarios, so that a caller can check the other files
  /// and report every problem at once.
  public static func entries(_ arguments: [String]) -> [Result<String, InputError>] {
    var entries: [Result<String, InputError>] = []
    let manager = FileManager.default
    for argument in arguments {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        entries.append(.failure(InputError(file: argument, location: "", message: "no such file or folder")))
        continue
      }
      if isDirectory.boolValue {
        let names = ((try? manager.contentsOfDirectory(atPath: argument)) ?? []).filter {
          $0.hasSuffix(".json")
        }.sorted()
        guard !names.isEmpty else {
          entries.append(
            .failure(
              InputError(file: argument, location: "", message: "folder holds no scenario files (*.json)")))
          continue
        }
        let folder = argument.hasSuffix("/") ? argument : argument + "/"
        entries += names.map { .success(folder + $0) }
      } else {
        entries.append(.success(argument))
      }
    }
    // The same file named twice (directly and through its folder) runs once.
    var seen = Set<String>()
    return entries.filter { entry in
      guard case .success(let file) = entry else { return true }
      return seen.insert(FolderPath.normalized(file)).inserted
    }
  }
}
