/// A population file read as far as it goes (`PopulationLoader.read`): the population when the
/// file has no problem, else every problem found and the segments that read without one.
public struct PopulationReading: Sendable {
  /// nil when the file has a problem.
  public var population: Population?
  /// The segments that read without a problem, in file order (all of them when `population` is
  /// non-nil).
  public var segments: [Population.Segment]
  /// The file's problems, the first carrying the others; nil when there are none.
  public var problem: InputError?
}
