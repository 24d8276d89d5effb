// Temporary stand-in until the network branch lands (unlimited and constant links only).
public struct BandwidthTrace: Sendable {
  public let bytesPerSecond: Double?
  public static let unlimited = BandwidthTrace(bytesPerSecond: nil)
  public static func constant(kbps: Double) -> BandwidthTrace { BandwidthTrace(bytesPerSecond: kbps * 125) }
  public func latencyMs(atUs: Int64) -> Double? { nil }
}
public enum BandwidthTraceLoader {
  public static func load(path: String, format: BandwidthTraceFormat, loop: Bool) throws(InputError) -> BandwidthTrace {
    throw InputError(file: path, location: "", message: "trace loading is not available yet")
  }
}
