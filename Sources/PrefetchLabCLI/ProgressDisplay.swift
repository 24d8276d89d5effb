import Foundation
import PrefetchLab
import PrefetchLabReports

/// Progress of a long command on stderr, never on stdout:
/// - on a terminal, one line redrawn in place at most ten times a second: the phase, units
///   done of the total, the share, the rate and the time left
///   (`simulating  412/800 runs  51 %  310 runs/s  ETA 1 s`), replaced by a closing line when
///   the phase ends;
/// - elsewhere (a log file, CI, a pipe) only the closing line of each phase
///   (`simulating: 800 runs in 1.9 s (…)`), so logs stay short;
/// - with `--quiet`, nothing.
final class ProgressDisplay: ProgressObserver, @unchecked Sendable {
  enum Mode: Equatable {
    case terminal
    case lines
    case quiet
  }

  let mode: Mode
  private let terminal: TerminalOutput
  private let lock = NSLock()
  private var phase: WorkPhase?
  private var total = 0
  private var done = 0
  private var phaseStart = 0.0
  private var lastDraw = 0.0
  private var lineShown = false

  init(terminal: TerminalOutput, quiet: Bool) {
    self.terminal = terminal
    mode = quiet ? .quiet : terminal.errorIsTerminal ? .terminal : .lines
  }

  /// The words for a phase's units.
  static func units(_ phase: WorkPhase, _ count: Int) -> String {
    switch phase {
    case .simulating: return count == 1 ? "run" : "runs"
    case .plotting: return count == 1 ? "plot" : "plots"
    case .writing: return count == 1 ? "run" : "runs"
    case .reporting: return count == 1 ? "file" : "files"
    case .measuring: return count == 1 ? "case × strategy" : "cases × strategies"
    }
  }

  func started(_ phase: WorkPhase, total: Int) {
    lock.withLock {
      self.phase = phase
      self.total = total
      done = 0
      phaseStart = CPUClock.wall()
      lastDraw = 0
      if mode == .terminal { draw(force: true) }
    }
  }

  func advanced(_ phase: WorkPhase, by units: Int) {
    lock.withLock {
      guard self.phase == phase else { return }
      done += units
      if mode == .terminal { draw(force: false) }
    }
  }

  func finished(_ phase: WorkPhase, note: String) {
    lock.withLock {
      guard mode != .quiet else { return }
      let seconds = CPUClock.wall() - phaseStart
      var line = "\(phase.rawValue): "
      if total > 0 { line += "\(total) \(Self.units(phase, total)) " }
      line += "in \(Self.duration(seconds))"
      if !note.isEmpty { line += " (\(note))" }
      terminal.err(clearSequence() + line + "\n")
      self.phase = nil
    }
  }

  /// A plain message (a warning, a removed leftover) that must not be drawn over.
  func message(_ text: String) {
    lock.withLock { terminal.err(clearSequence() + text) }
    lock.withLock { if mode == .terminal && phase != nil { draw(force: true) } }
  }

  /// Clears the progress line, e.g. before an interruption message.
  func clear() {
    lock.withLock {
      let sequence = clearSequence()
      if !sequence.isEmpty { terminal.err(sequence) }
    }
  }

  /// `\r` and erase-to-end-of-line when a progress line is showing.
  private func clearSequence() -> String {
    guard lineShown else { return "" }
    lineShown = false
    return "\r\u{1B}[K"
  }

  private func draw(force: Bool) {
    guard let phase else { return }
    let now = CPUClock.wall()
    guard force || now - lastDraw >= 0.1 || (total > 0 && done >= total) else { return }
    lastDraw = now
    let elapsed = now - phaseStart
    var line = phase.rawValue
    if total > 0 {
      line += "  \(done)/\(total) \(Self.units(phase, total))"
      line += "  \(done * 100 / max(total, 1)) %"
      if done > 0 && elapsed > 0.05 {
        let rate = Double(done) / elapsed
        line += "  " + (rate >= 10 ? String(Int(rate)) : DecimalFormat.fixed(rate, places: 1))
        line += " \(Self.units(phase, 2))/s"
        line += "  ETA " + Self.duration(Double(total - done) / rate)
      }
    } else {
      line += "…"
    }
    terminal.err("\r\u{1B}[K" + line)
    lineShown = true
  }

  /// `0.4 s`, `12 s`, `3 min 05 s`, `2 h 07 min`.
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "?" }
    if seconds < 10 { return DecimalFormat.fixed(seconds, places: 1) + " s" }
    let whole = Int(seconds.rounded())
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min " + String(format: "%02d", whole % 60) + " s" }
    return "\(whole / 3600) h " + String(format: "%02d", whole / 60 % 60) + " min"
  }

  /// `62.4 MB`, `930 kB`, `512 B`: decimal units, as the reports show bytes.
  static func bytes(_ count: Int) -> String {
    if count >= 1_000_000 { return DecimalFormat.fixed(Double(count) / 1e6, places: 1) + " MB" }
    if count >= 1000 { return DecimalFormat.fixed(Double(count) / 1e3, places: 0) + " kB" }
    return "\(count) B"
  }
}
