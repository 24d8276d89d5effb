#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes gathered into blocks of a few megabytes, each written with one `write`.
struct BufferedWrites {
  let descriptor: Int32
  let path: String
  private var buffer: [UInt8] = []
  private(set) var written = 0
  static let blockBytes = 4 << 20

  init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
    buffer.reserveCapacity(Self.blockBytes)
  }

  mutating func append<Bytes: Collection>(_ bytes: Bytes) throws(OutputError) where Bytes.Element == UInt8 {
    buffer += bytes
    if buffer.count >= Self.blockBytes { try flush() }
  }

  mutating func flush() throws(OutputError) {
    try FilePath.writeAll(buffer, to: descriptor, path: path)
    written += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }
}
