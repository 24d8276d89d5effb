extension ScenarioLoader {
  static var cacheKeys: [String] { ScenarioDefinitions.cache.keyNames }

  /// `cache {memory_bytes, disk_bytes, cache_duration_ms, disk_read_ms, ignore_cache}`; omitted
  /// keys take `CacheSpec`'s defaults.
  static func cacheSpec(from cache: JSONObjectReader) -> CacheSpec {
    var spec = CacheSpec()
    if let memory = cache.integer("memory_bytes") { spec.memoryBytes = Int64(memory) }
    if let disk = cache.integer("disk_bytes") { spec.diskBytes = Int64(disk) }
    if let duration = cache.number("cache_duration_ms") { spec.cacheDurationMs = duration }
    if let read = cache.distribution("disk_read_ms") { spec.diskReadMs = read }
    if let ignore = cache.bool("ignore_cache") { spec.ignoreCache = ignore }
    return spec
  }
}
