extension ScenarioDefinitions {
  static let mediaNetworkKey = KeyDefinition(
    "media", .object(mediaNetwork), defaultText: "none: media share `network`",
    summary: "Media from their own origin: their own round trip, link and connection pool.",
    note: "see [`network.media`](#networkmedia)")

  /// `network.media`: every key of `network` but `outages` (the device's, not an origin's), each
  /// defaulting to `network`'s value, and `shared_link`.
  public static let mediaNetwork = ObjectDefinition(
    "network.media",
    keys: networkKeys.filter { $0.name != "outages" }.map { key in
      var inherited = key
      inherited.defaultValue = nil
      inherited.defaultText = "`network`'s"
      return inherited
    } + [
      KeyDefinition(
        "shared_link", .boolean, default: false,
        defaultText: "`false`: media have their own link and connection pool",
        summary: "Media use network's link and connection pool; only their per-request timing is their own.",
        note:
          "`true`: one host (or one HTTP/2 connection) serves both; not with \(MediaNetworkSpec.linkKeys.map { "`\($0)`" }.joined(separator: ", "))"
      )
    ], excludes: [("trace", "bandwidth_kbps")])
}
