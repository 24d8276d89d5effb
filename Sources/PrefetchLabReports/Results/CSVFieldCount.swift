/// The number of fields of one CSV record (RFC 4180: a field in double quotes may hold commas,
/// line breaks and doubled quotes), without building them: `merge` checks every record of a
/// shard's table against its header this way, at the speed of a scan.
enum CSVFieldCount {
  /// The fields of `record` (one record, without its line break): one more than its commas
  /// outside quoted fields; nil when a quoted field is not closed or a closing quote is
  /// followed by anything but a comma. An empty record has one (empty) field.
  ///
  /// Complexity: O(n) in the record's length.
  static func of<Bytes: Collection>(_ record: Bytes) -> Int? where Bytes.Element == UInt8 {
    var fields = 1
    var quoted = false
    // Inside a quoted field, a quote just seen: the field's end or the first of a doubled one.
    var quoteSeen = false
    var fieldStart = true
    for byte in record {
      if quoted {
        if quoteSeen {
          quoteSeen = false
          if byte == 34 { continue }
          quoted = false
          guard byte == 44 else { return nil }
          fields += 1
          fieldStart = true
        } else if byte == 34 {
          quoteSeen = true
        }
        continue
      }
      if byte == 44 {
        fields += 1
        fieldStart = true
        continue
      }
      if byte == 34 && fieldStart { quoted = true }
      fieldStart = false
    }
    if quoted && !quoteSeen { return nil }
    return fields
  }
}
