/// The scroll physics `import har` writes, from the platform the requests' `User-Agent` headers
/// name: a HAR records the network, not the scroll, but the platform tells whose fling the
/// users' feed scrolls with.
///
/// - `android`: "Android" (Chrome and WebView on Android) or "okhttp" (an Android app's HTTP
///   client, as Charles or Proxyman record it);
/// - `ios`: "iPhone", "iPad" or "iPod" (Safari, WKWebView), or "CFNetwork" (an iOS app's
///   URLSession);
/// - otherwise (a desktop browser, no header): `ios`, the scenario's default, and the note says
///   the User-Agent named no mobile platform. The tool has no wheel or trackpad physics, so a
///   desktop browser's scrolling is modelled by a touch platform's fling either way.
/// The platform most requests name wins; a tie goes to `ios`.
public struct ScrollPhysicsGuess: Sendable, Equatable {
  public var name: ScrollPhysics
  /// What the scenario's scroll comment says about the choice.
  public var note: String

  public init(userAgents: [String]) {
    var android = 0
    var ios = 0
    for agent in userAgents {
      if agent.contains("Android") || agent.lowercased().contains("okhttp") {
        android += 1
      } else if ["iPhone", "iPad", "iPod", "CFNetwork"].contains(where: { agent.contains($0) }) {
        ios += 1
      }
    }
    if android > ios {
      name = .android
      note =
        "physics android: \(android) of \(userAgents.count) requests' User-Agent names Android (Chrome, WebView or okhttp)."
    } else if ios > 0 {
      name = .ios
      note =
        "physics ios: \(ios) of \(userAgents.count) requests' User-Agent names iOS (iPhone, iPad, iPod or CFNetwork)."
    } else {
      name = .ios
      note =
        "physics ios: no request's User-Agent names Android or iOS (a desktop browser, or no header), so the default; choose android for Chrome on Android."
    }
  }
}
