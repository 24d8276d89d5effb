import PrefetchLab

extension Manifest {
  /// The manifest as it would be written for a folder at `newFolder`: every path it records
  /// (sources, a population file, scenario files, trace files, the trace paths inside each
  /// recorded scenario), which
  /// is relative to `oldFolder`, made relative to `newFolder`. `merge` writes the shards'
  /// manifest this way, so the merged folder's equals the unsharded run's at the same place.
  public func rebased(from oldFolder: String, to newFolder: String) -> Manifest {
    func move(_ path: String) -> String {
      path.isEmpty ? path : FolderPath.relative(FolderPath.resolve(path, in: oldFolder), from: newFolder)
    }
    var copy = self
    copy.sources = sources.map(move)
    copy.population?.file = move(population?.file ?? "")
    copy.scenarios = scenarios.map { entry in
      var entry = entry
      entry.path = move(entry.path)
      entry.inputs = entry.inputs.map { (move($0.path), $0.sha256) }
      entry.scenario = entry.scenario.map { json in
        var json = json
        for section in ["network", "scroll"] {
          json = Self.replacing(in: json, at: [section, "trace", "path"]) { value in
            value.stringValue.map { .string(move($0)) } ?? value
          }
        }
        return json
      }
      return entry
    }
    return copy
  }

  /// `value` with the member at `keys` (object keys, outermost first) transformed; unchanged
  /// when the path does not exist.
  static func replacing(in value: JSONValue, at keys: [String], _ transform: (JSONValue) -> JSONValue)
    -> JSONValue
  {
    guard let key = keys.first, case .object(let members) = value else {
      return keys.isEmpty ? transform(value) : value
    }
    return .object(
      members.map { member in
        member.key == key
          ? (member.key, replacing(in: member.value, at: Array(keys.dropFirst()), transform)) : member
      })
  }
}
