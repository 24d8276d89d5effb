// swift-tools-version:6.0
// PrefetchLab depends on the Swift toolchain only (Foundation, Dispatch, Swift Testing) and the
// system's zlib (for gzip-compressed run tables): nothing is fetched from outside.
import PackageDescription

let package = Package(
  name: "PrefetchLab",
  products: [
    .library(name: "PrefetchLab", targets: ["PrefetchLab"]),
    .library(name: "PrefetchLabReports", targets: ["PrefetchLabReports"]),
    // The verbs, for building a `prefetchlab` that knows your own strategies.
    .library(name: "PrefetchLabCLI", targets: ["PrefetchLabCLI"]),
    .executable(name: "prefetchlab", targets: ["prefetchlab"]),
    // Seeded fuzzing of every input format through validate and run (.ci/run runs a bounded count).
    .executable(name: "prefetchlab-fuzz", targets: ["prefetchlab-fuzz"]),
  ],
  targets: [
    // Engine, models, strategies, metrics. Never prints, exits or starts processes.
    .target(name: "PrefetchLab"),
    // The system's zlib: gzip for the run tables (`timeline.csv.gz`, …).
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // CSV, result files, gnuplot scripts and runner, reports, compare, check.
    .target(name: "PrefetchLabReports", dependencies: ["PrefetchLab", "CZlib"]),
    // Command implementations behind the executable, kept in a library so tests can call them.
    .target(name: "PrefetchLabCLI", dependencies: ["PrefetchLab", "PrefetchLabReports"]),
    // The executable: hands argv to PrefetchLabCLI and exits with its status.
    .executableTarget(name: "prefetchlab", dependencies: ["PrefetchLabCLI"]),
    // The fuzzer: mutated bundled scenarios and traces through the CLI library, crashes and hangs
    // isolated in child processes.
    .executableTarget(name: "prefetchlab-fuzz", dependencies: ["PrefetchLabCLI", "PrefetchLabReports"]),
    .testTarget(name: "PrefetchLabTests", dependencies: ["PrefetchLab"]),
    .testTarget(name: "PrefetchLabReportsTests", dependencies: ["PrefetchLabReports"]),
    .testTarget(name: "PrefetchLabCLITests", dependencies: ["PrefetchLabCLI"]),
    // Runs the built `prefetchlab` binary as a user would and checks files and exit codes.
    .testTarget(name: "EndToEndTests", dependencies: ["prefetchlab"]),
  ],
  swiftLanguageModes: [.v6]
)
