/// The declarations a strategy read while the registry built it with its defaults.
final class ParameterProbe: @unchecked Sendable {
  // Confined to the registering thread: built, filled and read within one `register` call.
  private(set) var read: [StrategyParameter] = []

  func record(_ declaration: StrategyParameter) { read.append(declaration) }
}
