/// A chart's axes and grid: the value axis at the left, an axis along the
/// bottom, and how both are drawn.
extension ChartFrame {
  /// Horizontal grid lines at the value ticks, drawn under the marks.
  package static func grid(_ svg: inout SVGDocument, scale: ChartScale, left: Double, right: Double) {
    svg.begin("g", [("class", "grid"), ("stroke", gridColor), ("stroke-width", "1")])
    for tick in scale.ticks {
      guard let y = scale.position(tick) else { continue }
      svg.line(x1: left, y1: y, x2: right, y2: y)
    }
    svg.end()
  }

  /// The width the value axis's tick labels take, left of the axis.
  package static func tickLabelWidth(_ scale: ChartScale) -> Double {
    scale.ticks.map { textWidth(ChartNumber.label($0), size: textSize) }.max() ?? 0
  }

  /// The vertical value axis at `left`: line, tick marks, tick labels and the
  /// axis label turned to read upwards, just left of the tick labels.
  package static func valueAxis(_ svg: inout SVGDocument, scale: ChartScale, left: Double, label: String) {
    svg.begin("g", axisGroup("value-axis"))
    svg.line(x1: left, y1: scale.start, x2: left, y2: scale.end, axisStroke)
    for tick in scale.ticks {
      guard let y = scale.position(tick) else { continue }
      svg.line(x1: left - 5, y1: y, x2: left, y2: y, axisStroke)
      svg.element(
        "text",
        [
          ("x", SVGDocument.number(left - 8)), ("y", SVGDocument.number(y + 4)), ("text-anchor", "end"),
        ], text: ChartNumber.label(tick))
    }
    let middle = SVGDocument.number((scale.start + scale.end) / 2)
    let x = SVGDocument.number(max(20, left - tickLabelWidth(scale) - 20))
    svg.element(
      "text",
      [
        ("class", "axis-label"), ("x", x), ("y", middle), ("text-anchor", "middle"),
        ("transform", "rotate(-90 \(x) \(middle))"),
      ], text: label)
    svg.end()
  }

  /// The group of an axis: its class (`axis NAME`), and the size and
  /// colour of its text.
  package static func axisGroup(_ name: String) -> SVGDocument.Attributes {
    [("class", "axis \(name)"), ("font-size", SVGDocument.number(textSize)), ("fill", inkColor)]
  }

  /// How an axis's line and tick marks are stroked.
  package static let axisStroke: SVGDocument.Attributes = [("stroke", axisColor), ("stroke-width", "1")]

  /// The axis along the bottom of the plot, from `left` to `right` at `y`:
  /// its line, what `marks` draws along it, and `label` centred at `labelY`.
  package static func bottomAxis(
    _ svg: inout SVGDocument, _ name: String, left: Double, right: Double, y: Double, labelY: Double,
    label: String, marks: (inout SVGDocument) -> Void
  ) {
    svg.begin("g", axisGroup(name))
    svg.line(x1: left, y1: y, x2: right, y2: y, axisStroke)
    marks(&svg)
    svg.element(
      "text",
      [
        ("class", "axis-label"), ("x", SVGDocument.number((left + right) / 2)), ("y", SVGDocument.number(labelY)),
        ("text-anchor", "middle"),
      ], text: label)
    svg.end()
  }
}
