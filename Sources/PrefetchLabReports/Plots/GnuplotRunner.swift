import Dispatch
import Foundation
import PrefetchLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why gnuplot did not produce a plot. Nothing here prints: the CLI turns these into warnings or
/// errors.
public enum GnuplotError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No executable `gnuplot` in any PATH directory.
  case notFound
  /// The process could not be started.
  case launchFailed(String)
  /// gnuplot exited with a non-zero status; `message` is the end of what it wrote to stderr.
  case failed(status: Int32, message: String)
  /// gnuplot was still running after the time limit and was killed.
  case timedOut(seconds: Double)
  /// gnuplot exited 0 but an expected output file is missing or malformed.
  case badOutput(String)

  public var description: String {
    switch self {
    case .notFound: return "gnuplot not found on PATH"
    case .launchFailed(let reason): return "cannot start gnuplot: \(reason)"
    case .failed(let status, let message):
      return "gnuplot exited with status \(status)" + (message.isEmpty ? "" : ": \(message)")
    case .timedOut(let seconds):
      return "gnuplot did not finish within \(DecimalFormat.fixed(seconds, places: 1)) s and was stopped"
    case .badOutput(let reason): return "gnuplot output is unusable: \(reason)"
    }
  }

  /// How to install gnuplot, for messages.
  public static let installHint =
    "install it with 'apt-get install gnuplot-nox' (Debian, Ubuntu) or 'brew install gnuplot' (macOS)"
}

/// Runs gnuplot as a subprocess: the executable found on PATH, started directly (never through a
/// shell) with the script's file name as its only argument, stdin from /dev/null, in the folder
/// where the script and its outputs live. A run that exceeds `timeoutSeconds` is terminated
/// (SIGTERM, then SIGKILL) so a hung gnuplot cannot hang the caller.
///
/// gnuplot dies with the program: where util-linux's `setpriv` is on PATH (every Linux
/// distribution ships it), gnuplot is started through `setpriv --pdeathsig KILL`, which asks the
/// kernel (`prctl(PR_SET_PDEATHSIG)`) to kill it when the thread that started it ends — a SIGKILL
/// of the program included, which no handler of its own sees. That thread waits for gnuplot, so
/// the signal comes only when the program is gone. Foundation's `Process` offers no hook between
/// fork and exec to set it itself, and closing gnuplot's standard input would stop it only
/// between commands, never within a long `plot`. Without `setpriv` (macOS) gnuplot is started
/// directly and outlives a killed program until its script ends.
public struct GnuplotRunner: Sendable {
  /// Absolute path of the gnuplot executable.
  public let executable: String
  public var timeoutSeconds: Double
  /// Absolute path of `setpriv`, through which gnuplot is started so that it dies with the
  /// program; nil: started directly.
  public var deathSignalWrapper: String?

  public init(executable: String, timeoutSeconds: Double = 60, deathSignalWrapper: String? = nil) {
    self.executable = executable
    self.timeoutSeconds = timeoutSeconds
    self.deathSignalWrapper = deathSignalWrapper
  }

  /// The runner for the first executable `gnuplot` in `environment["PATH"]`, or nil; started
  /// through the first `setpriv` there, if any (on Linux only: the death signal is Linux's).
  public static func locate(
    environment: [String: String] = ProcessInfo.processInfo.environment, timeoutSeconds: Double = 60
  ) -> GnuplotRunner? {
    guard let gnuplot = executable("gnuplot", environment: environment) else { return nil }
    #if os(Linux)
      let wrapper = executable("setpriv", environment: environment)
    #else
      let wrapper: String? = nil
    #endif
    return GnuplotRunner(executable: gnuplot, timeoutSeconds: timeoutSeconds, deathSignalWrapper: wrapper)
  }

  /// The first executable file `name` in the absolute directories of `environment["PATH"]`.
  static func executable(_ name: String, environment: [String: String]) -> String? {
    guard let path = environment["PATH"] else { return nil }
    for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = directory.hasSuffix("/") ? "\(directory)\(name)" : "\(directory)/\(name)"
      guard candidate.hasPrefix("/") else { continue }  // relative PATH entries are ignored
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
        FileManager.default.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    return nil
  }

  /// Runs `gnuplot <scriptName>` with `directory` as working directory and waits for it.
  /// `scriptName` is passed as a single argument (no shell); the outputs the script names are
  /// written by gnuplot relative to `directory`.
  public func run(scriptName: String, in directory: String) -> Result<Void, GnuplotError> {
    run(arguments: [scriptName], in: directory)
  }

  /// Starts the executable with `arguments` (script names, run in turn by one process) and waits
  /// at most `timeoutSeconds` (default: the runner's).
  func run(arguments: [String], in directory: String, timeoutSeconds: Double? = nil) -> Result<
    Void, GnuplotError
  > {
    let timeoutSeconds = timeoutSeconds ?? self.timeoutSeconds
    let errorPath = directory + "/.gnuplot-stderr-\(UInt32.random(in: .min ... .max))"
    guard FileManager.default.createFile(atPath: errorPath, contents: nil),
      let errorHandle = FileHandle(forWritingAtPath: errorPath)
    else {
      return .failure(.launchFailed("cannot create a file in \(directory)"))
    }
    defer {
      try? errorHandle.close()
      try? FileManager.default.removeItem(atPath: errorPath)
    }
    let process = Process()
    if let deathSignalWrapper {
      // setpriv execs gnuplot in its own process: the pid, the exit status and the signals the
      // timeout and an interruption send are gnuplot's.
      process.executableURL = URL(fileURLWithPath: deathSignalWrapper)
      process.arguments = ["--pdeathsig", "KILL", "--", executable] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    }
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorHandle
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    // An interrupted command kills its gnuplot processes (UnfinishedWork.abandonAll) and starts
    // no new ones.
    let token: Int?
    do {
      token = try UnfinishedWork.launch(process)
    } catch {
      return .failure(.launchFailed((error as NSError).localizedDescription))
    }
    guard token != nil else { return .failure(.launchFailed("the command was interrupted")) }
    defer { UnfinishedWork.finish(token) }
    if finished.wait(timeout: .now() + timeoutSeconds) == .timedOut {
      process.terminate()
      if finished.wait(timeout: .now() + 1) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        // Foundation reports the exit only once every process holding its notification pipe has
        // gone (a child the script started, say); never wait for that without a bound.
        if finished.wait(timeout: .now() + 2) == .timedOut { AbandonedProcesses.keep(process) }
      }
      return .failure(.timedOut(seconds: timeoutSeconds))
    }
    let status = process.terminationStatus
    guard process.terminationReason == .exit, status == 0 else {
      let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      let lines = text.split(whereSeparator: \.isNewline).suffix(4).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let code = process.terminationReason == .exit ? status : 128 + status
      return .failure(.failed(status: code, message: lines.joined(separator: " | ")))
    }
    return .success(())
  }
}

/// Processes killed after a timeout whose exit Foundation has not reported yet: kept alive here
/// (a `Process` released while running is undefined behaviour) until the end of the program.
private enum AbandonedProcesses {
  nonisolated(unsafe) private static var processes: [Process] = []
  private static let lock = NSLock()

  static func keep(_ process: Process) {
    lock.lock()
    processes.append(process)
    lock.unlock()
  }
}
