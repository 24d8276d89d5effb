/// One of `count` deterministic slices of an experiment's runs (`run --shard K/N`): the jobs
/// whose position in the canonical job order (scenarios by name, strategies as listed, seeds
/// ascending) is `index − 1` modulo `count`. Dealing the runs round-robin balances the slices:
/// their sizes differ by at most one, and each gets its share of every scenario, strategy and
/// seed, so slow scenarios do not all land on one machine.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// 1-based: 1...count.
  public let index: Int
  public let count: Int

  /// nil unless 1 ≤ index ≤ count.
  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// `K/N`, e.g. `2/3`; nil for anything else (K, N whole numbers, 1 ≤ K ≤ N ≤ 100 000).
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let index = Int(parts[0]), let count = Int(parts[1]), count <= Self.maximumCount
    else { return nil }
    self.init(index: index, count: count)
  }

  /// More slices than this is surely a mistake (the list has to be dealt to each of them).
  public static let maximumCount = 100_000

  /// Whether the job at `position` in the canonical order belongs to this slice.
  public func contains(_ position: Int) -> Bool { position % count == index - 1 }

  /// The positions of this slice among `jobCount` jobs, ascending.
  public func positions(among jobCount: Int) -> [Int] {
    Array(stride(from: index - 1, to: jobCount, by: count))
  }

  /// The slice (1-based) that holds `position` among `count` slices.
  public static func index(of position: Int, count: Int) -> Int { position % count + 1 }

  public var description: String { "\(index)/\(count)" }
}
