import PrefetchLab

/// The key paths at which two JSON documents differ, for a fingerprint mismatch to name what
/// changed (`network.rtt_ms`, `scroll.segments[2].velocity_pt_s`, `seeds`).
///
/// Objects are compared member by member (a member on one side only is a difference at its
/// path); arrays element by element, or at the array's own path when their lengths differ;
/// anything else by value. Paths are in the first document's member order, then members only the
/// second has. Complexity: O(size of both documents).
enum JSONDifference {
  static func paths(_ a: JSONValue, _ b: JSONValue, at path: String = "") -> [String] {
    switch (a, b) {
    case (.object(let left), .object(let right)):
      var out: [String] = []
      let rightByKey = Dictionary(right.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      let leftKeys = Set(left.map(\.key))
      for member in left {
        let child = path.isEmpty ? member.key : path + "." + member.key
        if let other = rightByKey[member.key] {
          out += paths(member.value, other, at: child)
        } else {
          out.append(child)
        }
      }
      for member in right where !leftKeys.contains(member.key) {
        out.append(path.isEmpty ? member.key : path + "." + member.key)
      }
      return out
    case (.array(let left), .array(let right)) where left.count == right.count:
      return zip(left, right).enumerated().flatMap { index, pair in
        paths(pair.0, pair.1, at: path + "[\(index)]")
      }
    default:
      return a == b ? [] : [path.isEmpty ? "(the whole document)" : path]
    }
  }
}
