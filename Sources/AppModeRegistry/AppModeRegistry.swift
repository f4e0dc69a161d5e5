// Only the app modules and the black hole's module: each app module holds its
// own copy of the model, whose names would clash with DispatchModel's here.
import AppNullStrategy
import BenchmarkSupport

/// Every strategy in app mode (its loops, its dispatch and the model compiled
/// as one module), in `Registry.strategies` order, under the same names.
///
/// The list is written by the StrategyList plugin from this target's
/// dependencies, Package.swift's `appModules` (`AppModeRegistry.listed`):
/// adding a strategy's app mode takes its Loops.swift and nothing here.
public enum AppModeRegistry {
  public static let workloads: [(name: String, type: any AppModeWorkload.Type)] =
    types.map { ($0.name, $0) }

  private static let types: [any AppModeWorkload.Type] = listed

  /// The null strategy in app mode: app mode's own cost per element.
  public static let null: any AppModeWorkload.Type = AppNullStrategy.AppLoops.self

  /// The app-mode workload type of a strategy, by its registry name.
  public static func workload(named name: String) -> (any AppModeWorkload.Type)? {
    workloads.first { $0.name == name }?.type
  }
}
