import BenchmarkSupport

/// The strategies in app mode, as the executable hands them in.
///
/// The harness does not depend on the app modules, so that it compiles while
/// they do (see `AppModeRegistry` in Package.swift): `dispatch-bench`'s main
/// installs `AppModeRegistry`'s list here before any command runs, and only
/// app-mode runs and profiles read it.
public enum AppModeWorkloads {
  public typealias Entry = (name: String, type: any AppModeWorkload.Type)

  // Written once, by main, before any other thread exists.
  nonisolated(unsafe) private static var installed: (workloads: [Entry], null: any AppModeWorkload.Type)?

  /// Installs the app-mode workloads, in `Registry.strategies` order, and the
  /// null strategy's.
  public static func install(_ workloads: [Entry], null: any AppModeWorkload.Type) {
    installed = (workloads, null)
  }

  /// The null strategy in app mode.
  package static var null: any AppModeWorkload.Type {
    guard let installed else { preconditionFailure("no app-mode workloads: main installs them before a command runs") }
    return installed.null
  }

  /// The app-mode workload type of a strategy, by its registry name.
  package static func workload(named name: String) -> (any AppModeWorkload.Type)? {
    installed?.workloads.first { $0.name == name }?.type
  }
}
