/// Why a statistic of some values has no answer: values it refuses rather
/// than answer wrongly. Functions that return an optional return `nil` for
/// the same reasons; this is the thrown form, which says which.
public enum StatisticsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// There were no values.
  case noValues
  /// A value is NaN: its order and its arithmetic mean nothing.
  case notANumber
  /// A value is +∞ or −∞: a median or a spread over it says nothing of the
  /// others.
  case infinite

  public var description: String {
    switch self {
    case .noValues: "statistics of no values"
    case .notANumber: "a value is NaN"
    case .infinite: "a value is infinite"
    }
  }

  /// The first refusal `values` call for, or `nil` when every value is a
  /// finite number and there is one at least.
  public static func refusal(of values: [Double]) -> StatisticsError? {
    if values.isEmpty { return .noValues }
    if values.contains(where: \.isNaN) { return .notANumber }
    if values.contains(where: \.isInfinite) { return .infinite }
    return nil
  }
}
