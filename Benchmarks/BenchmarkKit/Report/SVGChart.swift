/// One series of a chart: one strategy.
///
/// Values are medians (nanoseconds per element, say); `lower` and `upper`
/// bound the confidence interval drawn as a whisker around each. A value that
/// is `nil` or not finite is drawn as no data.
struct ChartSeries: Equatable {
  var name: String
  /// A CSS colour; `nil` takes the next colour of `ChartPalette`.
  var color: String? = nil
  /// One value per category (bar chart) or per x value (line chart); nil = no data there.
  var values: [Double?]
  /// The interval around each value (whiskers); nil = none there. Same count
  /// as values; empty = no whiskers.
  var lower: [Double?] = []
  var upper: [Double?] = []

  /// The finite value at `index`, if any.
  func value(at index: Int) -> Double? {
    Self.finite(values, index)
  }

  /// The finite interval at `index`, lowest bound first, if both bounds are there.
  func interval(at index: Int) -> (lower: Double, upper: Double)? {
    guard let lower = Self.finite(lower, index), let upper = Self.finite(upper, index) else { return nil }
    return (min(lower, upper), max(lower, upper))
  }

  /// Every finite number of the first `count` points, values and bounds,
  /// which the value axis must cover.
  func numbers(count: Int) -> [Double] {
    (0..<count).flatMap { index in
      [Self.finite(values, index), Self.finite(lower, index), Self.finite(upper, index)].compactMap { $0 }
    }
  }

  private static func finite(_ array: [Double?], _ index: Int) -> Double? {
    guard array.indices.contains(index), let value = array[index], value.isFinite else { return nil }
    return value
  }
}

/// A fixed colour per strategy and reference row, colour-blind safe as far as
/// eleven colours allow: the seven hues of Okabe–Ito, then Paul Tol's muted
/// indigo and wine, which stay apart from them by lightness; black for the
/// floor and Tol's grey for the null row.
enum ChartPalette {
  /// One colour per known strategy, in `knownNames` order.
  static let colors = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442", "#332288", "#882255",
  ]

  /// The strategies with a colour of their own, in the registry's order.
  static let knownNames = [
    "naive", "protocol-getter", "classic-visitor", "generic-visitor", "enum-switch",
    "class-hierarchy", "cast-chain", "type-eraser", "handler-table",
  ]

  /// The reference rows' colours: the floor black, the null grey.
  static let referenceColors = ["floor": "#000000", "null": "#BBBBBB"]

  /// For names with no colour of their own: the rest of Tol's muted scheme,
  /// none of which a known name uses.
  static let otherColors = ["#44AA99", "#999933", "#AA4499", "#CC6677", "#88CCEE", "#117733", "#DDCC77"]

  /// A stable colour per name, so a strategy has the same colour in every
  /// chart: known strategies and reference rows get fixed colours.
  ///
  /// Other names take `otherColors` by `index`, so a new strategy is told
  /// apart from the known ones.
  static func color(for name: String, index: Int) -> String {
    if let known = knownNames.firstIndex(of: name) { return colors[known] }
    if let reference = referenceColors[name] { return reference }
    return otherColors[Int(index.magnitude % UInt(otherColors.count))]
  }
}

/// Grouped bars: categories along x (e.g. operations, or distributions), one bar per series in each group,
/// each bar a median with a CI whisker.
///
/// The value axis is logarithmic when asked, or when the values spread over
/// more than a factor of 20; each bar is at least 8 pixels wide, the chart
/// growing wider from 900 pixels when needed, and category labels turn by
/// −30° when they would overlap.
///
/// With a `resolution`, a value that a table printing to that precision
/// shows as 0 (below half the resolution) is drawn as zero: a bar of no
/// height on the baseline, not a sliver a logarithmic axis would stretch
/// its range to reach.
struct GroupedBarChart {
  var title: String
  /// Shown under the plot: the run's machine, Swift version and seed.
  var caption: String
  var categoryAxisLabel: String
  var valueAxisLabel: String
  var categories: [String]
  var series: [ChartSeries]
  /// nil = decide: logarithmic when the largest positive value is more than 20× the smallest.
  var logarithmic: Bool? = nil
  /// The precision the chart's table prints values to (0.01 for two
  /// decimals); nil = every value is drawn as it is.
  var resolution: Double? = nil

  static let minimumWidth = 900.0
  static let plotHeight = 320.0
  static let minimumBarWidth = 8.0
  static let maximumBarWidth = 48.0
  /// The share of each category's width the bars take; the rest separates groups.
  static let groupFill = 0.8

  /// The value axis this chart draws, before layout.
  var scale: ChartScale {
    let count = categories.count
    let medians = series.flatMap { series in (0..<count).compactMap(series.value(at:)) }.filter { !isZero($0) }
    let numbers = series.flatMap { $0.numbers(count: count) }.filter { !isZero($0) }
    let isLogarithmic = logarithmic ?? ChartScale.prefersLogarithmic(medians)
    return isLogarithmic ? .logarithmic(covering: numbers) : .linear(covering: numbers)
  }

  func svg() -> String {
    var scale = self.scale
    let size = ChartFrame.textSize
    let groups = Double(max(categories.count, 1))
    let barsPerGroup = Double(max(series.count, 1))
    let right = 24.0

    // Margins and width: room for tick labels, then for bars at least
    // `minimumBarWidth` wide, then for the first category labels if turned.
    var left = max(64, ChartFrame.tickLabelWidth(scale) + 36)
    let barsWidth = groups * barsPerGroup * Self.minimumBarWidth / Self.groupFill
    var width = max(Self.minimumWidth, left + right + barsWidth)
    var groupWidth = (width - left - right) / groups
    let labelWidths = categories.map { ChartFrame.textWidth($0, size: size) }
    let longestLabel = labelWidths.max() ?? 0
    let turnLabels = longestLabel > groupWidth - 6
    if turnLabels {
      for (index, labelWidth) in labelWidths.enumerated() {
        left = max(left, labelWidth * 0.87 + 8 - groupWidth * (Double(index) + 0.5))
      }
      width = max(width, left + right + barsWidth)
      groupWidth = (width - left - right) / groups
    }
    let barWidth = min(Self.maximumBarWidth, groupWidth * Self.groupFill / barsPerGroup)

    // Rows from the top: title, legend, plot, category labels, axis label, caption.
    let names = series.map(\.name)
    let legend = ChartFrame.legendLayout(names: names, left: left, right: width - right, top: 48, swatchWidth: 12)
    let plotTop = 48 + Double(legend.rows) * ChartFrame.legendRowHeight + 14
    let plotBottom = plotTop + Self.plotHeight
    let labelBand = turnLabels ? 14 + longestLabel * 0.5 + size : 22
    let axisLabelY = plotBottom + labelBand + 16
    let captionLines = ChartFrame.wrap(caption, width: width - 32, size: ChartFrame.captionSize)
    let captionTop = axisLabelY + 24
    let height = captionTop + Double(max(captionLines.count - 1, 0)) * 15 + 14
    scale.start = plotBottom
    scale.end = plotTop

    var svg = SVGDocument()
    ChartFrame.open(&svg, width: width, height: height, title: title, caption: caption)
    let colors = ChartFrame.colors(series)
    ChartFrame.legend(&svg, names: names, positions: legend.positions, swatchWidth: 12) { svg, index, x, y in
      svg.element("rect", [
        ("x", SVGDocument.number(x)), ("y", SVGDocument.number(y - 6)),
        ("width", "12"), ("height", "12"), ("fill", colors[index]),
      ])
    }
    ChartFrame.grid(&svg, scale: scale, left: left, right: width - right)

    var drewBar = false
    let baseline = scale.baseline
    for (seriesIndex, series) in series.enumerated() {
      svg.begin("g", [("class", "series"), ("data-series", series.name), ("fill", colors[seriesIndex])])
      for (categoryIndex, category) in categories.enumerated() {
        let groupLeft = left + groupWidth * Double(categoryIndex)
        let barsLeft = groupLeft + (groupWidth - barWidth * barsPerGroup) / 2
        let x = barsLeft + barWidth * Double(seriesIndex)
        guard let value = series.value(at: categoryIndex) else { continue }
        if isZero(value) {
          drewBar = true
          svg.element("rect", [
            ("class", "zero"), ("x", SVGDocument.number(x + 0.5)), ("y", SVGDocument.number(baseline)),
            ("width", SVGDocument.number(barWidth - 1)), ("height", "0"),
          ], tooltip: "\(series.name), \(category): 0")
          continue
        }
        guard let y = scale.position(value) else { continue }
        drewBar = true
        var tooltip = "\(series.name), \(category): \(ChartNumber.label(value))"
        let interval = series.interval(at: categoryIndex)
        if let interval {
          tooltip += " (\(ChartNumber.label(interval.lower)) to \(ChartNumber.label(interval.upper)))"
        }
        svg.element("rect", [
          ("x", SVGDocument.number(x + 0.5)), ("y", SVGDocument.number(min(y, baseline))),
          ("width", SVGDocument.number(barWidth - 1)), ("height", SVGDocument.number(abs(baseline - y))),
        ], tooltip: tooltip)
        if let interval, let upper = scale.position(interval.upper) {
          ChartFrame.whisker(
            &svg, x: x + barWidth / 2, from: upper, to: scale.clampedPosition(interval.lower),
            color: colors[seriesIndex])
        }
      }
      svg.end()
    }
    if !drewBar { ChartFrame.noData(&svg, x: (left + width - right) / 2, y: (plotTop + plotBottom) / 2) }

    ChartFrame.valueAxis(
      &svg, scale: scale, left: left,
      label: ChartFrame.axisLabel(valueAxisLabel, logarithmic: scale.logarithmic))
    categoryAxis(
      &svg, left: left, right: width - right, groupWidth: groupWidth, y: plotBottom,
      turnLabels: turnLabels, labelY: axisLabelY)
    ChartFrame.caption(&svg, lines: captionLines, top: captionTop)
    svg.end()
    return svg.text
  }

  /// Whether `value` prints as 0 at the chart's resolution.
  func isZero(_ value: Double) -> Bool {
    guard let resolution else { return false }
    return abs(value) < resolution / 2
  }

  /// The category axis along the bottom of the plot: the line, one label
  /// under each group (turned by −30° when they would overlap), the axis label.
  private func categoryAxis(
    _ svg: inout SVGDocument, left: Double, right: Double, groupWidth: Double, y: Double,
    turnLabels: Bool, labelY: Double
  ) {
    svg.begin("g", [
      ("class", "axis category-axis"), ("font-size", SVGDocument.number(ChartFrame.textSize)),
      ("fill", ChartFrame.inkColor),
    ])
    svg.element("line", [
      ("x1", SVGDocument.number(left)), ("y1", SVGDocument.number(y)),
      ("x2", SVGDocument.number(right)), ("y2", SVGDocument.number(y)),
      ("stroke", ChartFrame.axisColor), ("stroke-width", "1"),
    ])
    for (index, category) in categories.enumerated() {
      let x = left + groupWidth * (Double(index) + 0.5)
      if turnLabels {
        let (anchorX, anchorY) = (SVGDocument.number(x + 4), SVGDocument.number(y + 14))
        svg.element("text", [
          ("x", anchorX), ("y", anchorY), ("text-anchor", "end"),
          ("transform", "rotate(-30 \(anchorX) \(anchorY))"),
        ], text: category)
      } else {
        svg.element("text", [
          ("x", SVGDocument.number(x)), ("y", SVGDocument.number(y + 18)), ("text-anchor", "middle"),
        ], text: category)
      }
    }
    svg.element("text", [
      ("class", "axis-label"), ("x", SVGDocument.number((left + right) / 2)), ("y", SVGDocument.number(labelY)),
      ("text-anchor", "middle"),
    ], text: categoryAxisLabel)
    svg.end()
  }
}
