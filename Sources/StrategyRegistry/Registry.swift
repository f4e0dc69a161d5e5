import EnumSwitch
import NullStrategy

/// Every strategy the package measures, in the order tables list them.
///
/// The list is Package.swift's `strategyModules`, in its order: the
/// StrategyList plugin writes it (`Registry.listed`) from this target's
/// dependencies, so adding a module there adds it here; the parity tests,
/// `dump` and `run` pick it up from this list.
public enum Registry {
  public static let strategies: [RegisteredStrategy] = listed

  /// The null strategy, timed in every benchmark case for the harness's own
  /// cost per element; not a pattern, so not in `strategies`.
  public static let null = RegisteredStrategy(NullStrategy.self)

  /// The strategy ratios are taken against.
  public static let baselineName = EnumSwitchStrategy.name

  public static var names: [String] { strategies.map(\.name) }

  public static func strategy(named name: String) -> RegisteredStrategy? {
    strategies.first { $0.name == name }
  }
}
