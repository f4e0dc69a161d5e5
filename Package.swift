// swift-tools-version:6.0
import PackageDescription

// The same build policy for the model and every strategy: no cross-module
// optimisation out of them, so no strategy's entry points are inlined or
// re-specialised into the harness while another's are not. Inside a module
// the optimiser does as it would in an app.
let libraryPolicy: [SwiftSetting] = [.unsafeFlags(["-disable-cmo"])]

let package = Package(
  name: "dispatch-bench",
  dependencies: [],
  targets: [
    // The model: the spec's truth (models, formatting, loading, generators)
    // and the contract every strategy fulfils. Depends on the toolchain only.
    .target(name: "DispatchModel", swiftSettings: libraryPolicy),

    // Tests. Shared fixtures live in Tests/Fixtures, outside every target.
    .testTarget(name: "DispatchModelTests", dependencies: ["DispatchModel"]),
  ],
  swiftLanguageModes: [.v6]
)
