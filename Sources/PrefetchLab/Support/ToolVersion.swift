/// The version of PrefetchLab, written into every manifest so a baseline made by another version
/// is recognised as such.
public enum ToolVersion {
  public static let current = "0.1.0"
}
