import StrategyRegistry

/// One series of a chart: one strategy.
///
/// Values are medians (nanoseconds per element, say); `lower` and `upper`
/// bound the confidence interval drawn as a whisker around each. A value that
/// is `nil` or not finite is drawn as no data.
package struct ChartSeries: Equatable {
  package var name: String
  /// A CSS colour; `nil` takes the next colour of `ChartPalette`.
  package var color: String? = nil
  /// One value per category (bar chart) or per x value (line chart); nil = no data there.
  package var values: [Double?]
  /// The interval around each value (whiskers); nil = none there. Same count
  /// as values; empty = no whiskers.
  package var lower: [Double?] = []
  package var upper: [Double?] = []

  /// The finite value at `index`, if any.
  package func value(at index: Int) -> Double? {
    Self.finite(values, index)
  }

  /// The finite interval at `index`, lowest bound first, if both bounds are there.
  package func interval(at index: Int) -> (lower: Double, upper: Double)? {
    guard let lower = Self.finite(lower, index), let upper = Self.finite(upper, index) else { return nil }
    return (min(lower, upper), max(lower, upper))
  }

  /// Every finite number of the first `count` points, values and bounds,
  /// which the value axis must cover.
  package func numbers(count: Int) -> [Double] {
    (0..<count).flatMap { index in
      [Self.finite(values, index), Self.finite(lower, index), Self.finite(upper, index)].compactMap { $0 }
    }
  }

  /// "name, category: value (lower to upper)": the title of the point at
  /// `index`, the interval where there is one.
  package func tooltip(at index: Int, category: String) -> String {
    var tooltip = "\(name), \(category): \(ChartNumber.label(value(at: index) ?? 0))"
    if let interval = interval(at: index) {
      tooltip += " (\(ChartNumber.label(interval.lower)) to \(ChartNumber.label(interval.upper)))"
    }
    return tooltip
  }

  private static func finite(_ array: [Double?], _ index: Int) -> Double? {
    guard array.indices.contains(index), let value = array[index], value.isFinite else { return nil }
    return value
  }
}

/// A fixed colour per strategy and reference row, colour-blind safe as far as
/// twelve colours allow: the seven hues of Okabe–Ito, then Paul Tol's muted
/// indigo, wine and teal, which stay apart from them by lightness; black for
/// the floor and Tol's grey for the null row.
package enum ChartPalette {
  /// One colour per known strategy, in `knownNames` order.
  package static let colors = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442", "#332288", "#882255", "#44AA99",
  ]

  /// The strategies with a colour of their own: the registry's first ones,
  /// in its order (the one list, Package.swift's `strategyModules`), so a
  /// strategy keeps its colour in every chart of every run.
  package static let knownNames = Array(Registry.names.prefix(colors.count))

  /// The reference rows' colours: the floor black, the null grey.
  package static let referenceColors = ["floor": "#000000", "null": "#BBBBBB"]

  /// For names with no colour of their own: the rest of Tol's muted scheme,
  /// none of which a known name uses.
  package static let otherColors = ["#999933", "#AA4499", "#CC6677", "#88CCEE", "#117733", "#DDCC77"]

  /// A stable colour per name, so a strategy has the same colour in every
  /// chart: known strategies and reference rows get fixed colours.
  ///
  /// Other names take `otherColors` by `index`, so a new strategy is told
  /// apart from the known ones.
  package static func color(for name: String, index: Int) -> String {
    if let known = knownNames.firstIndex(of: name) { return colors[known] }
    if let reference = referenceColors[name] { return reference }
    return otherColors[Int(index.magnitude % UInt(otherColors.count))]
  }
}
