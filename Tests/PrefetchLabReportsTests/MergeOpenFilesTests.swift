import Foundation
import Testing

@testable import PrefetchLabReports

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `merge` reads every shard's table at once, one open file each: it raises the soft limit on
/// open files towards the hard one, and refuses (before opening any table) when even the hard
/// limit is too low, naming both counts — instead of failing at the thousandth shard with
/// "Too many open files" blamed on that shard's table.
/// Serialized: both tests set the process's one soft limit, and one would undo the other.
@Suite(.serialized) struct MergeOpenFilesTests {
  static func limits() -> rlimit {
    var limit = rlimit()
    #if canImport(Glibc)
      _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    #else
      _ = getrlimit(RLIMIT_NOFILE, &limit)
    #endif
    return limit
  }

  static func setSoft(_ soft: rlim_t) {
    var limit = limits()
    limit.rlim_cur = soft
    #if canImport(Glibc)
      _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    #else
      _ = setrlimit(RLIMIT_NOFILE, &limit)
    #endif
  }

  /// The soft limit is lowered by 100 below the hard one (harmless to the tests running beside:
  /// thousands stay), then a merge needing 50 more than that raises it back, at least to 50.
  /// Both tests need a finite hard limit (Linux's is; macOS's is often unlimited, where no merge
  /// can be refused and the soft limit cannot be raised past a known bound).
  static let hardLimitIsFinite = limits().rlim_max > 1_000 && limits().rlim_max < rlim_t(Int.max / 2)

  @Test(.enabled(if: hardLimitIsFinite)) func theSoftLimitIsRaisedTowardsTheHardOne() throws {
    let before = Self.limits()
    defer { Self.setSoft(before.rlim_cur) }
    Self.setSoft(before.rlim_max - 100)
    #expect(Self.limits().rlim_cur == before.rlim_max - 100)
    let needed = Int(before.rlim_max) - 50
    try ShardMerger.ensureOpenFiles(needed, shards: needed - 32, destination: "/tmp/m")
    #expect(Self.limits().rlim_cur == rlim_t(needed))
  }

  @Test(.enabled(if: hardLimitIsFinite)) func aHardLimitTooLowIsRefusedWithBothCounts() {
    let hard = Self.limits().rlim_max
    let needed = Int(hard) + 100
    #expect(throws: OutputError.self) {
      try ShardMerger.ensureOpenFiles(needed, shards: needed - 32, destination: "/tmp/m")
    }
    do {
      try ShardMerger.ensureOpenFiles(needed, shards: needed - 32, destination: "/tmp/m")
    } catch {
      #expect(error.path == "/tmp/m")
      #expect(
        error.reason.hasPrefix(
          "merging \(needed - 32) shards reads their tables at once and needs \(needed) open files, "
            + "but this process may open only "))
    }
  }
}
