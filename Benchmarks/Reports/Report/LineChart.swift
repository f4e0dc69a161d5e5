/// Lines: x numeric (feed size, logarithmic by default), one line with markers and whiskers per series.
///
/// Series differ by marker shape and dash pattern as well as colour, so they
/// are told apart in grey print and by readers who do not see the colours.
/// A `nil` value breaks the line; an x value the axis cannot place (≤ 0 on a
/// logarithmic axis) is skipped.
package struct LineChart {
  package var title: String
  package var caption: String
  package var xAxisLabel: String
  package var yAxisLabel: String
  package var xValues: [Double]
  package var series: [ChartSeries]
  package var logarithmicX: Bool = true
  package var logarithmicY: Bool? = nil

  package static let width = 720.0
  package static let plotHeight = 280.0
  package static let xInset = 14.0

  /// The x axis this chart draws, before layout.
  package var xScale: ChartScale {
    logarithmicX ? .logarithmic(covering: xValues) : .linear(covering: xValues)
  }

  /// The y axis this chart draws, before layout: only the points with an x
  /// on the axis count.
  package var yScale: ChartScale {
    let xScale = self.xScale
    let placed = xValues.indices.filter { xScale.plots(xValues[$0]) }
    let medians = series.flatMap { series in placed.compactMap(series.value(at:)) }
    let numbers = series.flatMap { series in
      placed.flatMap { index in
        [series.value(at: index), series.interval(at: index)?.lower, series.interval(at: index)?.upper]
          .compactMap { $0 }
      }
    }
    let isLogarithmic = logarithmicY ?? ChartScale.prefersLogarithmic(medians)
    return isLogarithmic ? .logarithmic(covering: numbers) : .linear(covering: numbers)
  }

  package func svg() -> String {
    var xScale = self.xScale
    var yScale = self.yScale
    let layout = ChartLayout(
      width: Self.width, left: max(64, ChartFrame.tickLabelWidth(yScale) + 36), right: Self.width - 28,
      legend: series.map(\.name), swatchWidth: 24, plotHeight: Self.plotHeight, labelBand: 22, caption: caption)
    // Points at the ends of the x range stand clear of the y axis.
    xScale.start = layout.left + Self.xInset
    xScale.end = layout.right - Self.xInset
    yScale.start = layout.plotBottom
    yScale.end = layout.plotTop
    return ChartFrame.document(
      title: title, caption: caption, series: series, layout: layout, valueScale: yScale,
      valueAxisLabel: yAxisLabel, swatchWidth: 24, swatch: Self.legendSwatch,
      marks: { svg, colors in
        xGrid(&svg, scale: xScale, top: layout.plotTop, bottom: layout.plotBottom)
        lines(&svg, xScale: xScale, yScale: yScale, layout: layout, colors: colors)
      },
      axis: { svg in
        xAxis(
          &svg, scale: xScale, left: layout.left, right: layout.right, y: layout.plotBottom,
          labelY: layout.axisLabelY)
      })
  }

  /// A legend entry's swatch: a stretch of the series's line, with its marker.
  private static func legendSwatch(_ svg: inout SVGDocument, color: String, index: Int, x: Double, y: Double) {
    let style = LineStyle(index: index)
    svg.line(x1: x, y1: y, x2: x + 24, y2: y, [("stroke", color), ("stroke-width", "2")] + style.dashAttribute)
    style.marker.draw(&svg, x: x + 12, y: y, color: color, tooltip: nil)
  }

  /// A point of a series where the chart places it, and the index of its x value.
  private typealias Point = (x: Double, y: Double, index: Int)

  /// Every series's line; "no data" when no point is drawn.
  private func lines(
    _ svg: inout SVGDocument, xScale: ChartScale, yScale: ChartScale, layout: ChartLayout, colors: [String]
  ) {
    var drewPoint = false
    for (seriesIndex, series) in series.enumerated() {
      let points = xValues.indices.map { index -> Point? in
        guard let x = xScale.position(xValues[index]), let value = series.value(at: index),
          let y = yScale.position(value)
        else { return nil }
        return (x, y, index)
      }
      if points.contains(where: { $0 != nil }) { drewPoint = true }
      line(
        &svg, series, points: points, style: LineStyle(index: seriesIndex), color: colors[seriesIndex],
        yScale: yScale)
    }
    if !drewPoint {
      ChartFrame.noData(&svg, x: (layout.left + layout.right) / 2, y: (layout.plotTop + layout.plotBottom) / 2)
    }
  }

  /// One series: its line through `points` (broken where there is none),
  /// then its whiskers, then its markers on top.
  private func line(
    _ svg: inout SVGDocument, _ series: ChartSeries, points: [Point?], style: LineStyle, color: String,
    yScale: ChartScale
  ) {
    svg.begin("g", [("class", "series"), ("data-series", series.name)])
    let path = Self.path(through: points)
    if !path.isEmpty {
      svg.element(
        "path",
        [
          ("class", "line"), ("d", path), ("fill", "none"), ("stroke", color), ("stroke-width", "2"),
          ("stroke-linejoin", "round"),
        ] + style.dashAttribute)
    }
    for case let point? in points {
      if let interval = series.interval(at: point.index), let upper = yScale.position(interval.upper) {
        ChartFrame.whisker(
          &svg, x: point.x, from: upper, to: yScale.clampedPosition(interval.lower), color: color)
      }
    }
    for case let point? in points {
      let tooltip = series.tooltip(at: point.index, category: ChartNumber.label(xValues[point.index]))
      style.marker.draw(&svg, x: point.x, y: point.y, color: color, tooltip: tooltip)
    }
    svg.end()
  }

  /// An SVG path through `points`: a move to the first of each run, a line
  /// to the others; empty when there are none.
  private static func path(through points: [Point?]) -> String {
    var path = ""
    var previousWasPoint = false
    for point in points {
      guard let point else {
        previousWasPoint = false
        continue
      }
      path += "\(previousWasPoint ? "L" : "M")\(SVGDocument.number(point.x)) \(SVGDocument.number(point.y))"
      previousWasPoint = true
    }
    return path
  }

  /// Vertical grid lines at the x ticks.
  private func xGrid(_ svg: inout SVGDocument, scale: ChartScale, top: Double, bottom: Double) {
    svg.begin("g", [("class", "grid"), ("stroke", ChartFrame.gridColor), ("stroke-width", "1")])
    for tick in scale.ticks {
      guard let x = scale.position(tick) else { continue }
      svg.line(x1: x, y1: top, x2: x, y2: bottom)
    }
    svg.end()
  }

  /// The x axis along the bottom of the plot: line, tick marks, tick labels, axis label.
  private func xAxis(
    _ svg: inout SVGDocument, scale: ChartScale, left: Double, right: Double, y: Double, labelY: Double
  ) {
    ChartFrame.bottomAxis(
      &svg, "x-axis", left: left, right: right, y: y, labelY: labelY, label: xAxisLabel
    ) { svg in
      for tick in scale.ticks {
        guard let x = scale.position(tick) else { continue }
        svg.line(x1: x, y1: y, x2: x, y2: y + 5, ChartFrame.axisStroke)
        svg.element(
          "text",
          [
            ("x", SVGDocument.number(x)), ("y", SVGDocument.number(y + 18)), ("text-anchor", "middle"),
          ], text: ChartNumber.label(tick))
      }
    }
  }
}

/// How the n-th series of a line chart is drawn apart from colour: its
/// marker shape and its dash pattern, which cycle at different lengths.
package struct LineStyle: Equatable {
  package var marker: ChartMarker
  /// A `stroke-dasharray`; empty for a solid line.
  package var dashes: String

  package static let dashPatterns = ["", "6 3", "2 3", "8 3 2 3"]

  package init(index: Int) {
    let markers = ChartMarker.allCases
    marker = markers[index % markers.count]
    dashes = Self.dashPatterns[index % Self.dashPatterns.count]
  }

  package var dashAttribute: SVGDocument.Attributes {
    dashes.isEmpty ? [] : [("stroke-dasharray", dashes)]
  }
}

/// The shape that marks each point of a line.
package enum ChartMarker: CaseIterable {
  case circle, square, triangle, diamond, triangleDown, ring

  /// The marker's class in the SVG, after `marker`.
  package var name: String {
    switch self {
    case .circle: "circle"
    case .square: "square"
    case .triangle: "triangle"
    case .diamond: "diamond"
    case .triangleDown: "triangle-down"
    case .ring: "ring"
    }
  }

  /// Draws the marker centred on (`x`, `y`), with `tooltip` as its title.
  package func draw(_ svg: inout SVGDocument, x: Double, y: Double, color: String, tooltip: String?) {
    let r = 4.0
    func point(_ dx: Double, _ dy: Double) -> String {
      "\(SVGDocument.number(x + dx)) \(SVGDocument.number(y + dy))"
    }
    // A thin white outline keeps overlapping markers apart.
    let paint: SVGDocument.Attributes = [("fill", color), ("stroke", "#ffffff"), ("stroke-width", "0.8")]
    let kind = ("class", "marker \(name)")
    func outline(_ corners: [(Double, Double)]) {
      let path = "M" + corners.map { point($0.0, $0.1) }.joined(separator: "L") + "Z"
      svg.element("path", [kind, ("d", path)] + paint, tooltip: tooltip)
    }
    switch self {
    case .circle:
      svg.element(
        "circle",
        [
          kind, ("cx", SVGDocument.number(x)), ("cy", SVGDocument.number(y)), ("r", "4"),
        ] + paint, tooltip: tooltip)
    case .square:
      svg.element(
        "rect",
        [
          kind, ("x", SVGDocument.number(x - 3.5)), ("y", SVGDocument.number(y - 3.5)),
          ("width", "7"), ("height", "7"),
        ] + paint, tooltip: tooltip)
    case .triangle: outline([(0, -r * 1.2), (r, r * 0.8), (-r, r * 0.8)])
    case .diamond: outline([(0, -r * 1.2), (r, 0), (0, r * 1.2), (-r, 0)])
    case .triangleDown: outline([(0, r * 1.2), (r, -r * 0.8), (-r, -r * 0.8)])
    case .ring:
      svg.element(
        "circle",
        [
          kind, ("cx", SVGDocument.number(x)), ("cy", SVGDocument.number(y)), ("r", "3.5"),
          ("fill", "#ffffff"), ("stroke", color), ("stroke-width", "1.6"),
        ], tooltip: tooltip)
    }
  }
}
