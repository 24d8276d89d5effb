import PrefetchLab

/// The fuzzer's random source: input i of seed s is a pure function of (s, i), so any input can be
/// regenerated alone (`--replay i`) and a batch re-run by another process gives the same files.
struct FuzzRandom {
  private var generator: SplitMix64

  init(seed: UInt64, input: Int) {
    generator = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(input))
  }

  mutating func next() -> UInt64 { generator.next() }
  mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &generator) }
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &generator) < probability
  }
  mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
  mutating func pick<T>(_ values: [T]) -> T { values[int(0..<values.count)] }
}
