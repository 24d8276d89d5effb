import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab init [FILE] [--template NAME]`: writes a starting scenario that validates, by
/// default to `my-scenarios/TEMPLATE.json` — outside `scenarios/`, so the bundled suite (which
/// `run scenarios/` runs and the baseline records) stays as shipped. Never replaces an existing
/// file.
enum InitCommand {
  static let spec = CommandSpec(
    name: "init",
    abstract: "Write a starting scenario file (it never replaces an existing file).",
    discussion: "Templates: "
      + InitTemplates.all.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")
      + ". The file carries $comment notes and validates as written. Keep your scenarios out of "
      + "scenarios/: that folder is the bundled suite the main job runs and its baseline records.",
    arguments: [
      .positional(
        "file", required: false,
        help: "The scenario file to create (default my-scenarios/TEMPLATE.json; folders are created)."),
      .option(
        "template", default: InitTemplates.all[0].name,
        help: "One of " + InitTemplates.all.map(\.name).joined(separator: ", ") + "."),
    ],
    validate: { parsed throws(ValidationError) in
      let names = InitTemplates.all.map(\.name)
      if let template = parsed.string("template"), !names.contains(template) {
        let hint = Suggestion.closest(to: template, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw .invalidValue(
          template, for: "template", reason: "expected one of \(names.joined(separator: ", "))\(hint)")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, _ in
    let name = parsed.string("template") ?? InitTemplates.all[0].name
    guard let template = InitTemplates.all.first(where: { $0.name == name }) else { return ExitStatus.usage }
    let file = parsed.string("file") ?? "my-scenarios/\(template.name).json"
    let folder = (file as NSString).deletingLastPathComponent
    if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    // O_EXCL: the file is created only if nothing is there, atomically, so an existing file (or a
    // link to one) is never replaced.
    let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      let reason =
        errno == EEXIST
        ? "\(file) already exists; choose another name or move it away (init never replaces a file)"
        : "cannot create \(file): \(String(cString: strerror(errno)))"
      throw UsageError(message: reason, text: "Error: \(reason)")
    }
    let bytes = Array(template.text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else {
      try? FileManager.default.removeItem(atPath: file)
      throw CommandFailure(status: ExitStatus.failure, message: "\(file): could not write the template")
    }
    terminal.out("wrote \(file) (template \(template.name)); check it with 'prefetchlab validate \(file)'\n")
    return ExitStatus.ok
  }
}
