// swift-tools-version:6.0
import PackageDescription

// Every strategy module implements SPEC.md; they differ only in
// how one element is dispatched. Adding a strategy: one module below, one line
// in `strategyModules`, one line in Sources/StrategyRegistry/Registry.swift.
let strategyModules = [
  "Naive",
  "ProtocolGetter",
  "ClassicVisitor",
  "GenericVisitor",
  "EnumSwitch",
  "ClassHierarchy",
  "CastChain",
  "TypeEraser",
  "HandlerTable",
]

// The same build policy for the model and every strategy: no cross-module
// optimisation out of them, so no strategy's entry points are inlined or
// re-specialised into the harness while another's are not. Inside a module
// the optimiser does as it would in an app. See README, "Fair measurement".
let libraryPolicy: [SwiftSetting] = [.unsafeFlags(["-disable-cmo"])]

let package = Package(
  name: "dispatch-bench",
  products: [
    .executable(name: "dispatch-bench", targets: ["dispatch-bench"]),
  ],
  dependencies: [],
  targets: [
    // The model: the spec's truth (models, formatting, loading, generators)
    // and the contract every strategy fulfils. Depends on the toolchain only.
    .target(name: "DispatchModel", swiftSettings: libraryPolicy),

    // The strategies, each depending on the model alone.
  ] + strategyModules.map { name in
    .target(name: name, dependencies: ["DispatchModel"], swiftSettings: libraryPolicy)
  } + [
    // The registry: the list of strategies, and the generic loops that are
    // specialised for each of them (so the harness adds no dispatch).
    .target(
      name: "StrategyRegistry",
      dependencies: ["DispatchModel"] + strategyModules.map { .target(name: $0) },
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-llvm-merge-functions-pass"])]),

    // The benchmark: command line, timing, statistics, CSV, reports.
    // Not public interface.
    .target(
      name: "BenchmarkKit",
      dependencies: [
        "DispatchModel", "StrategyRegistry", "CAllocationCounter", "CMeasurementSupport",
      ],
      path: "Benchmarks/BenchmarkKit"),
    // Counts heap allocations by interposing malloc and free (glibc).
    .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
    // Hardware counters through perf_event_open where the kernel allows, and
    // turning off address randomisation for profile's valgrind runs.
    .target(name: "CMeasurementSupport", path: "Benchmarks/CMeasurementSupport"),
    .executableTarget(
      name: "dispatch-bench",
      dependencies: ["BenchmarkKit"],
      path: "Benchmarks/dispatch-bench"),

    // Tests. Shared fixtures live in Tests/Fixtures, outside every target.
    .testTarget(name: "DispatchModelTests", dependencies: ["DispatchModel"]),
    .testTarget(name: "StrategyTests", dependencies: ["DispatchModel", "StrategyRegistry"]),
    .testTarget(
      name: "BenchmarkKitTests",
      // The executable is a dependency so that it is built for the tests
      // that run it as a subprocess.
      dependencies: ["BenchmarkKit", "DispatchModel", "StrategyRegistry", "dispatch-bench"]),
  ],
  swiftLanguageModes: [.v6]
)
