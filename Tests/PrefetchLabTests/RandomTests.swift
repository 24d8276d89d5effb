import Testing

@testable import PrefetchLab

@Suite struct RandomTests {
  @Test func counterDrawsArePureFunctionsOfTheirKey() {
    let random = CounterRandom(seed: 7)
    #expect(random.bits(.latency, key: 3, attempt: 1) == random.bits(.latency, key: 3, attempt: 1))
    #expect(random.bits(.latency, key: 3, attempt: 1) != random.bits(.latency, key: 3, attempt: 2))
    #expect(random.bits(.latency, key: 3) != random.bits(.failure, key: 3))
    #expect(random.bits(.latency, key: 3) != CounterRandom(seed: 8).bits(.latency, key: 3))
  }

  @Test func splitMixMatchesReferenceOutput() {
    // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
    var generator = SplitMix64(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test(arguments: [1, 2, 3, 42, 1000] as [UInt64])
  func uniformDrawsAreInOpenUnitIntervalWithMeanOneHalf(seed: UInt64) {
    let random = CounterRandom(seed: seed)
    var sum = 0.0
    let n = 20_000
    for key in 0..<n {
      let u = random.uniform(.itemHeight, key: UInt64(key))
      #expect(u > 0 && u < 1)
      sum += u
    }
    // Standard error of the mean is 1/sqrt(12 n) ≈ 0.002; 5 standard errors.
    #expect(abs(sum / Double(n) - 0.5) < 0.01)
  }

  @Test func heapPopsInOrder() {
    var heap = MinHeap<Int>()
    for value in [5, 1, 9, 3, 3, 7, 0] { heap.push(value) }
    var popped: [Int] = []
    while let value = heap.pop() { popped.append(value) }
    #expect(popped == [0, 1, 3, 3, 5, 7, 9])
  }

  /// `removeAll(where:)` drops the selected elements and leaves the rest in heap order.
  @Test func heapRemovesSelectedAndKeepsOrder() {
    var heap = MinHeap<Int>()
    for value in [5, 1, 9, 3, 3, 7, 0, 8, 2, 6, 4] { heap.push(value) }
    heap.removeAll { $0 % 2 == 0 }
    #expect(heap.count == 6)
    var popped: [Int] = []
    while let value = heap.pop() { popped.append(value) }
    #expect(popped == [1, 3, 3, 5, 7, 9])
  }

  /// Pushes and pops interleaved (the sifts move elements through holes): every pop is the
  /// smallest of what is left, duplicates included.
  @Test func heapInterleavedPushesAndPopsStayOrdered() {
    var heap = MinHeap<Int>()
    var reference: [Int] = []
    var popped: [Int] = []
    var expected: [Int] = []
    for step in 0..<200 {
      let value = (step * 37) % 23
      heap.push(value)
      reference.append(value)
      if step % 3 == 2 {
        popped.append(heap.pop()!)
        reference.sort()
        expected.append(reference.removeFirst())
      }
    }
    #expect(popped == expected)
    #expect(heap.count == 134)
    #expect(heap.min == reference.min())
  }
}
