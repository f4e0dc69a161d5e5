/// Where a chart's parts go. Across: the plot from `left` to `right`, in a
/// chart `width` wide. Down, from the top: the title, the legend, the plot,
/// the band of tick or category labels under it, the axis label and the
/// caption. The bar and the line chart differ in the plot's height and the
/// labels' band.
package struct ChartLayout {
  /// The legend's first row; the title stands above it.
  package static let legendTop = 48.0

  package var width: Double
  package var left: Double
  package var right: Double
  package var legend: (positions: [(x: Double, y: Double)], rows: Int)
  package var plotTop: Double
  package var plotBottom: Double
  /// The axis label's baseline, under the band of labels.
  package var axisLabelY: Double
  package var captionLines: [String]
  package var captionTop: Double
  package var height: Double

  /// - Parameters:
  ///   - names: the series' names, whose legend entries wrap at `right`.
  ///   - swatchWidth: the width of a legend entry's swatch.
  ///   - labelBand: the height the labels under the plot take.
  package init(
    width: Double, left: Double, right: Double, legend names: [String], swatchWidth: Double,
    plotHeight: Double, labelBand: Double, caption: String
  ) {
    self.width = width
    self.left = left
    self.right = right
    legend = ChartFrame.legendLayout(
      names: names, left: left, right: right, top: Self.legendTop, swatchWidth: swatchWidth)
    plotTop = Self.legendTop + Double(legend.rows) * ChartFrame.legendRowHeight + 14
    plotBottom = plotTop + plotHeight
    axisLabelY = plotBottom + labelBand + 16
    captionLines = ChartFrame.wrap(caption, width: width - 32, size: ChartFrame.captionSize)
    captionTop = axisLabelY + 24
    height = captionTop + Double(max(captionLines.count - 1, 0)) * 15 + 14
  }
}

extension ChartFrame {
  /// A chart's document, drawn in this order: the frame and title, the
  /// legend (each entry's swatch drawn by `swatch`, given its series's
  /// colour and index), the value grid, the series' `marks` (given every
  /// series's colour), the value axis at the left, the other `axis`, and
  /// the caption.
  package static func document(
    title: String, caption: String, series: [ChartSeries], layout: ChartLayout,
    valueScale: ChartScale, valueAxisLabel: String, swatchWidth: Double,
    swatch: (inout SVGDocument, _ color: String, _ index: Int, _ x: Double, _ y: Double) -> Void,
    marks: (inout SVGDocument, _ colors: [String]) -> Void,
    axis: (inout SVGDocument) -> Void
  ) -> String {
    var svg = SVGDocument()
    Self.open(&svg, width: layout.width, height: layout.height, title: title, caption: caption)
    let colors = Self.colors(series)
    Self.legend(&svg, names: series.map(\.name), positions: layout.legend.positions, swatchWidth: swatchWidth) {
      svg, index, x, y in swatch(&svg, colors[index], index, x, y)
    }
    Self.grid(&svg, scale: valueScale, left: layout.left, right: layout.right)
    marks(&svg, colors)
    Self.valueAxis(
      &svg, scale: valueScale, left: layout.left,
      label: Self.axisLabel(valueAxisLabel, logarithmic: valueScale.logarithmic))
    axis(&svg)
    Self.caption(&svg, lines: layout.captionLines, top: layout.captionTop)
    svg.end()
    return svg.text
  }
}
