/// Every key of a scenario file (docs/scenario-format.md): the one catalogue from which the
/// loader's rules, the JSON Schema (`prefetchlab schema`) and the docs' key tables derive.
/// Defaults are read from the model types' own defaults (`FeedSpec()`, `NetworkSpec()`, …), so
/// they too are stated once.
public enum ScenarioDefinitions {
  /// Times in ms: every draw in 0…10^9 ms.
  static let timeMs = DrawRule(name: "time_ms", support: .nonNegative, maximum: InputLimits.maxMilliseconds)
  /// Response sizes: every draw in 0…10^9 bytes.
  static let bytes = DrawRule(name: "bytes", support: .nonNegative, maximum: InputLimits.maxResponseBytes)
  /// Row heights: every draw in (0, 10^6] pt.
  static let heightPt = DrawRule(
    name: "height_pt", support: .positive(purpose: "heights"), maximum: InputLimits.maxRowHeightPt)
  /// Synthetic users' speeds: every draw in 0…10^6 pt/s.
  static let speedPtS = DrawRule(
    name: "speed_pt_s", support: .nonNegative, maximum: InputLimits.maxVelocityPtS)

  static let msRule = NumberRule.greaterThan(0, atMost: InputLimits.maxMilliseconds)
  static let fraction = NumberRule.within(0...1)

  /// The top level.
  public static let root = ObjectDefinition(
    "scenario",
    keys: [
      KeyDefinition(
        "name", .text(.name(maximumLength: 100)), required: true,
        summary: "Identifier used in file names, CSV rows and reports.",
        note: "used in file names and CSV rows"),
      KeyDefinition(
        "description", .text(.freeText), default: "", defaultText: "`\"\"`",
        summary: "Free text shown in reports.", note: "shown in reports"),
      KeyDefinition(
        "duration_s", .number(.greaterThan(0, atMost: InputLimits.maxSessionSeconds)), unit: "s",
        defaultText: "the script's or recorded trace's own length (120 for `model` users)",
        summary: "Length of the user's session in trace time; a shorter script idles, a longer one is cut.",
        note: "rounded to the engine's µs clock, at least 1 µs"),
      KeyDefinition(
        "seed", .integer(.integer(atLeast: 0)), default: 1,
        summary: "Seed used when the command line gives no --seeds.",
        note: "2^53 − 1 is the largest integer a JSON number holds exactly"),
      KeyDefinition(
        "seeds", .integer(.integer(in: 1...Double(Scenario.maxSeedCount))), unit: "seeds", default: 1,
        summary:
          "How many seeds run when the command line gives no --seeds: `seed`, `seed` + 1, …; enough that "
          + "comparisons can be tested (the bundled scenarios use 10)."),
      KeyDefinition(
        "patience_ms", .number(msRule), unit: "ms", default: 30000,
        defaultText: "`30000` (a judgement; see [stalls](model.md#stalls-the-pause-model))",
        summary: "A single stall longer than this abandons the session.", note: "at least 0.001 (1 µs)"),
      KeyDefinition(
        "viewport", .object(viewport), defaultText: "all defaults", summary: "The list's visible area.",
        note: "see [`viewport`](#viewport)"),
      KeyDefinition(
        "feed", .object(feed), defaultText: "all defaults", summary: "The server's feed and its pages.",
        note: "see [`feed`](#feed)"),
      KeyDefinition(
        "network", .object(network), defaultText: "all defaults",
        summary: "The network between app and server.", note: "see [`network`](#network)"),
      KeyDefinition(
        "scroll", .object(scroll), required: true,
        summary: "The user: a script, a recorded trace or a synthetic model.", note: "see [`scroll`](#scroll)"
      ),
      KeyDefinition(
        "strategies", .strategies, default: [],
        defaultText:
          "the general strategies (those `prefetchlab list` does not mark as platform models) with their defaults; `[]` means the same",
        summary: "Strategies to compare: names or objects {name, parameters}.",
        note: "see [`strategies`](#strategies)"),
      KeyDefinition(
        "cache", .object(cache), defaultText: "none: unlimited memory, no disk cache",
        summary: "The client's image cache.", note: "see [`cache`](#cache)"),
      KeyDefinition(
        "render", .object(render), defaultText: "none: rows show once their content is loaded",
        summary: "The background render stage.", note: "see [`render`](#render)"),
      KeyDefinition(
        "radio", .alternatives([.choice(RadioSpec.Model.allCases.map(\.rawValue)), .object(radio)]),
        default: "lte", defaultText: "`\"lte\"`, reported without changing timing",
        summary: "The cellular radio whose energy is reported.", note: "see [`radio`](#radio)"),
    ])

  /// `$schema` may name the schema a scenario follows (editors use it); it is not read.
  static let schemaKey = "$schema"

  public static let viewport = ObjectDefinition(
    "viewport",
    keys: [
      KeyDefinition(
        "height_pt", .number(.greaterThan(0, atMost: InputLimits.maxViewportHeightPt)), unit: "pt",
        default: JSONValue(ViewportSpec().heightPt),
        defaultText:
          "`852`: iPhone 15 / 16 logical screen height (Apple Human Interface Guidelines, \"Layout\" device table)",
        summary: "Height of the list's visible area.",
        note: "a dozen tablet screens; rows are at least 1 pt, so a frame scans at most 10000 rows"),
      KeyDefinition(
        "frame_rate_hz", .integer(.integer(in: 1...240)), unit: "Hz",
        default: JSONValue(ViewportSpec().frameRateHz),
        defaultText:
          "`60`: the standard iPhone and Android display rate (a judgement; ProMotion iPhones and many Android phones run at 120 Hz)",
        summary: "Display frames per second."),
    ])

  public static let cache = ObjectDefinition(
    "cache",
    keys: [
      KeyDefinition(
        "memory_bytes", .integer(.integer(atLeast: 0)), unit: "bytes",
        default: JSONValue(Int(CacheSpec().memoryBytes)),
        defaultText: "`104857600` (100 MiB: `AFAutoPurgingImageCache`'s memory capacity)",
        summary: "Budget of the memory cache in response bytes of media."),
      KeyDefinition(
        "disk_bytes", .integer(.integer(atLeast: 0)), unit: "bytes",
        default: JSONValue(Int(CacheSpec().diskBytes)),
        defaultText: "`157286400` (150 MiB: `AFImageDownloader.defaultURLCache`'s disk capacity)",
        summary: "Budget of the disk cache; 0 = no disk cache.", note: "0 = no disk cache"),
      KeyDefinition(
        "cache_duration_ms", .number(msRule), unit: "ms", default: JSONValue(CacheSpec().cacheDurationMs),
        defaultText: "`604800000` (one week: SDWebImage's `maxDiskAge` default)",
        summary: "How long a disk entry stays valid."),
      KeyDefinition(
        "disk_read_ms", .distribution(timeMs), unit: "ms", default: 10,
        defaultText:
          "`10`: an assumption — reading tens of kB from phone flash takes well under 1 ms, the hops to an I/O queue and back dominate; measure your app (Instruments, File Activity)",
        summary: "Time to read one entry back from disk."),
      KeyDefinition(
        "ignore_cache", .boolean, default: false,
        summary: "Requests skip the disk cache (reloadIgnoringLocalCacheData); responses are still stored.",
        note:
          "`true`: requests skip the disk cache (`reloadIgnoringLocalCacheData`); responses are still stored"),
    ])

  public static let render = ObjectDefinition(
    "render",
    keys: [
      KeyDefinition(
        "time_ms", .distribution(timeMs), unit: "ms", required: true,
        summary: "Render and decode time of one cell, drawn per item and render.",
        note: "drawn per item and render"),
      KeyDefinition(
        "workers", .integer(.integer(atLeast: 1, atMost: 1024)), unit: "threads",
        default: JSONValue(RenderSpec(timeMs: .constant(0)).workers),
        defaultText: "`2`: the performance cores of an A15–A18 iPhone (2 performance + 4 efficiency cores)",
        summary: "Renders that can run at once."),
    ])

  public static let radio = ObjectDefinition(
    "radio",
    keys: [
      KeyDefinition(
        "model", .choice(RadioSpec.Model.allCases.map(\.rawValue)), default: "lte",
        summary: "Radio model: lte, 3g or none (no energy columns).",
        note: "`\"lte\"`, `\"3g\"`, `\"none\"` (no energy columns)"),
      KeyDefinition(
        "profile", .choice(RadioSpec.Profile.allCases.map(\.rawValue)), default: "huang2012",
        defaultText: "`\"huang2012\"`: Huang et al., MobiSys 2012",
        summary:
          "Whose measurement of the radio: huang2012 (Huang et al., MobiSys 2012) or aro (AT&T ARO's carrier settings).",
        note:
          "`\"huang2012\"`, `\"aro\"` (ARO's LTE settings; for 3G, Qian et al., IMC 2010, as ARO encodes it); not with model `none`; see the table below"
      ),
      KeyDefinition(
        "promotion_delays_requests", .boolean, default: false,
        defaultText:
          "`false`: the radio is reported but does not change timing (`rtt_ms` is taken to include whatever promotion the measured link had)",
        summary: "A request sent while the radio is idle gets out only when its promotion ends.",
        note:
          "`true`: a request sent while the radio is idle, or still being promoted, gets out only when the promotion ends; `true` needs model `lte` or `3g`"
      ),
    ])
}
