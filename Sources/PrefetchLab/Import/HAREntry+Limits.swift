/// Which values of an entry must fit in a scenario: only those a fit takes. An entry the import
/// leaves out (another kind of request, a cache hit, a redirect) may give any size or time, a
/// video of 3 GB say, and so may the size fields a fitted entry's body size is not read from.
extension HAREntry {
  /// The error for the first value a fit would take from this entry that no scenario holds: a
  /// timing (`timings.wait`, `timings.connect`, `timings.receive`) above `HARReader.maximumMs`,
  /// `wait` plus `connect` (the round trip fitted) above it, or the body size above
  /// `HARReader.maximumBytes`, named by the field it was read from. nil when every one fits.
  /// Call it only for entries a fit takes. O(1).
  public func unrepresentableValue() -> InputError? {
    func refusal(_ field: String, _ rule: String, _ value: Double) -> InputError {
      InputError(
        file: file, location: location + "." + field, message: rule + ", got " + Self.numberText(value))
    }
    for (field, value) in [("wait", waitMs), ("connect", connectMs), ("receive", receiveMs)]
    where value > HARReader.maximumMs {
      return refusal("timings." + field, "must be <= " + HARReader.msRule, value)
    }
    if waitMs + connectMs > HARReader.maximumMs {
      return refusal("timings.wait", "plus timings.connect must be <= " + HARReader.msRule, waitMs)
    }
    if let bytes = bodyBytes, bytes > HARReader.maximumBytes {
      return refusal(
        bodyBytesField ?? "response.bodySize", "must be <= " + HARReader.bytesRule,
        bodyBytesFieldValue ?? bytes)
    }
    return nil
  }

  /// A number as the refusal quotes it: 1e300 as such, not as its 301 digits.
  static func numberText(_ number: Double) -> String {
    abs(number) >= 1e15 ? "\(number)" : DecimalFormat.shortest(number)
  }
}
