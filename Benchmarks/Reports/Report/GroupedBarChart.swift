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
package struct GroupedBarChart {
  package var title: String
  /// Shown under the plot: the run's machine, Swift version and seed.
  package var caption: String
  package var categoryAxisLabel: String
  package var valueAxisLabel: String
  package var categories: [String]
  package var series: [ChartSeries]
  /// nil = decide: logarithmic when the largest positive value is more than 20× the smallest.
  package var logarithmic: Bool? = nil
  /// The precision the chart's table prints values to (0.01 for two
  /// decimals); nil = every value is drawn as it is.
  package var resolution: Double? = nil

  package static let minimumWidth = 900.0
  /// The margin right of the plot.
  package static let rightMargin = 24.0
  package static let plotHeight = 320.0
  package static let minimumBarWidth = 8.0
  package static let maximumBarWidth = 48.0
  /// The share of each category's width the bars take; the rest separates groups.
  package static let groupFill = 0.8

  /// The value axis this chart draws, before layout.
  package var scale: ChartScale {
    let count = categories.count
    let medians = series.flatMap { series in (0..<count).compactMap(series.value(at:)) }.filter { !isZero($0) }
    let numbers = series.flatMap { $0.numbers(count: count) }.filter { !isZero($0) }
    let isLogarithmic = logarithmic ?? ChartScale.prefersLogarithmic(medians)
    return isLogarithmic ? .logarithmic(covering: numbers) : .linear(covering: numbers)
  }

  package func svg() -> String {
    var scale = self.scale
    let columns = columns(tickLabelWidth: ChartFrame.tickLabelWidth(scale))
    let layout = ChartLayout(
      width: columns.width, left: columns.left, right: columns.width - Self.rightMargin,
      legend: series.map(\.name), swatchWidth: 12, plotHeight: Self.plotHeight, labelBand: columns.labelBand,
      caption: caption)
    scale.start = layout.plotBottom
    scale.end = layout.plotTop
    return ChartFrame.document(
      title: title, caption: caption, series: series, layout: layout, valueScale: scale,
      valueAxisLabel: valueAxisLabel, swatchWidth: 12,
      swatch: { svg, color, _, x, y in
        svg.element(
          "rect",
          [
            ("x", SVGDocument.number(x)), ("y", SVGDocument.number(y - 6)),
            ("width", "12"), ("height", "12"), ("fill", color),
          ])
      },
      marks: { svg, colors in bars(&svg, columns: columns, layout: layout, scale: scale, colors: colors) },
      axis: { svg in
        categoryAxis(
          &svg, left: columns.left, right: layout.right, groupWidth: columns.groupWidth, y: layout.plotBottom,
          turnLabels: columns.turnLabels, labelY: layout.axisLabelY)
      })
  }

  /// Where the groups and bars go across the chart.
  private struct Columns {
    var left: Double
    var width: Double
    var groupWidth: Double
    var barWidth: Double
    var barsPerGroup: Double
    /// Whether the category labels are turned by −30°, and the height they
    /// take under the plot.
    var turnLabels: Bool
    var labelBand: Double

    /// The left edge of series `seriesIndex`'s bar in category `categoryIndex`.
    func barLeft(series seriesIndex: Int, category categoryIndex: Int) -> Double {
      let groupLeft = left + groupWidth * Double(categoryIndex)
      let barsLeft = groupLeft + (groupWidth - barWidth * barsPerGroup) / 2
      return barsLeft + barWidth * Double(seriesIndex)
    }
  }

  /// Margins and width: room for the tick labels (`tickLabelWidth` wide),
  /// then for bars at least `minimumBarWidth` wide, then for the first
  /// category labels if they are turned.
  private func columns(tickLabelWidth: Double) -> Columns {
    let size = ChartFrame.textSize
    let groups = Double(max(categories.count, 1))
    let barsPerGroup = Double(max(series.count, 1))
    let right = Self.rightMargin
    var left = max(64, tickLabelWidth + 36)
    // Each bar's slot is the bar and the one-pixel gap `bar` leaves after it.
    let barsWidth = groups * barsPerGroup * (Self.minimumBarWidth + 1) / Self.groupFill
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
    return Columns(
      left: left, width: width, groupWidth: groupWidth,
      barWidth: min(Self.maximumBarWidth, groupWidth * Self.groupFill / barsPerGroup), barsPerGroup: barsPerGroup,
      turnLabels: turnLabels, labelBand: turnLabels ? 14 + longestLabel * 0.5 + size : 22)
  }

  /// Every series's bars, one group per category; "no data" when none is drawn.
  private func bars(
    _ svg: inout SVGDocument, columns: Columns, layout: ChartLayout, scale: ChartScale, colors: [String]
  ) {
    var drewBar = false
    for (seriesIndex, series) in series.enumerated() {
      svg.begin("g", [("class", "series"), ("data-series", series.name), ("fill", colors[seriesIndex])])
      for categoryIndex in categories.indices {
        let x = columns.barLeft(series: seriesIndex, category: categoryIndex)
        let drew = bar(
          &svg, series, at: categoryIndex, x: x, width: columns.barWidth, scale: scale, color: colors[seriesIndex])
        drewBar = drewBar || drew
      }
      svg.end()
    }
    if !drewBar {
      ChartFrame.noData(
        &svg, x: (columns.left + columns.width - Self.rightMargin) / 2, y: (layout.plotTop + layout.plotBottom) / 2)
    }
  }

  /// One bar from the baseline, with its whisker, or a zero bar on the
  /// baseline; returns whether it drew one.
  private func bar(
    _ svg: inout SVGDocument, _ series: ChartSeries, at categoryIndex: Int, x: Double, width barWidth: Double,
    scale: ChartScale, color: String
  ) -> Bool {
    guard let value = series.value(at: categoryIndex) else { return false }
    let baseline = scale.baseline
    if isZero(value) {
      svg.element(
        "rect",
        [
          ("class", "zero"), ("x", SVGDocument.number(x + 0.5)), ("y", SVGDocument.number(baseline)),
          ("width", SVGDocument.number(barWidth - 1)), ("height", "0"),
        ], tooltip: "\(series.name), \(categories[categoryIndex]): 0")
      return true
    }
    guard let y = scale.position(value) else { return false }
    svg.element(
      "rect",
      [
        ("x", SVGDocument.number(x + 0.5)), ("y", SVGDocument.number(min(y, baseline))),
        ("width", SVGDocument.number(barWidth - 1)), ("height", SVGDocument.number(abs(baseline - y))),
      ], tooltip: series.tooltip(at: categoryIndex, category: categories[categoryIndex]))
    if let interval = series.interval(at: categoryIndex), let upper = scale.position(interval.upper) {
      ChartFrame.whisker(
        &svg, x: x + barWidth / 2, from: upper, to: scale.clampedPosition(interval.lower), color: color)
    }
    return true
  }

  /// Whether `value` prints as 0 at the chart's resolution.
  package func isZero(_ value: Double) -> Bool {
    guard let resolution else { return false }
    return abs(value) < resolution / 2
  }

  /// The category axis along the bottom of the plot: the line, one label
  /// under each group (turned by −30° when they would overlap), the axis label.
  private func categoryAxis(
    _ svg: inout SVGDocument, left: Double, right: Double, groupWidth: Double, y: Double,
    turnLabels: Bool, labelY: Double
  ) {
    ChartFrame.bottomAxis(
      &svg, "category-axis", left: left, right: right, y: y, labelY: labelY, label: categoryAxisLabel
    ) { svg in
      for (index, category) in categories.enumerated() {
        let x = left + groupWidth * (Double(index) + 0.5)
        if turnLabels {
          let (anchorX, anchorY) = (SVGDocument.number(x + 4), SVGDocument.number(y + 14))
          svg.element(
            "text",
            [
              ("x", anchorX), ("y", anchorY), ("text-anchor", "end"),
              ("transform", "rotate(-30 \(anchorX) \(anchorY))"),
            ], text: category)
        } else {
          svg.element(
            "text",
            [
              ("x", SVGDocument.number(x)), ("y", SVGDocument.number(y + 18)), ("text-anchor", "middle"),
            ], text: category)
        }
      }
    }
  }
}
