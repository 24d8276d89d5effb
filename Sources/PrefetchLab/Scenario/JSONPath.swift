/// Where a value sits in a scenario file, for error messages.
///
/// Components normally go into the error's location (`scroll.script[2].drag.velocity_pt_s`).
/// Below a distribution they are folded into the message instead, as in
/// `network.rtt_ms: lognormal.sigma must be >= 0, got -1` (docs/scenario-format.md, "Errors"):
/// the location names the field the user set, the message names the parameter inside it.
struct JSONPath: Sendable, Equatable {
  private(set) var location = ""
  private(set) var detail = ""
  private var foldsIntoDetail = false

  static let root = JSONPath()

  func appending(key: String) -> JSONPath {
    var path = self
    if foldsIntoDetail {
      path.detail = detail.isEmpty ? key : detail + "." + key
    } else {
      path.location = location.isEmpty ? key : location + "." + key
    }
    return path
  }

  func appending(index: Int) -> JSONPath {
    var path = self
    if foldsIntoDetail {
      path.detail += "[\(index)]"
    } else {
      path.location += "[\(index)]"
    }
    return path
  }

  /// Later components are named in the message, not the location.
  func foldingIntoDetail() -> JSONPath {
    var path = self
    path.foldsIntoDetail = true
    return path
  }

  /// How a member `key` of this position is named inside a message: `page_size` in `feed`,
  /// `uniform.max` below a distribution.
  func messageName(ofKey key: String) -> String {
    detail.isEmpty ? key : detail + "." + key
  }
}
