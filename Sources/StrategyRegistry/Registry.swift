import CastChain
import ClassHierarchy
import ClassicVisitor
import DispatchModel
import EnumSwitch
import GenericVisitor
import HandlerTable
import Naive
import NullStrategy
import ProtocolGetter
import TypeEraser

/// Every strategy the package measures, in the order tables list them.
///
/// Adding a strategy takes a module (see `Package.swift`) and one line here;
/// the parity tests, `dump` and `run` pick it up from this list.
public enum Registry {
  public static let strategies: [RegisteredStrategy] = [
    RegisteredStrategy(NaiveStrategy.self),
    RegisteredStrategy(ProtocolGetterStrategy.self),
    RegisteredStrategy(ClassicVisitorStrategy.self),
    RegisteredStrategy(GenericVisitorStrategy.self),
    RegisteredStrategy(EnumSwitchStrategy.self),
    RegisteredStrategy(ClassHierarchyStrategy.self),
    RegisteredStrategy(CastChainStrategy.self),
    RegisteredStrategy(TypeEraserStrategy.self),
    RegisteredStrategy(HandlerTableStrategy.self),
  ]

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
