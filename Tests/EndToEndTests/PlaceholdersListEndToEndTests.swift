import Testing

/// `prefetchlab list`, run as a user runs it, shows Paging 3's `enable_placeholders` on both
/// strategies that load pages the Paging 3 way, with its default and the source of the default.
@Suite struct PlaceholdersListEndToEndTests {
  @Test(arguments: ["paging3", "recyclerview"])
  func listShowsEnablePlaceholdersWithItsDefaultAndSource(_ name: String) throws {
    let listed = try Prefetchlab.run(["list"])
    #expect(listed.status == 0, "\(listed.err)")
    let block = listed.out.components(separatedBy: "\n\n").first { $0.hasPrefix(name + "\n") }
    let lines = block?.components(separatedBy: "\n") ?? []
    let index = lines.firstIndex { $0.hasPrefix("    enable_placeholders=") }
    #expect(
      index.map { lines[$0] } == "    enable_placeholders=true  (true or false)", "\(block ?? listed.out)")
    let help = index.flatMap { $0 + 1 < lines.count ? lines[$0 + 1] : nil } ?? ""
    #expect(help.contains("(PagingConfig.enablePlaceholders; default true, PagingConfig.kt)"), "\(help)")
  }
}
