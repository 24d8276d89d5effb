/// What the engine knows about each item, as parallel arrays indexed by item (cheap to scan, no
/// per-item objects). Grows on demand to the largest item touched, so a long cursor feed pays
/// only for what was loaded.
struct ItemTable: Sendable {
  enum MediaState: UInt8, Sendable {
    /// The row is not loaded (placeholder or not laid out), so its media is unknown.
    case unknown
    /// The item carries no media.
    case none
    case notLoaded
    case loaded
  }

  private(set) var count = 0
  var mediaBytes: [Int64] = []
  var mediaState: [MediaState] = []
  /// Active request for the item's media, or -1.
  var mediaRequest: [Int32] = []
  /// Completed media request whose content has not been on screen yet, or -1.
  var mediaAwaitingUse: [Int32] = []
  /// Page applied and media (if any) loaded.
  var complete: [Bool] = []
  /// First time any part of the row was in the viewport after first content, or -1.
  var firstVisibleUs: [Int64] = []
  /// Time-to-content clock still running (seen, incomplete, not yet left the viewport).
  var ttcOpen: [Bool] = []
  /// Network attempts made so far for the item's media (the next attempt's try number). Grown on
  /// demand, like the column below: only runs with media use them.
  var mediaTries: [UInt32] = []
  /// The media was in memory at some point (a later network fetch of it is redundant).
  var mediaEverLoaded: [Bool] = []

  mutating func ensureCount(_ needed: Int) {
    guard needed > count else { return }
    let extra = needed - count
    mediaBytes.append(contentsOf: repeatElement(0, count: extra))
    mediaState.append(contentsOf: repeatElement(.unknown, count: extra))
    mediaRequest.append(contentsOf: repeatElement(-1, count: extra))
    mediaAwaitingUse.append(contentsOf: repeatElement(-1, count: extra))
    complete.append(contentsOf: repeatElement(false, count: extra))
    firstVisibleUs.append(contentsOf: repeatElement(-1, count: extra))
    ttcOpen.append(contentsOf: repeatElement(false, count: extra))
    count = needed
  }
}
