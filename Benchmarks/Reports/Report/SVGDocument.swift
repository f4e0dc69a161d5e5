/// SVG text written element by element, two spaces of indent per open group.
///
/// Every attribute value and text goes through `escaped`, and charts write
/// every coordinate through `number`, so no chart can produce malformed XML,
/// `nan` or `inf`.
package struct SVGDocument {
  package typealias Attributes = [(String, String)]

  package private(set) var text = ""
  private var openElements: [String] = []

  /// Opens an element that will hold others; `end()` closes it.
  package mutating func begin(_ name: String, _ attributes: Attributes = []) {
    line("<\(name)\(Self.attributeText(attributes))>")
    openElements.append(name)
  }

  /// Closes the element opened last.
  package mutating func end() {
    let name = openElements.removeLast()
    line("</\(name)>")
  }

  /// Writes one element: empty, with `text` inside, or with a `<title>`
  /// child that browsers show as a tooltip.
  package mutating func element(
    _ name: String, _ attributes: Attributes = [], text content: String? = nil,
    tooltip: String? = nil
  ) {
    let head = "<\(name)\(Self.attributeText(attributes))"
    if let content {
      line("\(head)>\(Self.escaped(content))</\(name)>")
    } else if let tooltip {
      line("\(head)><title>\(Self.escaped(tooltip))</title></\(name)>")
    } else {
      line("\(head)/>")
    }
  }

  /// Writes a `<line>` from (`x1`, `y1`) to (`x2`, `y2`), each through
  /// `number`, then `attributes`.
  package mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, _ attributes: Attributes = []
  ) {
    element(
      "line",
      [
        ("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)), ("y2", Self.number(y2)),
      ] + attributes)
  }

  private mutating func line(_ line: String) {
    text += String(repeating: "  ", count: openElements.count) + line + "\n"
  }

  private static func attributeText(_ attributes: Attributes) -> String {
    attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
  }

  /// `text` safe inside an XML element or a quoted attribute.
  ///
  /// Control characters XML 1.0 forbids are dropped rather than escaped,
  /// since no escape makes them legal.
  package static func escaped(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// A coordinate or length with at most two decimals (`12`, `3.5`, `0.25`).
  package static func number(_ value: Double) -> String {
    ChartNumber.decimal(value, digits: 2)
  }
}

/// What the bar and the line chart share: the frame, title, legend, value
/// axis, whiskers, caption and the "no data" note.
package enum ChartFrame {
  package static let fontFamily = "system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"
  package static let titleSize = 17.0
  package static let textSize = 12.0
  package static let captionSize = 11.0
  package static let inkColor = "#222222"
  package static let mutedColor = "#555555"
  package static let axisColor = "#333333"
  package static let gridColor = "#e6e6e6"
  package static let legendRowHeight = 20.0

  /// An estimate of the width of `text` in a sans-serif font, enough to
  /// decide on wrapping, rotating and margins.
  package static func textWidth(_ text: String, size: Double) -> Double {
    Double(text.count) * size * 0.56
  }

  /// `text` broken at spaces (and at its own newlines) into lines of about
  /// `width` pixels.
  package static func wrap(_ text: String, width: Double, size: Double) -> [String] {
    let perLine = max(10, Int(width / (size * 0.56)))
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = ""
      for word in paragraph.split(separator: " ") {
        if !current.isEmpty && current.count + 1 + word.count > perLine {
          lines.append(current)
          current = ""
        }
        current += (current.isEmpty ? "" : " ") + word
      }
      lines.append(current)
    }
    return lines.filter { !$0.isEmpty }
  }

  /// The colour of each series: its own, or its strategy's in `ChartPalette`.
  package static func colors(_ series: [ChartSeries]) -> [String] {
    series.enumerated().map { index, series in
      series.color ?? ChartPalette.color(for: series.name, index: index)
    }
  }

  /// A value axis label that says when the scale is logarithmic.
  package static func axisLabel(_ label: String, logarithmic: Bool) -> String {
    logarithmic && !label.contains("log scale") ? label + " (log scale)" : label
  }

  /// Where each legend entry goes: left to right from `left`, wrapping to a
  /// new row at `right`. Returns the positions and the number of rows.
  package static func legendLayout(
    names: [String], left: Double, right: Double, top: Double, swatchWidth: Double
  ) -> (positions: [(x: Double, y: Double)], rows: Int) {
    var positions: [(x: Double, y: Double)] = []
    var x = left
    var row = 0
    for name in names {
      let entryWidth = swatchWidth + 6 + textWidth(name, size: textSize)
      if x > left && x + entryWidth > right {
        row += 1
        x = left
      }
      positions.append((x, top + Double(row) * legendRowHeight))
      x += entryWidth + 18
    }
    return (positions, names.isEmpty ? 0 : row + 1)
  }

  /// Opens the document: the root element, `<title>` and `<desc>` for
  /// screen readers, a white background and the visible title.
  package static func open(_ svg: inout SVGDocument, width: Double, height: Double, title: String, caption: String) {
    let w = SVGDocument.number(width)
    let h = SVGDocument.number(height)
    svg.begin(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("width", w), ("height", h),
        ("viewBox", "0 0 \(w) \(h)"), ("role", "img"), ("font-family", fontFamily),
      ])
    svg.element("title", text: title)
    svg.element("desc", text: caption)
    svg.element("rect", [("width", w), ("height", h), ("fill", "#ffffff")])
    svg.element(
      "text",
      [
        ("class", "title"), ("x", "16"), ("y", "28"), ("font-size", SVGDocument.number(titleSize)),
        ("font-weight", "600"), ("fill", inkColor),
      ], text: title)
  }

  /// The legend: one entry per series, a swatch drawn by `swatch` at the
  /// entry's left and middle, then the name.
  package static func legend(
    _ svg: inout SVGDocument, names: [String], positions: [(x: Double, y: Double)],
    swatchWidth: Double, swatch: (inout SVGDocument, Int, Double, Double) -> Void
  ) {
    svg.begin("g", [("class", "legend"), ("font-size", SVGDocument.number(textSize)), ("fill", inkColor)])
    for (index, name) in names.enumerated() {
      let (x, y) = positions[index]
      svg.begin("g", [("class", "legend-entry"), ("data-series", name)])
      swatch(&svg, index, x, y)
      svg.element(
        "text",
        [
          ("x", SVGDocument.number(x + swatchWidth + 6)), ("y", SVGDocument.number(y + 4)),
        ], text: name)
      svg.end()
    }
    svg.end()
  }

  /// A confidence interval at `x` from `y1` to `y2`, with short caps.
  package static func whisker(_ svg: inout SVGDocument, x: Double, from y1: Double, to y2: Double, color: String) {
    let (middle, top, bottom) = (SVGDocument.number(x), SVGDocument.number(y1), SVGDocument.number(y2))
    let (capLeft, capRight) = (SVGDocument.number(x - 3), SVGDocument.number(x + 3))
    svg.element(
      "path",
      [
        ("class", "whisker"),
        ("d", "M\(middle) \(top)V\(bottom)M\(capLeft) \(top)H\(capRight)M\(capLeft) \(bottom)H\(capRight)"),
        ("stroke", darker(color)), ("stroke-width", "1.2"), ("fill", "none"),
      ])
  }

  /// The caption under the plot, one `<text>` line per wrapped line.
  package static func caption(_ svg: inout SVGDocument, lines: [String], top: Double) {
    svg.begin("g", [("class", "caption"), ("font-size", SVGDocument.number(captionSize)), ("fill", mutedColor)])
    for (index, line) in lines.enumerated() {
      svg.element("text", [("x", "16"), ("y", SVGDocument.number(top + Double(index) * 15))], text: line)
    }
    svg.end()
  }

  /// The note in the middle of a plot with nothing to draw.
  package static func noData(_ svg: inout SVGDocument, x: Double, y: Double) {
    svg.element(
      "text",
      [
        ("class", "no-data"), ("x", SVGDocument.number(x)), ("y", SVGDocument.number(y)),
        ("text-anchor", "middle"), ("font-size", "14"), ("fill", mutedColor),
      ], text: "no data")
  }

  /// `color` at 60% brightness when it is `#rgb` or `#rrggbb`; otherwise the
  /// axis colour, which is dark enough on any fill.
  package static func darker(_ color: String) -> String {
    var hex = Array(color.utf8.dropFirst())
    guard color.hasPrefix("#"), hex.count == 3 || hex.count == 6 else { return axisColor }
    if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
    var result = "#"
    for channel in 0..<3 {
      guard let value = UInt8(String(decoding: hex[(channel * 2)..<(channel * 2 + 2)], as: UTF8.self), radix: 16)
      else { return axisColor }
      let darkened = UInt8(Double(value) * 0.6)
      let digits = String(darkened, radix: 16)
      result += (digits.count == 1 ? "0" : "") + digits
    }
    return result
  }
}
