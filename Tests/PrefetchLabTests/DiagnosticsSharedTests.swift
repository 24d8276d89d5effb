import Testing

@testable import PrefetchLab

/// One cause met at many places is one problem (`Diagnostics.recordShared`), listed or, past the
/// listing limit, counted once — before, each later place past the limit added one to the count.
@Suite struct DiagnosticsSharedTests {
  static func error(_ location: String, _ message: String = "no feed.carousel") -> InputError {
    InputError(file: "x.json", location: location, message: message)
  }

  @Test func aSharedCauseIsOneListedProblemNamingEveryPlace() {
    let diagnostics = Diagnostics()
    for step in 0..<3 {
      diagnostics.recordShared(Self.error("scroll.script[\(step)].swipe"), cause: "carousel")
    }
    #expect(diagnostics.errors.count == 1)
    #expect(diagnostics.unlisted == 0)
    #expect(
      diagnostics.errors[0].message
        == "no feed.carousel (the same at every one of these 3: scroll.script[0].swipe, "
        + "scroll.script[1].swipe, scroll.script[2].swipe)")
  }

  @Test func pastTheLimitASharedCauseCountsOnce() {
    let diagnostics = Diagnostics()
    for key in 0..<Diagnostics.limit { diagnostics.record(Self.error("key\(key)", "bad")) }
    for step in 0..<30 {
      diagnostics.recordShared(Self.error("scroll.script[\(step)].swipe"), cause: "carousel")
    }
    diagnostics.recordShared(Self.error("feed.other", "other cause"), cause: "other")
    #expect(diagnostics.errors.count == Diagnostics.limit)
    #expect(diagnostics.unlisted == 2)
  }
}
