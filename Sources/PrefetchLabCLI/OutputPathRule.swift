import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The rule every output option follows before anything is read or simulated: `--out` of `run`,
/// `sweep` and `merge`, `--save-current` of `check` (results folders), and `--out` of `trace` and
/// `trace-network` (a CSV file). A path that cannot name what the option writes (empty, `.`, `..`,
/// `/`) is a mistake on the command line, so it is a usage error (exit 64) naming the option,
/// rather than an I/O failure found after minutes of simulating.
enum OutputPathRule {
  /// What the option writes.
  enum Target {
    /// A results folder, replaced as a whole (`OutputStaging`).
    case resultsFolder
    /// One file, replaced atomically (`AtomicFile`).
    case file

    var noun: String {
      switch self {
      case .resultsFolder: return "a results folder"
      case .file: return "a file"
      }
    }
  }

  /// Throws the usage error of `option`'s value when it breaks the rule; an option not given
  /// (and without a default) passes.
  static func check(_ parsed: ParsedArguments, option: String, target: Target) throws(ValidationError) {
    guard let path = parsed.string(option),
      let problem = problem(path, option: option, target: target)
        ?? existingProblem(path, option: option, target: target)
    else {
      return
    }
    throw ValidationError(problem)
  }

  /// The results folder every verb may replace without `--replace`: the default of `run` and
  /// `sweep`, a scratch folder by design.
  static let scratchFolder = "results/latest"

  /// The usage error for a results folder `path` that exists when `--replace` is not given and
  /// it is not a `results/latest` (this folder's or another project folder's) or an empty folder:
  /// a committed baseline or a colleague's study is never replaced by surprise. Nothing has been
  /// read or written when it is thrown.
  static func checkReplace(_ parsed: ParsedArguments, option: String) throws(ValidationError) {
    guard let path = parsed.string(option), !parsed.flag("replace") else { return }
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    if trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
    // `results/latest` of another project folder (`../app/results/latest`, a scratch copy of the
    // repository) is that folder's default, as scratch as this one's.
    let isScratch = trimmed == scratchFolder || trimmed.hasSuffix("/" + scratchFolder)
    guard !isScratch, FileManager.default.fileExists(atPath: trimmed) else { return }
    // An empty folder holds nothing to lose (one made for the results beforehand): written into
    // without --replace, as the refusals of a folder that is not ours advise.
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory), isDirectory.boolValue,
      (try? FileManager.default.contentsOfDirectory(atPath: trimmed))?.isEmpty == true,
      OutputPathRule.existingProblem(trimmed, option: option, target: .resultsFolder) == nil
    {
      return
    }
    throw ValidationError(
      "--\(option) \(path) already exists: give --replace to replace it (only a \(scratchFolder) folder is replaced "
        + "without it), or choose a new folder")
  }

  /// The sentence for a `path` that exists as something the option must not replace, nil
  /// otherwise. A symbolic link would be replaced by a real folder or file (the link lost, the
  /// results not where it pointed), so it is refused, checked with `lstat`, naming its target.
  /// A file option refuses a folder (the rename over it could only fail).
  static func existingProblem(_ path: String, option: String, target: Target) -> String? {
    var trimmed = path
    // `lstat("link/")` follows the link: the last component is what would be replaced.
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    var info = stat()
    guard lstat(trimmed, &info) == 0 else { return nil }
    let flag = "--" + option
    switch info.st_mode & S_IFMT {
    case S_IFLNK:
      let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: trimmed)) ?? "?"
      let thing = target == .resultsFolder ? "folder" : "file"
      return
        "\(flag) \(path) is a symbolic link (to \(destination)): give the \(thing) it points to, or a new path"
    case S_IFDIR where target == .file:
      return "\(flag) \(path) is a folder: give the name of a file to write"
    default:
      return nil
    }
  }

  /// The sentence naming the option and the rule `path` breaks, nil when it may name `target`.
  static func problem(_ path: String, option: String, target: Target) -> String? {
    let flag = "--" + option
    if path.isEmpty { return "\(flag) must not be empty: it names \(target.noun) to write" }
    // OutputStaging and AtomicFile remove trailing slashes, then need a last component that
    // names something new in its parent: `/` has none, `.` and `..` name existing folders.
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    if trimmed == "/" { return "\(flag) must name \(target.noun), not the root folder" }
    let last = trimmed.split(separator: "/").last ?? trimmed
    if trimmed == "." { return "\(flag) must name \(target.noun), not the current folder" }
    if trimmed == ".." { return "\(flag) must name \(target.noun), not the parent folder" }
    if last == "." || last == ".." {
      return "\(flag) must name \(target.noun), not a path ending in /\(last) ('\(path)')"
    }
    if target == .file && path.hasSuffix("/") {
      return "\(flag) must name a file, not a folder ('\(path)' ends in /)"
    }
    return nil
  }
}
