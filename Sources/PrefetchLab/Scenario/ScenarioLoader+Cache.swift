extension ScenarioLoader {
  static let cacheKeys = ["memory_bytes", "disk_bytes", "cache_duration_ms", "disk_read_ms", "ignore_cache"]

  /// `cache {memory_bytes, disk_bytes, cache_duration_ms, disk_read_ms, ignore_cache}`; omitted
  /// keys take `CacheSpec`'s defaults.
  static func cacheSpec(from field: JSONField) throws(InputError) -> CacheSpec {
    let cache = try field.object(keys: cacheKeys)
    var spec = CacheSpec()
    if let memory = cache.optional("memory_bytes") {
      spec.memoryBytes = Int64(try memory.integer(.integer(atLeast: 0)))
    }
    if let disk = cache.optional("disk_bytes") {
      spec.diskBytes = Int64(try disk.integer(.integer(atLeast: 0)))
    }
    if let duration = cache.optional("cache_duration_ms") {
      spec.cacheDurationMs = try duration.number(.greaterThan(0, atMost: NumberRule.maxMilliseconds))
    }
    if let read = cache.optional("disk_read_ms") {
      spec.diskReadMs = try distribution(from: read, support: .nonNegative)
    }
    if let ignore = cache.optional("ignore_cache") {
      spec.ignoreCache = try ignore.bool()
    }
    return spec
  }
}
