import Foundation

/// Where the CLI writes: stdout for results and help, stderr for errors and warnings. Tests
/// substitute a recorder.
public protocol TerminalOutput: AnyObject {
  func out(_ text: String)
  func err(_ text: String)
}

/// The process's real stdout and stderr.
public final class StandardTerminal: TerminalOutput {
  public init() {}

  public func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  public func err(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// Captures output in memory (for tests).
public final class RecordingTerminal: TerminalOutput {
  public private(set) var stdout = ""
  public private(set) var stderr = ""

  public init() {}

  public func out(_ text: String) { stdout += text }
  public func err(_ text: String) { stderr += text }
}
