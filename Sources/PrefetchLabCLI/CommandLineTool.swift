import PrefetchLab
import PrefetchLabReports

/// Entry point of the `prefetchlab` command, callable from tests.
public enum CommandLineTool {
  /// Runs the command for `arguments` (without the program name) and returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    0
  }
}
