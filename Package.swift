// swift-tools-version:6.0
import PackageDescription

// Every strategy module implements SPEC.md; they differ only in
// how one element is dispatched. Adding a strategy: `dispatch-bench
// new-strategy NAME` adds its module to `strategyModules` below (its app-mode
// and synthetic modules follow), registers it in both registries and in the
// synthetic generator (Guides/Strategies.md, "Adding a strategy").
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
  "TaggedVisitor",
]

// The null strategy: the same harness path as a strategy, with entry points
// that return a constant, timed in every benchmark case for the harness's own
// cost per element. Built like a strategy, in both modes; not a pattern.
let harnessModules = strategyModules + ["NullStrategy"]

// The same build policy for the model and every strategy: no cross-module
// optimisation out of them, so no strategy's entry points are inlined or
// re-specialised into the harness while another's are not. Inside a module
// the optimiser does as it would in an app. See Guides/Method.md, "Fair measurement".
let libraryPolicy: [SwiftSetting] = [.unsafeFlags(["-disable-cmo"])]

// The build matrix's `package` build (Benchmarks/Scripts/build-matrix.sh,
// Guides/Builds.md): with DISPATCH_BENCH_PACKAGE=1 in the environment, the
// model and the strategy modules (boundary mode) are built as SwiftPM builds
// a package dependency in release, with the driver's default cross-module
// optimisation, so their small entry points may be inlined or specialised
// into the registry's loops. BenchmarkSupport keeps `libraryPolicy` (the
// black hole's body must stay unseen), and so does JSON (no model type
// crosses it). The define is for the rows' build_flags (BenchmarkEngine).
let packageBuild = Context.environment["DISPATCH_BENCH_PACKAGE"] == "1"
let modelAndStrategyPolicy = packageBuild ? [] : libraryPolicy

// App mode: each strategy as an app compiles it. `App<Strategy>` is one
// module of the strategy, the model and the strategy's Loops.swift (its
// element as an app writes it; the timed loops, written once, are the model's
// AppLoops+Loops.swift), whole-module optimised with SwiftPM's release
// defaults (CMO on).
// Loops.swift is the target's only source file; the AppModeSources plugin
// copies in the strategy's and the model's, so they stay written once (and
// links what the app target depends on, such as the JSON parser, which no
// model type crosses and which would cost each app module a third of its
// compile time). Loops.swift shares the strategy's directory, and the
// strategy target excludes it.
let appModules = harnessModules.map { "App" + $0 }

// The synthetic domain (Guides/Scaling.md): every pattern again, for 2 to 64
// kinds of a small value, to see how each scales and what a change costs.
// `Synthetic<Strategy>` holds a namespace per number of kinds (`Kinds8`),
// generated into Sources/Synthetic/<Strategy> by the `generate-synthetic`
// target below (never edited by hand; CI checks they are up to date). Like an
// app module, each is one module of its kinds, its dispatch and its timed
// loops, with SwiftPM's release defaults.
let syntheticModules = strategyModules.map { "Synthetic" + $0 }

// Function merging off where a module holds timed loops: with it on, two
// loops that compile alike (one per operation) are folded into one `merged`
// body that calls the per-element code through a pointer, an indirect call
// per element that the pattern does not have and another pattern's loop
// would not pay. Both of the compiler's merging passes: LLVM's, and Swift's
// own (a threshold of 0 turns it off; in whole-module builds the frontend
// flag alone leaves it on). check-kernels.py finds merged loops on the binary.
let noLoopMerging: [SwiftSetting] = [
  .unsafeFlags([
    "-Xfrontend", "-disable-llvm-merge-functions-pass", "-Xllvm", "-swiftmergefunc-threshold=0",
  ])
]

// Layouts (`run --layouts`, Guides/Method.md, "Relinking in other function
// orders"): every function of a release build in a section of its own
// (`.text.<mangled name>`), and the executable linked by lld, so that the same
// objects can be relinked with `--shuffle-sections` into other function
// orders in seconds. Added to every Swift target below, after the flags each
// already has; on Linux only, where lld and ELF sections are.
let functionSections: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))
]
let linkedByLLD: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]

let package = Package(
  name: "dispatch-bench",
  products: [
    .executable(name: "dispatch-bench", targets: ["dispatch-bench"]),
  ],
  dependencies: [],
  targets: [
    // What every timed loop shares, in either mode: the black hole and the
    // opaque identity, and the contract of an app-mode module. Depends on
    // nothing, so an app module can depend on it without the model.
    // Built without cross-module optimisation, so that no caller sees the
    // black hole's empty body (and drops what it was given).
    .target(name: "BenchmarkSupport", swiftSettings: libraryPolicy),

    // JSON syntax, for the model's feed-file loader: the standard library's
    // only, and no model type, so app modules link it rather than copy it.
    .target(name: "JSON", swiftSettings: libraryPolicy),

    // The model: the spec's truth (models, formatting, loading, generators)
    // and the contract every strategy fulfils. Depends on the toolchain only.
    .target(name: "DispatchModel", dependencies: ["JSON"], swiftSettings: modelAndStrategyPolicy),

    // The strategies, each depending on the model alone.
  ] + harnessModules.map { name in
    .target(
      name: name, dependencies: ["DispatchModel"], exclude: ["Loops.swift"],
      swiftSettings: modelAndStrategyPolicy)
  } + [
    // The strategies in app mode, each depending on nothing of ours but
    // the black hole and the JSON parser.
    .plugin(name: "AppModeSources", capability: .buildTool()),
    // The registries' lists of strategies, written from their dependencies
    // at build time, so that `strategyModules` above is the one list.
    .plugin(name: "StrategyList", capability: .buildTool()),
  ] + harnessModules.map { name in
    .target(
      name: "App" + name, dependencies: ["BenchmarkSupport", "JSON"], path: "Sources/" + name,
      sources: ["Loops.swift"], swiftSettings: [.define("APP_MODE")],
      plugins: ["AppModeSources"])
  } + [
    // The registry: the list of strategies, and the generic loops that are
    // specialised for each of them (so the harness adds no dispatch).
    .target(
      name: "StrategyRegistry",
      dependencies: ["BenchmarkSupport", "DispatchModel"] + harnessModules.map { .target(name: $0) },
      swiftSettings: noLoopMerging, plugins: ["StrategyList"]),
    // The list of app-mode modules, apart from the registry: the app modules
    // are a build's longest part (each a whole-module optimisation of the
    // model and a strategy, whose interface is ready only when its code is),
    // and the harness's modules compile while they do;
    // `dispatch-bench`'s main hands this list to it.
    .target(
      name: "AppModeRegistry", dependencies: ["BenchmarkSupport"] + appModules.map { .target(name: $0) },
      plugins: ["StrategyList"]),

    // The synthetic domain: its feeds (drawn from a seed), each pattern's
    // module, and the list of them all. The model depends on the toolchain
    // only, so that a pattern's module compiles without DispatchModel.
    .target(name: "SyntheticModel"),
  ] + strategyModules.map { name in
    .target(
      name: "Synthetic" + name, dependencies: ["BenchmarkSupport", "SyntheticModel"],
      path: "Sources/Synthetic/" + name, swiftSettings: noLoopMerging)
  } + [
    .target(
      name: "SyntheticRegistry",
      dependencies: ["BenchmarkSupport"] + syntheticModules.map { .target(name: $0) }),
    // The existential domain (Guides/Existentials.md): the compiler's advice
    // on `any P` tested on one kind of value held nine ways (`any P` within
    // and past the inline buffer, a specialised generic, a concrete type, an
    // enum, a type eraser, an opaque type; an opaque type and a generic
    // across a module boundary). Built as a synthetic module is: one module
    // of its values, its protocol and its loops, with SwiftPM's release
    // defaults.
    .target(
      name: "Existential", dependencies: ["BenchmarkSupport", "ExistentialBoundary", "SyntheticModel"],
      swiftSettings: noLoopMerging),
    // What the domain's boundary contenders reach across a module boundary
    // (an opaque-returning factory, the guide's generic functions): the
    // guide's caveat, so built with `libraryPolicy` (no cross-module
    // optimisation) in every build, the matrix's `package` build too.
    .target(name: "ExistentialBoundary", dependencies: ["BenchmarkSupport"], swiftSettings: libraryPolicy),
    // The synthetic generator (Guides/Scaling.md): writes the synthetic
    // modules, their registry and the edit costs, and `--check`s them for
    // CI. An executable of its own, which SyntheticTests import to render
    // the sources and count edits in process. Not optimised: it runs in a
    // second either way, and optimising it would add seconds to every
    // release build. Not public interface.
    .executableTarget(
      name: "generate-synthetic", path: "Benchmarks/generate-synthetic",
      swiftSettings: [.unsafeFlags(["-Onone"])]),

    // The results files: typed rows, one column table per file, the CSV
    // reader and writer. Depends on the toolchain only, so the fuzzer builds
    // it alone. Not public interface.
    .target(name: "BenchmarkResults", path: "Benchmarks/BenchmarkResults"),
    // The harness, in modules along a run's stages; each depends only on
    // those listed before it, and SwiftPM refuses a circle. Not public
    // interface: what a module offers the ones above it is `package`.
    //
    // Statistics: every estimator and test, once (order statistics live
    // with the results files they describe). Pure: no model, no I/O.
    .target(name: "Statistics", dependencies: ["BenchmarkResults"], path: "Benchmarks/Statistics"),
    // What every command shares: declared options and their parsing, errors
    // and exit statuses, the console, text tables, output-file checks.
    .target(
      name: "CommandLineSupport", dependencies: ["BenchmarkResults"], path: "Benchmarks/CommandLineSupport"),
    // The binary and the tools that read it: processes, ELF symbols and
    // sections, relinking in other function orders, callgrind's output.
    .target(
      name: "BinaryInspection", dependencies: ["BenchmarkResults", "CommandLineSupport", "JSON"],
      path: "Benchmarks/BinaryInspection"),
    // The answer's claims: the patterns and operations it names, the rows
    // each claim reads, and whether a run's intervals settle it. Below the
    // engine, so that adaptive launches spend launches on them first.
    .target(
      name: "Claims", dependencies: ["BenchmarkResults", "CommandLineSupport", "DispatchModel"],
      path: "Benchmarks/Claims"),
    // The engine: plan, launch, sample, aggregate and write a run; profile's
    // counts under valgrind; a strategy's code size; the run's results.
    .target(
      name: "BenchmarkEngine",
      dependencies: [
        "BenchmarkSupport", "BenchmarkResults", "BinaryInspection", "CAllocationCounter", "CMeasurementSupport",
        "Claims", "CommandLineSupport", "DispatchModel", "Existential", "JSON", "Statistics", "StrategyRegistry",
        "SyntheticModel", "SyntheticRegistry",
      ],
      path: "Benchmarks/BenchmarkEngine"),
    // What a user reads from runs: answer, compare, report (Markdown and SVG
    // charts) and export.
    .target(
      name: "Reports",
      dependencies: [
        "BenchmarkEngine", "BenchmarkResults", "BinaryInspection", "Claims", "CommandLineSupport", "DispatchModel",
        "Statistics", "StrategyRegistry",
      ],
      path: "Benchmarks/Reports"),
    // The command line: `dispatch-bench`'s commands and their dispatch,
    // dump and new-strategy. Not the app modules (see AppModeRegistry).
    .target(
      name: "DispatchBenchCLI",
      dependencies: [
        "BenchmarkEngine", "BenchmarkResults", "CommandLineSupport", "DispatchModel", "Reports", "StrategyRegistry",
      ],
      path: "Benchmarks/DispatchBenchCLI"),
    // Counts heap allocations by interposing malloc and free (glibc).
    .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
    // Hardware counters through perf_event_open where the kernel allows, and
    // turning off address randomisation for profile's valgrind runs.
    .target(name: "CMeasurementSupport", path: "Benchmarks/CMeasurementSupport"),
    .executableTarget(
      name: "dispatch-bench",
      dependencies: ["AppModeRegistry", "BenchmarkEngine", "DispatchBenchCLI"],
      path: "Benchmarks/dispatch-bench", linkerSettings: linkedByLLD),

    // Tests. Shared fixtures live in Tests/Fixtures, outside every target.
    // What every test target shares: the fixtures' paths, the SPEC oracle,
    // adversarial feeds and running the executable. Not public interface
    // (`package` access), and no test framework, so it builds everywhere.
    .target(name: "TestSupport", dependencies: ["DispatchModel"], path: "Tests/TestSupport"),
    .testTarget(name: "DispatchModelTests", dependencies: ["DispatchModel", "JSON", "TestSupport"]),
    .testTarget(name: "StatisticsTests", dependencies: ["BenchmarkResults", "Statistics"]),
    .testTarget(
      name: "StrategyTests",
      dependencies: [
        "AppModeRegistry", "BenchmarkSupport", "DispatchModel", "JSON", "StrategyRegistry", "TestSupport",
      ]),
    .testTarget(
      name: "HarnessTests",
      // The executable is a dependency so that it is built for the tests
      // that run it as a subprocess.
      dependencies: [
        "BenchmarkEngine", "BenchmarkResults", "BinaryInspection", "Claims", "CommandLineSupport", "DispatchBenchCLI",
        "DispatchModel", "Existential", "Reports", "Statistics", "StrategyRegistry", "TestSupport", "dispatch-bench",
      ]),
    .testTarget(
      name: "SyntheticTests",
      // The generator's executable, whose module the tests import to render
      // the sources and count edits in process.
      dependencies: [
        "BenchmarkSupport", "DispatchModel", "Existential", "StrategyRegistry", "SyntheticModel",
        "SyntheticRegistry", "TestSupport", "generate-synthetic",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Every Swift target of the release build gets `functionSections`; the C
// targets have no Swift settings, and plugins and tests are not in the
// release build.
let cTargets: Set = ["CAllocationCounter", "CMeasurementSupport"]
for target in package.targets
where (target.type == .regular || target.type == .executable) && !cTargets.contains(target.name) {
  target.swiftSettings = (target.swiftSettings ?? []) + functionSections
}

// The build matrix (Benchmarks/Scripts/build-matrix.sh, Guides/Builds.md):
// with DISPATCH_BENCH_LIBRARY_EVOLUTION=1 in the environment, the model and
// the strategy modules are built with library evolution, as the types behind
// a binary framework's boundary are (resilient layouts, no cross-module
// specialisation). Their app-mode modules are not: an app's own code is
// never built so. A module that holds a type of its own name (NullStrategy)
// cannot be checked from its textual interface, and clients here read the
// binary module, so that check is skipped. Unset, nothing changes.
if Context.environment["DISPATCH_BENCH_LIBRARY_EVOLUTION"] == "1" {
  let resilient = Set(harnessModules + ["DispatchModel", "JSON"])
  for target in package.targets where resilient.contains(target.name) {
    target.swiftSettings =
      (target.swiftSettings ?? []) + [.unsafeFlags(["-enable-library-evolution", "-no-verify-emitted-module-interface"])]
  }
  // So that the rows' build_flags say it, and so that the registry's timed
  // loops call each strategy as a client app calls a framework's concrete
  // API, not through the resilient conformance (StrategyRegistry's
  // ClientStrategy.swift).
  for target in package.targets where target.name == "BenchmarkEngine" || target.name == "StrategyRegistry" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("DISPATCH_BENCH_LIBRARY_EVOLUTION")]
  }
}

// The build matrix's `package` build: `modelAndStrategyPolicy` above leaves
// -disable-cmo out; the rows' build_flags say so.
if packageBuild {
  for target in package.targets where target.name == "BenchmarkEngine" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("DISPATCH_BENCH_PACKAGE")]
  }
}

// The build matrix's `exclusivity-unchecked` build: with
// DISPATCH_BENCH_EXCLUSIVITY_UNCHECKED=1, the model and every strategy module
// (boundary, app and synthetic) and the existential domain's modules are built
// with -enforce-exclusivity=unchecked, so that no dynamic exclusivity check
// runs in their code (release builds keep them by default), to see what those
// checks cost each pattern.
if Context.environment["DISPATCH_BENCH_EXCLUSIVITY_UNCHECKED"] == "1" {
  let unchecked = Set(
    harnessModules + appModules + syntheticModules + [
      "DispatchModel", "Existential", "ExistentialBoundary", "SyntheticModel",
    ])
  for target in package.targets where unchecked.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
  }
  for target in package.targets where target.name == "BenchmarkEngine" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("DISPATCH_BENCH_EXCLUSIVITY_UNCHECKED")]
  }
}

// The build matrix's `evolution-frozen` build: with DISPATCH_BENCH_FROZEN=1 as
// well as DISPATCH_BENCH_LIBRARY_EVOLUTION=1, the model and the strategy
// modules (boundary mode) compile the attributes a framework author who cares
// about speed would write (`@frozen`, `@inlinable`, `final`), each under
// `#if DISPATCH_BENCH_FROZEN`; Guides/Builds.md lists them per pattern.
// Unset, the sources compile as they read without them.
if Context.environment["DISPATCH_BENCH_FROZEN"] == "1" {
  let frozen = Set(harnessModules + ["DispatchModel"])
  for target in package.targets where frozen.contains(target.name) || target.name == "BenchmarkEngine" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("DISPATCH_BENCH_FROZEN")]
  }
}
