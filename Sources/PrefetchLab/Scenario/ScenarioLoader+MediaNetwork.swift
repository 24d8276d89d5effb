extension ScenarioLoader {
  /// `network.media`: read like `network`, starting from `network`'s values (outages stay the
  /// device's). Rules beyond each key's own: with `shared_link: true` no key that sets a link or a
  /// pool (`MediaNetworkSpec.linkKeys`); an `rtt_ms` here while media would inherit a `periods`
  /// trace (whose latency would replace it) is refused.
  static func mediaNetworkSpec(
    from network: JSONObjectReader, network spec: NetworkSpec, context: Context
  ) -> MediaNetworkSpec? {
    guard let media = network.object("media") else { return nil }
    var base = spec
    base.outages = []
    let mediaSpec = networkSpec(from: media, context: context, base: base)
    let sharedLink = media.bool("shared_link") ?? false
    if sharedLink {
      for key in MediaNetworkSpec.linkKeys {
        guard let field = media.member(key) else { continue }
        media.report(
          field.plainError(
            "cannot be set with \(media.field.path.location).shared_link true: media then use network's link and connections"
          ))
      }
    }
    if let rtt = media.member("rtt_ms"), mediaSpec.trace?.format == .periods, !media.contains("trace") {
      media.report(
        rtt.plainError(
          "cannot be combined with the 'periods' trace media take from network, whose latency_ms replaces it; give network.media its own bandwidth_kbps or trace (and no shared_link)"
        ))
    }
    return MediaNetworkSpec(network: mediaSpec, sharedLink: sharedLink)
  }
}
