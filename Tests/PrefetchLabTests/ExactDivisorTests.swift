import Testing

@testable import PrefetchLab

/// `ExactDivisor` gives the quotient and remainder `/` and `%` give, for every divisor it takes
/// and dividends across the whole non-negative `Int64` range.
@Suite struct ExactDivisorTests {
  /// The dividends where an error would show first: the ends of the range, multiples of the
  /// divisor and their neighbours, powers of two and their neighbours, and seeded random ones.
  static func dividends(for divisor: Int64, random: inout SplitMix64) -> [Int64] {
    var values: [Int64] = [0, 1, 2, divisor - 1, divisor, divisor &+ 1, .max, .max - 1, .max - divisor + 1]
    for bit in 1..<63 {
      let power = Int64(1) << bit
      values += [power - 1, power, power + 1]
    }
    for _ in 0..<200 {
      let n = Int64(bitPattern: random.next() & UInt64(Int64.max))
      let multiple = (n / divisor) * divisor
      values += [
        n, multiple, multiple > 0 ? multiple - 1 : 0, multiple <= .max - 1 ? multiple + 1 : multiple,
      ]
    }
    return values.filter { $0 >= 0 }
  }

  static func check(_ divisor: Int64, random: inout SplitMix64) -> [String] {
    let exact = ExactDivisor(divisor)
    var wrong: [String] = []
    for n in dividends(for: divisor, random: &random) {
      if exact.quotient(of: n) != n / divisor || exact.remainder(of: n) != n % divisor {
        wrong.append("\(n) / \(divisor): \(exact.quotient(of: n)) r \(exact.remainder(of: n))")
      }
    }
    return wrong
  }

  /// Every frame rate a scenario can have (1…240 Hz) and beyond, one by one.
  @Test func everySmallDivisor() {
    var random = SplitMix64(seed: 20_261_201)
    var wrong: [String] = []
    for divisor in Int64(1)...1_000 { wrong += Self.check(divisor, random: &random) }
    #expect(wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.prefix(3))")
  }

  /// Large divisors: powers of two and their neighbours up to 2^62, `Int64.max`, random ones.
  @Test func largeDivisors() {
    var random = SplitMix64(seed: 7)
    var divisors: [Int64] = [.max, .max - 1, 1_000_000, 999_999, 1_000_003]
    for bit in 10..<63 {
      let power = Int64(1) << bit
      divisors += [power - 1, power, power + 1]
    }
    for _ in 0..<200 { divisors.append(Int64(bitPattern: random.next() & UInt64(Int64.max)) | 1) }
    var wrong: [String] = []
    for divisor in divisors { wrong += Self.check(divisor, random: &random) }
    #expect(wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.prefix(3))")
  }

  /// Worked values: 10⁶ µs at 60 Hz is 16 666 µs a frame, remainder 40; frame 7's time at 240 Hz
  /// is ⌊7 × 10⁶ / 240⌋ = 29 166 µs.
  @Test func frameGridValues() {
    #expect(ExactDivisor(60).quotient(of: 1_000_000) == 16_666)
    #expect(ExactDivisor(60).remainder(of: 1_000_000) == 40)
    #expect(ExactDivisor(240).quotient(of: 7_000_000) == 29_166)
    #expect(ExactDivisor(1).quotient(of: .max) == .max)
    #expect(ExactDivisor(.max).quotient(of: .max) == 1)
    #expect(ExactDivisor(.max).quotient(of: .max - 1) == 0)
  }
}
