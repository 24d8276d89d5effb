/// The recorded traces one command has read, by file, format and looping: a run over many
/// scenarios that share a trace file reads and checks it once (24 scenarios over two Sabre traces
/// read 2 files, not 24). A failed read is not kept, so each scenario that names a bad file
/// reports it. Owned by one thread; the traces it hands out are immutable values.
public struct BandwidthTraceCache: Sendable {
  private struct Key: Hashable, Sendable {
    let path: String
    let format: BandwidthTraceFormat
    let loop: Bool
  }

  private var traces: [Key: BandwidthTrace] = [:]

  public init() {}

  /// `BandwidthTraceLoader.load(path:format:loop:)`, read once per distinct file, format and
  /// looping. - Throws: the loader's `InputError`.
  public mutating func load(path: String, format: BandwidthTraceFormat, loop: Bool) throws(InputError)
    -> BandwidthTrace
  {
    let key = Key(path: path, format: format, loop: loop)
    if let trace = traces[key] { return trace }
    let trace = try BandwidthTraceLoader.load(path: path, format: format, loop: loop)
    traces[key] = trace
    return trace
  }
}
