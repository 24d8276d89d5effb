import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ResultsFolderContents {
  /// Removes the files of `folder/plots` that this program wrote (`isPlotFile`) and that
  /// `kept` (paths relative to `folder`, `plots/<stem>.gp`, …) does not name, then `plots`
  /// itself when that leaves it empty. Anything else in it — a user's file, a folder, a link — is
  /// left where it is. Returns the paths removed, relative to `folder`, sorted.
  ///
  /// Images go before scripts: an image is recognised as ours by the script beside it.
  static func removeStalePlots(in folder: String, keeping kept: Set<String>) -> [String] {
    let plots = FilePath.join(folder, plotsFolder)
    guard entryKind(plots) == .directory else { return [] }
    let names = entries(plots).filter { !kept.contains(plotsFolder + "/" + $0) }
    let own = names.filter { entryKind(FilePath.join(plots, $0)) == .file && isPlotFile($0, in: plots) }
    let ordered = own.filter { !$0.hasSuffix(".gp") } + own.filter { $0.hasSuffix(".gp") }
    var removed: [String] = []
    for name in ordered where unlink(FilePath.join(plots, name)) == 0 {
      removed.append(plotsFolder + "/" + name)
    }
    if entries(plots).isEmpty { rmdir(plots) }
    return removed.sorted()
  }
}
