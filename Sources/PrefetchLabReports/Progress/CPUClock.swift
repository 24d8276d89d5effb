#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// CPU time, for saying where a run's time went (simulating against writing). Figures for
/// people, never written into a results file (they differ from run to run).
public enum CPUClock {
  /// CPU seconds the calling thread has used.
  public static func thread() -> Double { seconds(CLOCK_THREAD_CPUTIME_ID) }
  /// CPU seconds the whole process has used (all threads).
  public static func process() -> Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }
  /// Seconds on a monotonic clock.
  public static func wall() -> Double { seconds(CLOCK_MONOTONIC) }

  private static func seconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
