import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the CLI writes: stdout for results and help, stderr for errors, warnings and progress.
/// Tests substitute a recorder.
public protocol TerminalOutput: AnyObject, Sendable {
  func out(_ text: String)
  func err(_ text: String)
  /// Whether stderr is an interactive terminal, where progress is a line redrawn in place.
  var errorIsTerminal: Bool { get }
}

extension TerminalOutput {
  public var errorIsTerminal: Bool { false }
}

/// The process's real stdout and stderr.
public final class StandardTerminal: TerminalOutput, @unchecked Sendable {
  public init() {}

  public func out(_ text: String) {
    FileHandle.standardOutput.write(Self.data(text))
  }

  public func err(_ text: String) {
    FileHandle.standardError.write(Self.data(text))
  }

  /// The UTF-8 of `text`, copied in one piece: `Data(text.utf8)` took it byte by byte.
  static func data(_ text: String) -> Data {
    text.utf8.withContiguousStorageIfAvailable { Data(buffer: $0) } ?? Data(text.utf8)
  }

  /// stderr is a terminal (`isatty`) whose `TERM` is not `dumb`.
  public var errorIsTerminal: Bool {
    isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
  }
}

/// Captures output in memory (for tests).
public final class RecordingTerminal: TerminalOutput, @unchecked Sendable {
  private let lock = NSLock()
  private var outText = ""
  private var errText = ""

  public init() {}

  public var stdout: String { lock.withLock { outText } }
  public var stderr: String { lock.withLock { errText } }

  public func out(_ text: String) { lock.withLock { outText += text } }
  public func err(_ text: String) { lock.withLock { errText += text } }
}
