import PrefetchLab

/// The input files a manifest names, met scenario after scenario: each file's SHA-256 and each
/// path made relative to the results folder, worked out once per path. Scenarios often share a
/// trace file (the 24 sessions of the Sabre comparison share two), and their entries name it
/// twice each (`inputs` and the recorded scenario).
struct ManifestInputs {
  /// The results folder the paths are made relative to.
  let folder: String
  private var hashes: [String: String] = [:]
  private var relativePaths: [String: String] = [:]

  init(folder: String) {
    self.folder = folder
  }

  /// `FolderPath.relative(path, from: folder)`.
  mutating func relative(_ path: String) -> String {
    if let known = relativePaths[path] { return known }
    let relative = FolderPath.relative(path, from: folder)
    relativePaths[path] = relative
    return relative
  }

  /// `Manifest.hash(path)`; the file is read the first time only.
  /// - Throws: `InputError` when it cannot be read.
  mutating func hash(_ path: String) throws(InputError) -> String {
    if let known = hashes[path] { return known }
    let hash = try Manifest.hash(path)
    hashes[path] = hash
    return hash
  }
}
