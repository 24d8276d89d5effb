import Foundation
import Testing

@testable import PrefetchLabReports

@Suite struct GnuplotTextTests {
  @Test func titlesWrapAtSpacesWithinTheWidth() {
    #expect(GnuplotText.wrapped("aa bb cc dd", width: 5) == ["aa bb", "cc dd"])
    #expect(GnuplotText.wrapped("aa bb cc", width: 4) == ["aa", "bb", "cc"])
    // A word longer than the width stands alone; spaces do not pile up.
    #expect(GnuplotText.wrapped("a  verylongword b", width: 4) == ["a", "verylongword", "b"])
    #expect(GnuplotText.wrapped("short", width: 90) == ["short"])
    #expect(GnuplotText.wrapped("", width: 90).isEmpty)
  }

  @Test func quotesAreDoubledAndNothingElseIsEscaped() {
    #expect(GnuplotText.quoted("reader-lte") == "'reader-lte'")
    #expect(GnuplotText.quoted("it's") == "'it''s'")
    #expect(GnuplotText.quoted("''") == "''''''")
    #expect(GnuplotText.quoted("a \"b\" \\ c") == "'a \"b\" \\ c'")
  }

  /// Inside single quotes gnuplot does no backquote substitution, no macro expansion and no
  /// function calls, so these stay text; the only way out, a line break, becomes a space.
  @Test func injectionAttemptsStayInsideOneLineString() {
    let attempts = [
      "x`touch /tmp/pwned`", "x'; system(\"touch /tmp/pwned\"); '", "a\nsystem(\"touch /tmp/pwned\")",
      "a\r\n!touch /tmp/pwned", "@macro", "x' . system('id') . '", "end\\", "tab\there\u{2028}sep",
    ]
    for attempt in attempts {
      let literal = GnuplotText.quoted(attempt)
      #expect(!literal.contains("\n") && !literal.contains("\r"))
      #expect(literal.hasPrefix("'") && literal.hasSuffix("'"))
      // Every quote inside is doubled: removing the outer quotes leaves only pairs.
      let inner = literal.dropFirst().dropLast()
      #expect(!inner.replacingOccurrences(of: "''", with: "").contains("'"))
    }
    #expect(GnuplotText.quoted("a\nb\r\nc") == "'a b  c'")
    #expect(GnuplotText.quoted("x' . system('id') . '") == "'x'' . system(''id'') . '''")
  }

  @Test func sanitizedTextIsValidInXML() {
    #expect(GnuplotText.sanitized("a]]>b") == "a]] >b")
    #expect(GnuplotText.sanitized("a\u{0}b\u{7F}c\u{85}d") == "a b c d")
    #expect(GnuplotText.sanitized("\u{FFFE}") == "\u{FFFD}")
    #expect(GnuplotText.sanitized("é 中 🙂") == "é 中 🙂")
  }

  @Test func numbersAndDatablocks() {
    #expect(GnuplotText.number(1.5) == "1.5")
    #expect(GnuplotText.number(0.1234567) == "0.123457")
    #expect(GnuplotText.number(nil) == "NaN")
    #expect(GnuplotText.number(.infinity) == "NaN")
    #expect(GnuplotText.number(-2) == "-2")
    let block = GnuplotText.datablock("d0", rows: [[1, nil], [2.5, 3]], columns: 2)
    #expect(block == "$d0 << EOD\n1 NaN\n2.5 3\nEOD\n")
    #expect(GnuplotText.datablock("e", rows: [], columns: 3) == "$e << EOD\nNaN NaN NaN\nEOD\n")
  }
}

@Suite struct GnuplotRunnerTests {
  @Test func locatesOnlyExecutablesOnPath() throws {
    let folder = try TestFolder("gnuplot-path")
    defer { folder.remove() }
    #expect(GnuplotRunner.locate(environment: ["PATH": folder.path]) == nil)
    #expect(GnuplotRunner.locate(environment: [:]) == nil)
    try folder.write("bin/gnuplot", "#!/bin/sh\nexit 0\n")
    #expect(GnuplotRunner.locate(environment: ["PATH": folder.file("bin")]) == nil)  // not executable
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: folder.file("bin/gnuplot"))
    let found = GnuplotRunner.locate(environment: [
      "PATH": "relative/dir:\(folder.path):\(folder.file("bin"))"
    ])
    #expect(found?.executable == folder.file("bin/gnuplot"))
  }

  /// A hung gnuplot is stopped at the time limit instead of hanging the run.
  @Test func aHungProcessIsStopped() throws {
    let folder = try TestFolder("gnuplot-hang")
    defer { folder.remove() }
    try folder.write("gnuplot", "#!/bin/sh\nexec sleep 30\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("gnuplot"))
    let runner = GnuplotRunner(executable: folder.file("gnuplot"), timeoutSeconds: 0.3)
    let start = Date()
    let result = runner.run(scriptName: "x.gp", in: folder.path)
    #expect(failure(result) == .timedOut(seconds: 0.3))
    #expect(Date().timeIntervalSince(start) < 5)
  }

  @Test func aFailingProcessReportsStatusAndStderr() throws {
    let folder = try TestFolder("gnuplot-fail")
    defer { folder.remove() }
    try folder.write("gnuplot", "#!/bin/sh\necho \"line 3: undefined variable: $1\" >&2\nexit 1\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("gnuplot"))
    let result = GnuplotRunner(executable: folder.file("gnuplot")).run(scriptName: "a.gp", in: folder.path)
    #expect(failure(result) == .failed(status: 1, message: "line 3: undefined variable: a.gp"))
    // Its stderr capture file does not stay behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["gnuplot"])
  }

  /// The real gnuplot, fed a figure whose title and legend carry injection attempts aimed at
  /// creating marker files: it draws a valid PNG and SVG and runs nothing.
  @Test(.enabled(if: ReportFixtures.hasGnuplot, "gnuplot is not installed"))
  func injectionInNamesRunsNothingAndStillPlots() throws {
    let folder = try TestFolder("gnuplot-injection")
    defer { folder.remove() }
    let marker = folder.file("pwned")
    let evil =
      "x'`touch \(marker)1`\n!touch \(marker)2\nsystem(\"touch \(marker)3\") @x '.system('touch \(marker)4').' ]]>"
    let figure = PlotFigure(
      kind: .tradeoff, scenario: evil, fileStem: "evil", caption: "test", widthPx: 400, heightPx: 300,
      data: GnuplotText.datablock("d", rows: [[1, 2], [2, 1]], columns: 2),
      body:
        "set title \(GnuplotText.quoted(evil))\nplot $d using 1:2 with lines title \(GnuplotText.quoted(evil))\n"
    )
    let rendering = try PlotRenderer.render(
      [[figure]], gnuplot: try #require(ReportFixtures.gnuplot), parallelism: 1,
      output: FolderOutput(folder: folder.path))
    #expect(rendering.failures.isEmpty, "\(rendering.failures.map(\.error))")
    for index in 1...4 { #expect(!FileManager.default.fileExists(atPath: "\(marker)\(index)")) }
    let png = try #require(FileManager.default.contents(atPath: folder.file("plots/evil.png")))
    #expect(pngSize(Array(png)).map { $0.width == 400 && $0.height == 300 } == true)
    let svg = try folder.read("plots/evil.svg")
    #expect(parsesAsXML(svg))
    #expect(svg.contains("system(&quot;touch") || svg.contains("system(\"touch"))
    #expect(folder.exists("plots/evil.gp"))
  }
}

private func failure(_ result: Result<Void, GnuplotError>) -> GnuplotError? {
  if case .failure(let error) = result { return error }
  return nil
}
