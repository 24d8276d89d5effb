// swift-tools-version:6.0
// An app's own `prefetchlab`: the built-in verbs and strategies plus the app's strategy.
import PackageDescription

let package = Package(
  name: "MyPrefetchLab",
  dependencies: [
    // A local checkout here; in your project: .package(url: "<your PrefetchLab remote>", branch: "main")
    .package(name: "PrefetchLab", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "my-prefetchlab",
      dependencies: [
        .product(name: "PrefetchLab", package: "PrefetchLab"),
        .product(name: "PrefetchLabCLI", package: "PrefetchLab"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
