/// Transfer id → slot map for `TransferLink`, without hashing for the ids the engine uses.
///
/// Shapes: `dense[id]` holds the slot of transfer `id` (or -1) for ids in `0..<dense.count`;
/// every other id lives in `overflow`, a dictionary. An id is in at most one of the two.
///
/// Why: the engine's ids are its request ids, dense and issued in order (0, 1, 2, …), and the
/// link looks an id up when a transfer starts and when it leaves. Hashing an `Int` and probing a
/// dictionary cost ~350 instructions per transfer there, an array index a handful. The public
/// API still accepts any `Int` (negative, huge, far apart), so those fall back to the
/// dictionary, which is only touched while it holds something.
///
/// Growth: an id in `0..<maxDenseCount` goes to `dense` when the table, grown to the next power
/// of two above it, would hold at most `max(minimumGrowth, 8 × inserts so far)` entries;
/// otherwise to `overflow`. Engine ids qualify while they stay below 4 × the starts so far
/// (more than three requests in four never starting would push later ones to the dictionary:
/// slower, still right); a lone huge id does not make the table huge. So the table holds O(inserts) entries
/// (at most 2^20, 4 MiB), growth work is amortised O(1) per insert, and it never shrinks (ids
/// that left keep their -1 entry for reuse).
///
/// Complexity: `slot(of:)`, `insert` and `remove` are O(1) for dense ids (amortised for
/// `insert`), O(1) expected for the others; nothing allocates once the table (and the
/// dictionary, if used) has grown.
struct TransferSlotIndex: Sendable {
  /// Ids at or above this never go to `dense`: caps the table at 2^20 entries.
  static let maxDenseCount = 1 << 20
  /// Growth allowed before many inserts, so small tests and short sessions never hash.
  static let minimumGrowth = 64

  /// Slot of each id in `0..<dense.count`, -1 for none. `Int32` halves the table; a slot that
  /// does not fit (never in practice: it would mean 2^31 transfers at once) goes to `overflow`.
  private var dense: [Int32] = []
  private var overflow: [Int: Int] = [:]
  private var inserts = 0

  /// The slot of transfer `id`, nil if it has none.
  @inline(__always)
  func slot(of id: Int) -> Int? {
    if id >= 0 && id < dense.count {
      let slot = dense[id]
      if slot >= 0 { return Int(slot) }
    }
    return overflow.isEmpty ? nil : overflow[id]
  }

  /// Gives `id` the slot `slot` (>= 0); returns the slot it had before, if any.
  @inline(__always)
  mutating func insert(_ slot: Int, for id: Int) -> Int? {
    inserts &+= 1
    if id >= 0 && slot < Int(Int32.max) && (id < dense.count || grow(toHold: id)) {
      let previous = dense[id]
      dense[id] = Int32(truncatingIfNeeded: slot)
      if previous >= 0 { return Int(previous) }
      return overflow.isEmpty ? nil : overflow.removeValue(forKey: id)
    }
    // A slot too large for the table: the id leaves the table, so that it is in one place only.
    var previous: Int?
    if id >= 0 && id < dense.count && dense[id] >= 0 {
      previous = Int(dense[id])
      dense[id] = -1
    }
    return overflow.updateValue(slot, forKey: id) ?? previous
  }

  /// Takes `id` out; returns the slot it had, if any.
  @inline(__always)
  @discardableResult
  mutating func remove(_ id: Int) -> Int? {
    if id >= 0 && id < dense.count {
      let slot = dense[id]
      if slot >= 0 {
        dense[id] = -1
        return Int(slot)
      }
    }
    return overflow.isEmpty ? nil : overflow.removeValue(forKey: id)
  }

  /// Grows `dense` to cover `id` (>= `dense.count`) if the growth rule allows; returns whether it
  /// did. Ids already in `overflow` stay there: lookups fall through to it.
  private mutating func grow(toHold id: Int) -> Bool {
    guard id < Self.maxDenseCount else { return false }
    var count = max(dense.count, 16)
    while count <= id { count *= 2 }
    guard count <= max(Self.minimumGrowth, 8 * inserts) else { return false }
    dense.append(contentsOf: repeatElement(-1, count: count - dense.count))
    return true
  }
}
