/// A baseline row and the current row `check` compares it with: the same key, or the same
/// scenario, strategy and seed across a parameter change (`ParameterChange`).
public struct RowPair: Sendable {
  public var base: RunRow
  public var new: RunRow

  public init(base: RunRow, new: RunRow) {
    self.base = base
    self.new = new
  }
}
