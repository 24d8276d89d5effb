import Foundation

/// Reads scenario files (every key, default and rule in docs/scenario-format.md) into validated
/// `Scenario` values with every default applied.
///
/// Strict: unknown keys, wrong types, non-integers where integers are meant, values out of range,
/// contradictory combinations and missing trace files are all errors. Every error is an
/// `InputError` whose description reads `<file>: <json.path>: <rule>, got <value>`, e.g.
/// `scenarios/x.json: network.rtt_ms: lognormal.sigma must be >= 0, got -1`; malformed JSON reads
/// `<file>: line 3, column 14: expected ',' or '}' after object member`. The loader reads on
/// after a problem: the error thrown is the first problem and carries the others
/// (`InputError.furtherErrors`), up to `Diagnostics.limit`. Every key and rule comes from
/// `ScenarioDefinitions`. Never traps on any input.
public enum ScenarioLoader {
  /// Scenario files larger than this are refused before reading (bulk data belongs in trace
  /// files, which are read by streaming parsers).
  public static let maximumFileBytes = 64 << 20

  /// Loads the scenario file at `path` (as given by the user; relative to the current directory).
  /// Trace paths inside it are resolved against the file's folder.
  ///
  /// - Parameters:
  ///   - registry: configures each `strategies` entry, once, in order
  ///     (`StrategyRegistry.configure`): an entry it refuses is an error at the entry's path
  ///     (`strategies[2].ratio`), and the configured list becomes the scenario's
  ///     `configuredStrategies`, which runs use as they are. nil: entries are parsed, not checked.
  ///   - checksFiles: as in `load(data:file:baseDirectory:registry:checksFiles:)`.
  /// - Throws: `InputError` naming `path`, the JSON path and the rule broken.
  public static func load(
    contentsOf path: String, registry: StrategyRegistry? = nil, checksFiles: Bool = true
  ) throws(InputError) -> Scenario {
    let bytes = try FileCheck.readRegularFile(path, limit: maximumFileBytes)
    return try load(
      data: bytes, file: path, baseDirectory: FileCheck.directory(of: path), registry: registry,
      checksFiles: checksFiles)
  }

  /// Loads a scenario from the UTF-8 JSON `data`.
  ///
  /// - Parameters:
  ///   - file: how errors name the source, and the resulting `Scenario.sourcePath`.
  ///   - baseDirectory: folder that relative trace paths are resolved against ("" = the current
  ///     directory). Trace files must exist there unless `checksFiles` is false.
  ///   - registry: as in `load(contentsOf:registry:checksFiles:)`.
  ///   - checksFiles: false reads a scenario whose trace files need not be at hand (a report of a
  ///     results folder moved away from them); `PreparedScenario` then reports a missing file.
  /// - Throws: `InputError`; see the type's documentation for the format.
  public static func load(
    data: [UInt8], file: String, baseDirectory: String, registry: StrategyRegistry? = nil,
    checksFiles: Bool = true
  ) throws(InputError) -> Scenario {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: data)
    } catch {
      throw InputError(
        file: file, location: error.path.map { "\($0) (\(error.location))" } ?? error.location,
        message: error.message)
    }
    let context = Context(baseDirectory: baseDirectory, registry: registry, checksFiles: checksFiles)
    return try scenario(from: JSONField(value: json, path: .root, file: file), context: context)
  }

  /// What the field readers need beyond the JSON itself.
  struct Context {
    var baseDirectory: String
    /// Configures the `strategies` entries; nil: they are parsed only.
    var registry: StrategyRegistry?
    /// Whether trace paths must name readable files.
    var checksFiles = true
    /// Where every problem of the file is recorded.
    var diagnostics = Diagnostics()
  }

  static var rootKeys: [String] { ScenarioDefinitions.root.keyNames }

  static func scenario(from field: JSONField, context: Context) throws(InputError) -> Scenario {
    guard case .object = field.value else {
      throw field.typeError(expected: "a JSON object (a scenario)")
    }
    let diagnostics = context.diagnostics
    guard
      let root = JSONObjectReader(
        field, ScenarioDefinitions.root, diagnostics: diagnostics, ignoring: [ScenarioDefinitions.schemaKey])
    else { throw field.typeError(expected: "a JSON object (a scenario)") }
    let name = root.text("name")
    let description = root.text("description") ?? ""
    let durationUs = root.read("duration_s") { field throws(InputError) in
      try microseconds(field, unitsPerSecond: 1, rule: ScenarioDefinitions.root.key("duration_s")!.kind)
    }
    let seed = root.integer("seed") ?? 1
    let seedCount = root.integer("seeds") ?? 1
    let patienceUs =
      root.read("patience_ms") { field throws(InputError) in
        try microseconds(field, unitsPerSecond: 1000, rule: ScenarioDefinitions.root.key("patience_ms")!.kind)
      } ?? 30_000_000
    let viewport = root.object("viewport").map(viewportSpec) ?? ViewportSpec()
    let feed = root.object("feed").map(feedSpec) ?? FeedSpec()
    let networkReader = root.object("network")
    let network = networkReader.map { networkSpec(from: $0, context: context) } ?? NetworkSpec()
    let mediaNetwork = networkReader.flatMap {
      mediaNetworkSpec(from: $0, network: network, context: context)
    }
    let scroll = root.required("scroll").flatMap { field in
      scrollSpec(from: field, feed: feed, durationUs: durationUs, context: context)
    }
    let entries = root.member("strategies").map { strategyEntries(from: $0, context: context) }
    let cache = root.object("cache").map(cacheSpec)
    let render = root.object("render").map(renderSpec)
    let radio = root.member("radio").flatMap { radioSpec(from: $0, diagnostics: diagnostics) } ?? RadioSpec()
    if feed.carousel != nil {
      // Sub-item images are kept outside the memory and disk caches and the render stage (each
      // models one image per row); refusing the mix beats results that ignore half of it.
      for key in ["render", "cache"] {
        if let member = root.member(key) {
          diagnostics.record(
            member.plainError(
              "cannot be combined with feed.carousel (sub-item images bypass the \(key) model)"))
        }
      }
    }
    try diagnostics.throwIfAny()
    guard let name, let scroll else { throw field.plainError("missing required key 'scroll'") }
    var scenario = Scenario(
      name: name, description: description, durationUs: durationUs, seed: UInt64(seed), seedCount: seedCount,
      patienceUs: patienceUs,
      viewport: viewport, feed: feed, network: network, scroll: scroll,
      strategies: entries?.map { $0.spec } ?? [], sourcePath: field.file, cache: cache, render: render,
      radio: radio)
    scenario.mediaNetwork = mediaNetwork
    if let registry = context.registry {
      // The diagnostics were empty: every entry configured.
      let configured = entries?.compactMap { $0.configured } ?? []
      scenario.configuredStrategies = configured.isEmpty ? registry.defaultStrategies : configured
    }
    return scenario
  }

  /// A positive duration in the file's unit (`unitsPerSecond` 1 for `_s`, 1000 for `_ms`) as
  /// engine µs, rounded to the nearest µs.
  static func microseconds(_ field: JSONField, unitsPerSecond: Double, rule kind: ValueKind)
    throws(InputError)
    -> Int64
  {
    guard case .number(let rule) = kind else { preconditionFailure("not a number") }
    let value = try field.number(rule)
    let micros = (value * 1_000_000 / unitsPerSecond).rounded()
    // Below the clock's resolution the duration would silently become 0.
    guard micros >= 1 else {
      throw field.error(
        "must be at least \(DecimalFormat.readable(unitsPerSecond / 1_000_000)) (1 µs, the clock's resolution)",
        got: DecimalFormat.readable(value, against: [unitsPerSecond / 1_000_000]))
    }
    return Int64(micros)
  }

  static func viewportSpec(from viewport: JSONObjectReader) -> ViewportSpec {
    var spec = ViewportSpec()
    if let height = viewport.number("height_pt") { spec.heightPt = height }
    if let rate = viewport.integer("frame_rate_hz") { spec.frameRateHz = rate }
    return spec
  }
}
