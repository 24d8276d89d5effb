/// One decoded period of a periods trace, values as in the file.
struct PeriodRecord {
  var durationMs: Double
  var bandwidthKbps: Double
  var latencyMs: Double?
}
