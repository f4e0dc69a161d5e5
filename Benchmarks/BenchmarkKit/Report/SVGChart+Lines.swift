/// Lines: x numeric (feed size, logarithmic by default), one line with markers and whiskers per series.
///
/// Series differ by marker shape and dash pattern as well as colour, so they
/// are told apart in grey print and by readers who do not see the colours.
/// A `nil` value breaks the line; an x value the axis cannot place (≤ 0 on a
/// logarithmic axis) is skipped.
struct LineChart {
  var title: String
  var caption: String
  var xAxisLabel: String
  var yAxisLabel: String
  var xValues: [Double]
  var series: [ChartSeries]
  var logarithmicX: Bool = true
  var logarithmicY: Bool? = nil

  static let width = 720.0
  static let plotHeight = 280.0
  static let xInset = 14.0

  /// The x axis this chart draws, before layout.
  var xScale: ChartScale {
    logarithmicX ? .logarithmic(covering: xValues) : .linear(covering: xValues)
  }

  /// The y axis this chart draws, before layout: only the points with an x
  /// on the axis count.
  var yScale: ChartScale {
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

  func svg() -> String {
    var xScale = self.xScale
    var yScale = self.yScale
    let width = Self.width
    let left = max(64, ChartFrame.tickLabelWidth(yScale) + 36)
    let right = width - 28

    let names = series.map(\.name)
    let legend = ChartFrame.legendLayout(names: names, left: left, right: right, top: 48, swatchWidth: 24)
    let plotTop = 48 + Double(legend.rows) * ChartFrame.legendRowHeight + 14
    let plotBottom = plotTop + Self.plotHeight
    let axisLabelY = plotBottom + 38
    let captionLines = ChartFrame.wrap(caption, width: width - 32, size: ChartFrame.captionSize)
    let captionTop = axisLabelY + 24
    let height = captionTop + Double(max(captionLines.count - 1, 0)) * 15 + 14
    // Points at the ends of the x range stand clear of the y axis.
    xScale.start = left + Self.xInset
    xScale.end = right - Self.xInset
    yScale.start = plotBottom
    yScale.end = plotTop

    var svg = SVGDocument()
    ChartFrame.open(&svg, width: width, height: height, title: title, caption: caption)
    let colors = ChartFrame.colors(series)
    ChartFrame.legend(&svg, names: names, positions: legend.positions, swatchWidth: 24) { svg, index, x, y in
      let style = LineStyle(index: index)
      svg.element("line", [
        ("x1", SVGDocument.number(x)), ("y1", SVGDocument.number(y)),
        ("x2", SVGDocument.number(x + 24)), ("y2", SVGDocument.number(y)),
        ("stroke", colors[index]), ("stroke-width", "2"),
      ] + style.dashAttribute)
      style.marker.draw(&svg, x: x + 12, y: y, color: colors[index], tooltip: nil)
    }
    ChartFrame.grid(&svg, scale: yScale, left: left, right: right)
    xGrid(&svg, scale: xScale, top: plotTop, bottom: plotBottom)

    var drewPoint = false
    for (seriesIndex, series) in series.enumerated() {
      let color = colors[seriesIndex]
      let style = LineStyle(index: seriesIndex)
      let points = xValues.indices.map { index -> (x: Double, y: Double, index: Int)? in
        guard let x = xScale.position(xValues[index]), let value = series.value(at: index),
          let y = yScale.position(value)
        else { return nil }
        return (x, y, index)
      }
      svg.begin("g", [("class", "series"), ("data-series", series.name)])
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
      if !path.isEmpty {
        svg.element("path", [
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
        drewPoint = true
        var tooltip = "\(series.name), \(ChartNumber.label(xValues[point.index])): "
        tooltip += ChartNumber.label(series.value(at: point.index) ?? 0)
        if let interval = series.interval(at: point.index) {
          tooltip += " (\(ChartNumber.label(interval.lower)) to \(ChartNumber.label(interval.upper)))"
        }
        style.marker.draw(&svg, x: point.x, y: point.y, color: color, tooltip: tooltip)
      }
      svg.end()
    }
    if !drewPoint { ChartFrame.noData(&svg, x: (left + right) / 2, y: (plotTop + plotBottom) / 2) }

    ChartFrame.valueAxis(
      &svg, scale: yScale, left: left, label: ChartFrame.axisLabel(yAxisLabel, logarithmic: yScale.logarithmic))
    xAxis(&svg, scale: xScale, left: left, right: right, y: plotBottom, labelY: axisLabelY)
    ChartFrame.caption(&svg, lines: captionLines, top: captionTop)
    svg.end()
    return svg.text
  }

  /// Vertical grid lines at the x ticks.
  private func xGrid(_ svg: inout SVGDocument, scale: ChartScale, top: Double, bottom: Double) {
    svg.begin("g", [("class", "grid"), ("stroke", ChartFrame.gridColor), ("stroke-width", "1")])
    for tick in scale.ticks {
      guard let x = scale.position(tick) else { continue }
      svg.element("line", [
        ("x1", SVGDocument.number(x)), ("y1", SVGDocument.number(top)),
        ("x2", SVGDocument.number(x)), ("y2", SVGDocument.number(bottom)),
      ])
    }
    svg.end()
  }

  /// The x axis along the bottom of the plot: line, tick marks, tick labels, axis label.
  private func xAxis(
    _ svg: inout SVGDocument, scale: ChartScale, left: Double, right: Double, y: Double, labelY: Double
  ) {
    svg.begin("g", [
      ("class", "axis x-axis"), ("font-size", SVGDocument.number(ChartFrame.textSize)),
      ("fill", ChartFrame.inkColor),
    ])
    svg.element("line", [
      ("x1", SVGDocument.number(left)), ("y1", SVGDocument.number(y)),
      ("x2", SVGDocument.number(right)), ("y2", SVGDocument.number(y)),
      ("stroke", ChartFrame.axisColor), ("stroke-width", "1"),
    ])
    for tick in scale.ticks {
      guard let x = scale.position(tick) else { continue }
      svg.element("line", [
        ("x1", SVGDocument.number(x)), ("y1", SVGDocument.number(y)),
        ("x2", SVGDocument.number(x)), ("y2", SVGDocument.number(y + 5)),
        ("stroke", ChartFrame.axisColor), ("stroke-width", "1"),
      ])
      svg.element("text", [
        ("x", SVGDocument.number(x)), ("y", SVGDocument.number(y + 18)), ("text-anchor", "middle"),
      ], text: ChartNumber.label(tick))
    }
    svg.element("text", [
      ("class", "axis-label"), ("x", SVGDocument.number((left + right) / 2)),
      ("y", SVGDocument.number(labelY)), ("text-anchor", "middle"),
    ], text: xAxisLabel)
    svg.end()
  }
}

/// How the n-th series of a line chart is drawn apart from colour: its
/// marker shape and its dash pattern, which cycle at different lengths.
struct LineStyle: Equatable {
  var marker: ChartMarker
  /// A `stroke-dasharray`; empty for a solid line.
  var dashes: String

  static let dashPatterns = ["", "6 3", "2 3", "8 3 2 3"]

  init(index: Int) {
    let markers = ChartMarker.allCases
    marker = markers[index % markers.count]
    dashes = Self.dashPatterns[index % Self.dashPatterns.count]
  }

  var dashAttribute: SVGDocument.Attributes {
    dashes.isEmpty ? [] : [("stroke-dasharray", dashes)]
  }
}

/// The shape that marks each point of a line.
enum ChartMarker: CaseIterable {
  case circle, square, triangle, diamond, triangleDown, ring

  /// The marker's class in the SVG, after `marker`.
  var name: String {
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
  func draw(_ svg: inout SVGDocument, x: Double, y: Double, color: String, tooltip: String?) {
    let r = 4.0
    func point(_ dx: Double, _ dy: Double) -> String {
      "\(SVGDocument.number(x + dx)) \(SVGDocument.number(y + dy))"
    }
    // A thin white outline keeps overlapping markers apart.
    let paint: SVGDocument.Attributes = [("fill", color), ("stroke", "#ffffff"), ("stroke-width", "0.8")]
    let kind = ("class", "marker \(name)")
    switch self {
    case .circle:
      svg.element("circle", [
        kind, ("cx", SVGDocument.number(x)), ("cy", SVGDocument.number(y)), ("r", "4"),
      ] + paint, tooltip: tooltip)
    case .square:
      svg.element("rect", [
        kind, ("x", SVGDocument.number(x - 3.5)), ("y", SVGDocument.number(y - 3.5)),
        ("width", "7"), ("height", "7"),
      ] + paint, tooltip: tooltip)
    case .triangle:
      svg.element("path", [
        kind, ("d", "M\(point(0, -r * 1.2))L\(point(r, r * 0.8))L\(point(-r, r * 0.8))Z"),
      ] + paint, tooltip: tooltip)
    case .diamond:
      svg.element("path", [
        kind, ("d", "M\(point(0, -r * 1.2))L\(point(r, 0))L\(point(0, r * 1.2))L\(point(-r, 0))Z"),
      ] + paint, tooltip: tooltip)
    case .triangleDown:
      svg.element("path", [
        kind, ("d", "M\(point(0, r * 1.2))L\(point(r, -r * 0.8))L\(point(-r, -r * 0.8))Z"),
      ] + paint, tooltip: tooltip)
    case .ring:
      svg.element("circle", [
        kind, ("cx", SVGDocument.number(x)), ("cy", SVGDocument.number(y)), ("r", "3.5"),
        ("fill", "#ffffff"), ("stroke", color), ("stroke-width", "1.6"),
      ], tooltip: tooltip)
    }
  }
}
