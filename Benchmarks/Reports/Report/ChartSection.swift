import BenchmarkResults

/// A section of the report: the dimension its charts vary (operation, feed
/// size or kind layout) with everything else held fixed.
package struct ChartSection: Sendable {
  package enum Axis: Sendable, Equatable {
    /// Grouped bars, one group per category, the axis so labelled.
    case bars(String)
    /// Lines against feed size, on a log axis.
    case sizes
    /// Lines against the number of kinds, both axes logarithmic.
    case kinds
  }

  package var heading: String
  package var introduction: String = ""
  package var chartPrefix: String
  package var firstColumn: String
  package var axis: Axis
  /// Whether the table has a floor column (one floor per category).
  package var showsFloor = false
  /// Whether, when no group varies in the dimension, every group gets a
  /// chart anyway (a run of one operation still shows its bars).
  package var fallsBackToEveryGroup = false
  /// The rows one chart holds: the key without the dimension and strategy.
  package var group: @Sendable (ResultKey) -> [String]
  /// The dimension's value of a row.
  package var category: @Sendable (ResultKey) -> String
  package var order: @Sendable ([String]) -> [String] = { $0 }
  package var label: @Sendable (String) -> String = { $0 }
  package var title: @Sendable (ResultKey) -> String
  package var fileName: @Sendable (ResultKey, (String) -> String) -> String
  /// What a chart plots of a row, with its interval where it has one, and
  /// the value axis's label.
  package var value: @Sendable (TimingRow) -> (value: Double, interval: ClosedRange<Double>?)? = { row in
    (row.shownMedian, row.shownInterval)
  }
  package var valueLabel = "ns per element"

  package static let all = [operations, sizes, layouts, kinds, codeSize]

  /// The section's chart of one group: bars or lines by its axis, titled
  /// with the section's prefix.
  package func svg(title: String, caption: String, categories: [String], series: [ChartSeries]) -> String {
    let chartTitle = "\(chartPrefix): \(title)"
    switch axis {
    case .bars(let label):
      return GroupedBarChart(
        title: chartTitle, caption: caption, categoryAxisLabel: label,
        valueAxisLabel: valueLabel, categories: categories, series: series
      ).svg()
    case .sizes:
      return LineChart(
        title: chartTitle, caption: caption, xAxisLabel: "feed size (elements, log scale)",
        yAxisLabel: valueLabel, xValues: categories.compactMap { Double($0) }, series: series
      ).svg()
    case .kinds:
      return LineChart(
        title: chartTitle, caption: caption, xAxisLabel: "kinds (log scale)",
        yAxisLabel: valueLabel + " (log scale)", xValues: categories.compactMap { Double($0) },
        series: series, logarithmicY: true
      ).svg()
    }
  }

  /// One operation of the synthetic domain at every number of kinds.
  package static let kinds = ChartSection(
    heading: "Kinds scaling",
    introduction: "The synthetic domain: each pattern's time per element as the number of kinds grows "
      + "(both axes logarithmic).\n\n",
    chartPrefix: "Kinds scaling", firstColumn: "kinds", axis: .kinds,
    group: { [$0.feed.domain, $0.operation, String($0.feed.size), $0.feed.distribution, $0.mode.rawValue] },
    category: { String($0.feed.kinds) },
    order: { $0.sorted { Int($0)! < Int($1)! } },
    title: { "\($0.operation) · \($0.feed.size.groupedDigits) elements" + modeSuffix($0) },
    fileName: { key, slug in "kinds-\(slug(key.operation))-\(key.feed.size)\(modeSlug(key)).svg" })

  /// Machine code against the number of kinds.
  package static let codeSize = ChartSection(
    heading: "Code size",
    introduction: "Bytes of the machine code each pattern's operation runs for N kinds (`code_bytes`, from the "
      + "binary's symbols), against N. Code size does not depend on the feed, so these charts name no feed "
      + "size.\n\n",
    chartPrefix: "Code size", firstColumn: "kinds", axis: .kinds,
    group: { [$0.feed.domain, $0.operation, $0.feed.distribution, $0.mode.rawValue] },
    category: { String($0.feed.kinds) },
    order: { $0.sorted { Int($0)! < Int($1)! } },
    title: { "\($0.operation) · machine code for N kinds" + modeSuffix($0) },
    fileName: { key, slug in "code-bytes-\(slug(key.operation))\(modeSlug(key)).svg" },
    value: { row in row.codeBytes.map { (Double($0), nil) } },
    valueLabel: "bytes of machine code")

  /// Every strategy on every operation of one feed.
  package static let operations = ChartSection(
    heading: "Every operation",
    introduction: "Nanoseconds per element of each strategy, with its 95% interval: the baseline's median, and "
      + "each other strategy's at the baseline's pace (the baseline's median × the strategy's paired ratio), so "
      + "that two bars' heights divide to the ratio; the floor (its own median) is the cheapest kind-dependent "
      + "loop on the same feed.\n\n",
    chartPrefix: "Every operation", firstColumn: "operation", axis: .bars("operation"), showsFloor: true,
    fallsBackToEveryGroup: true,
    group: { [$0.feed.domain, String($0.feed.size), $0.feed.distribution, String($0.feed.kinds), $0.mode.rawValue] },
    category: \.operation,
    title: { key in
      "\(key.feed.domain) · \(key.feed.size.groupedDigits) elements · \(key.feed.distribution) · \(key.feed.kindsText)"
        + modeSuffix(key)
    },
    fileName: { key, slug in
      "operations-\(slug(key.feed.domain))-\(key.feed.size)-\(slug(key.feed.distribution))\(modeSlug(key)).svg"
    })

  /// One operation at several feed sizes.
  package static let sizes = ChartSection(
    heading: "Size scaling", chartPrefix: "Size scaling", firstColumn: "size", axis: .sizes,
    group: { [$0.feed.domain, $0.operation, $0.feed.distribution, String($0.feed.kinds), $0.mode.rawValue] },
    category: { String($0.feed.size) },
    order: { $0.sorted { Int($0)! < Int($1)! } },
    label: { Int($0)!.groupedDigits },
    title: { "\($0.operation) · \($0.feed.distribution) · \($0.feed.kindsText)" + modeSuffix($0) },
    fileName: { key, slug in
      "sizes-\(slug(key.operation))-\(slug(key.feed.distribution))-\(key.feed.kinds)\(modeSlug(key)).svg"
    })

  /// One operation under several kind layouts.
  package static let layouts = ChartSection(
    heading: "Distribution sensitivity", chartPrefix: "Distribution sensitivity",
    firstColumn: "distribution", axis: .bars("kind distribution"),
    group: { [$0.feed.domain, $0.operation, String($0.feed.size), $0.mode.rawValue] },
    category: \.feed.distribution,
    order: { present in
      let known = ["uniform", "clustered", "skewed", "single"]
      return known.filter(present.contains) + present.filter { !known.contains($0) }.sorted()
    },
    title: { "\($0.operation) · \($0.feed.size.groupedDigits) elements" + modeSuffix($0) },
    fileName: { key, slug in "distributions-\(slug(key.operation))-\(key.feed.size)\(modeSlug(key)).svg" })

  /// Every heading names its mode, boundary as well as app.
  private static func modeSuffix(_ key: ResultKey) -> String {
    " · \(key.mode.heading)"
  }

  private static func modeSlug(_ key: ResultKey) -> String {
    key.mode == .boundary ? "" : "-\(key.mode)"
  }
}
