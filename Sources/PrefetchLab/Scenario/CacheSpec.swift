/// The client's image cache layer ([cache]), modelled on AFNetworking's image
/// cache layer (AFImageDownloader: AFAutoPurgingImageCache in memory, NSURLCache on disk): a memory cache of loaded media, least recently used first out when it exceeds its
/// byte budget, in front of a disk cache whose entries stay valid for a set time, with a switch
/// that makes requests skip the disk.
///
/// Without a `cache` key memory is unlimited and there is no disk cache, which is how the engine
/// behaved before the cache layer existed.
public struct CacheSpec: Sendable, Equatable {
  /// [memory_bytes] Budget of the memory cache in bytes of media (response bytes, not decoded
  /// bitmaps), >= 0. Rows on screen hold their media (a cell keeps its image), so memory can
  /// exceed the budget while they do. Default 104857600 (100 MiB: AFNetworking's
  /// `AFAutoPurgingImageCache` memory capacity).
  public var memoryBytes: Int64
  /// [disk_bytes] Budget of the disk cache, bytes, >= 0; 0 = no disk cache. Default 157286400
  /// (150 MiB: the disk capacity of `AFImageDownloader.defaultURLCache`).
  public var diskBytes: Int64
  /// [cache_duration_ms] How long a disk entry stays valid after it was stored, ms, > 0. Default
  /// 604800000 (one week: SDWebImage's `SDImageCacheConfig.maxDiskAge` default).
  public var cacheDurationMs: Double
  /// [disk_read_ms] Time to read one entry back from disk, ms. Default 10: an assumption (a file
  /// read of tens of kB on phone flash takes well under 1 ms; the hops to an I/O queue and back
  /// to the main queue dominate). Measure your app with Instruments' File Activity.
  public var diskReadMs: Distribution
  /// [ignore_cache] Requests skip the disk cache and always go to the network
  /// (`NSURLRequest.CachePolicy.reloadIgnoringLocalCacheData`); responses are still stored.
  /// Default false.
  public var ignoreCache: Bool

  public init(
    memoryBytes: Int64 = 100 << 20, diskBytes: Int64 = 150 << 20, cacheDurationMs: Double = 604_800_000,
    diskReadMs: Distribution = .constant(10), ignoreCache: Bool = false
  ) {
    self.memoryBytes = memoryBytes
    self.diskBytes = diskBytes
    self.cacheDurationMs = cacheDurationMs
    self.diskReadMs = diskReadMs
    self.ignoreCache = ignoreCache
  }
}
