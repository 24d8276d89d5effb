import Foundation
import Testing

/// `recommend` on a carousel feed named the setting that binds 12 cards of every prefetched row
/// for less blank time, silent that it wastes 45 times the data of the default: the cost line says
/// so in text, CSV and Markdown, with the `--limit` that picks the cheaper one. Two seeds cannot
/// split the two settings: the line is about the tie.
@Suite struct CostWarningCLITests {
  @Test func recommendNamesTheCheaperContenderAndItsLimit() throws {
    let folder = ScratchFolder()
    let scenario = folder.write(
      "carousels.json",
      """
      {"name": "carousels", "duration_s": 40, "seeds": 2,
       "feed": {"total_items": 1000, "page_size": 20, "item_height_pt": {"uniform": {"min": 200, "max": 360}},
                "page_bytes": 24000, "media_bytes": {"lognormal": {"median": 60000, "sigma": 0.5}},
                "carousel": {"row_fraction": 0.65, "sub_items": 12, "sub_item_width_pt": 150,
                             "visible_width_pt": 393, "row_height_pt": 230,
                             "media_bytes": {"lognormal": {"median": 40000, "sigma": 0.4}}}},
       "network": {"rtt_ms": {"lognormal": {"median": 70, "sigma": 0.3}}, "bandwidth_kbps": 12000},
       "scroll": {"physics": "android", "model": "skimmer", "swipe_fraction": 0.25},
       "strategies": [{"name": "recyclerview", "initial_prefetch_item_count": 2},
                      {"name": "recyclerview", "initial_prefetch_item_count": 12}]}
      """)
    let out = folder.path + "/out"
    let run = runCLI(["run", scenario, "-q", "--no-plots", "--out", out])
    #expect(run.status == 0, "\(run.stderr)")
    let text = runCLI(["recommend", out])
    #expect(text.status == 0)
    let line = try #require(
      text.stdout.split(separator: "\n").first { $0.contains("cost (of the tie): ") }.map(String.init),
      "\(text.stdout)")
    #expect(
      line.hasPrefix(
        "    cost (of the tie): recyclerview:initial_prefetch_item_count=12 wastes 8674.7 kB per session, 45.4× recyclerview's "
          + "191.3 kB (at least 2× and 1000 kB more); recyclerview is close on the objective (stall_ms 0 ± 0, "
          + "identical in every seed; blank_ms per min "), "\(line)")
    #expect(line.hasSuffix("--limit 'wasted_bytes<=191272' gives recyclerview"), "\(line)")
    // The limit it gives does pick the cheaper one, with no cost line left.
    let limited = runCLI(["recommend", out, "--limit", "wasted_bytes<=191272"])
    #expect(
      limited.stdout.contains("carousels (2 seeds): recommended recyclerview; no runner-up"),
      "\(limited.stdout)")
    #expect(!limited.stdout.contains("cost: ") && !limited.stdout.contains("cost (of the tie): "))
    let csv = runCLI(["recommend", out, "--format", "csv"])
    #expect(
      csv.stdout.split(whereSeparator: \.isNewline)[0].hasSuffix(
        ",cheaper,cheaper_wasted_bytes,cheaper_limit,cost_warning"))
    #expect(csv.stdout.contains(",recyclerview,191272,wasted_bytes<=191272,"), "\(csv.stdout)")
    let markdown = runCLI(["recommend", out, "--format", "markdown"])
    #expect(
      markdown.stdout.contains("\n- carousels: cost (of the tie): recyclerview:initial"), "\(markdown.stdout)"
    )
  }
}
