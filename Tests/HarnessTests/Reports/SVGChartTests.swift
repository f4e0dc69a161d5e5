@testable import Reports
import BenchmarkResults
import Testing

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct SVGChartTests {
  // MARK: Every chart

  @Test(arguments: ChartFixture.allCases)
  func isWellFormedWithTitleAndDescriptionFirst(fixture: ChartFixture) throws {
    let root = try #require(SVGTree.parse(fixture.svg), "\(fixture): not well-formed XML")
    #expect(root.name == "svg", "\(fixture)")
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg", "\(fixture)")
    #expect(root.attributes["role"] == "img", "\(fixture)")
    #expect(root.attributes["viewBox"] != nil, "\(fixture)")
    #expect(root.children.prefix(2).map(\.name) == ["title", "desc"], "\(fixture)")
    #expect(root.children.first?.text == fixture.title, "\(fixture)")
    #expect(root.children.dropFirst().first?.text == fixture.caption, "\(fixture)")
    let visibleTitle = root.all("text", class: "title")
    #expect(visibleTitle.map(\.text) == [fixture.title], "\(fixture)")
    #expect(root.all("g", class: "caption").first?.allText.contains("seed") == true, "\(fixture)")
  }

  @Test(arguments: ChartFixture.allCases)
  func hasOneGroupPerSeriesInOrder(fixture: ChartFixture) throws {
    let root = try #require(SVGTree.parse(fixture.svg), "\(fixture)")
    let groups = root.all("g", class: "series")
    #expect(groups.count == fixture.seriesNames.count, "\(fixture)")
    #expect(groups.map { $0.attributes["data-series"] ?? "" } == fixture.seriesNames, "\(fixture)")
  }

  @Test(arguments: ChartFixture.allCases)
  func hasOneLegendEntryPerSeries(fixture: ChartFixture) throws {
    let root = try #require(SVGTree.parse(fixture.svg), "\(fixture)")
    let legends = root.all("g", class: "legend")
    #expect(legends.count == 1, "\(fixture)")
    let entries = legends.first?.all("g", class: "legend-entry") ?? []
    #expect(entries.map { $0.attributes["data-series"] ?? "" } == fixture.seriesNames, "\(fixture)")
    #expect(entries.map { $0.all("text").first?.text ?? "" } == fixture.seriesNames, "\(fixture)")
  }

  @Test(arguments: ChartFixture.allCases)
  func neverWritesNaNOrInfinity(fixture: ChartFixture) {
    let text = fixture.svg.lowercased()
    #expect(!text.contains("nan"), "\(fixture)")
    #expect(!text.contains("inf"), "\(fixture)")
  }

  @Test(arguments: ChartFixture.allCases)
  func writesNumbersWithAtMostTwoDecimals(fixture: ChartFixture) throws {
    let root = try #require(SVGTree.parse(fixture.svg), "\(fixture)")
    let longFraction = try Regex("[0-9]\\.[0-9]{3}")
    for node in root.descendants {
      for (name, value) in node.attributes where !["data-series", "class", "font-family"].contains(name) {
        #expect(value.firstMatch(of: longFraction) == nil, "\(fixture): \(node.name) \(name)=\"\(value)\"")
      }
    }
  }

  @Test(arguments: ChartFixture.allCases)
  func isDeterministic(fixture: ChartFixture) {
    #expect(fixture.svg == fixture.svg, "\(fixture)")
  }

  @Test(arguments: [ChartFixture.barEmpty, .barAllNil, .lineEmpty, .lineAllNil])
  func saysNoDataWhenThereIsNone(fixture: ChartFixture) throws {
    let root = try #require(SVGTree.parse(fixture.svg), "\(fixture)")
    #expect(root.all("text", class: "no-data").map(\.text) == ["no data"], "\(fixture)")
    #expect(root.all("g", class: "series").allSatisfy { $0.children.isEmpty }, "\(fixture)")
  }

  @Test(arguments: [ChartFixture.barLinear, .barLogarithmic, .lineLogarithmic])
  func saysNothingAboutMissingDataWhenThereIsSome(fixture: ChartFixture) throws {
    let root = try #require(SVGTree.parse(fixture.svg), "\(fixture)")
    #expect(root.all("text", class: "no-data").isEmpty, "\(fixture)")
  }

  // MARK: Scales

  @Test(arguments: [
    ([5.0, 2000], true),
    ([5.0, 50], false),
    ([5.0, 100], false),
    ([5.0, 101], true),
    ([0.0, -4, 5, 50], false),
    ([Double](), false),
  ])
  func choosesALogarithmicScaleForWideRanges(values: [Double], logarithmic: Bool) throws {
    let bars = GroupedBarChart.sample(values: values.map { $0 })
    #expect(bars.scale.logarithmic == logarithmic, "values \(values)")
    let label = try #require(SVGTree.parse(bars.svg())).all("text", class: "axis-label").map(\.text)
    #expect(label.contains("median ns per element (log scale)") == logarithmic, "values \(values)")
    let line = LineChart.sample(xValues: values.indices.map { 1000 * Double($0 + 1) }, values: values)
    #expect(line.yScale.logarithmic == logarithmic, "values \(values)")
  }

  @Test(arguments: [
    (ChartFixture.barLinear, false), (.barLogarithmic, true), (.lineLinear, false), (.lineLogarithmic, true),
  ])
  func labelsTheValueAxisWithItsScale(fixture: ChartFixture, logarithmic: Bool) throws {
    let root = try #require(SVGTree.parse(fixture.svg), "\(fixture)")
    let label = root.all("g", class: "value-axis").first?.all("text", class: "axis-label").first?.text
    let expected = "median ns per element" + (logarithmic ? " (log scale)" : "")
    #expect(label == expected, "\(fixture)")
  }

  @Test func anExplicitScaleWins() {
    var bars = GroupedBarChart.sample(values: [5, 2000])
    bars.logarithmic = false
    #expect(!bars.scale.logarithmic)
    bars = GroupedBarChart.sample(values: [5, 50])
    bars.logarithmic = true
    #expect(bars.scale.logarithmic)
  }

  @Test(arguments: [
    ([5.0, 2000], ["1", "10", "100", "1k", "10k"]),
    ([0.5, 30], ["0.1", "1", "10", "100"]),
    ([20.0, 70], ["10", "20", "50", "100"]),
    ([3.0], ["1", "2", "5", "10"]),
    ([100.0], ["10", "100", "1k"]),
    ([Double](), ["1", "2", "5", "10"]),
  ])
  func ticksLogarithmicScalesAtPowersOfTen(values: [Double], labels: [String]) {
    let scale = ChartScale.logarithmic(covering: values)
    #expect(scale.ticks.map(ChartNumber.label) == labels, "values \(values)")
    #expect(scale.low <= (values.min() ?? 1) && (values.max() ?? 10) <= scale.high, "values \(values)")
  }

  @Test(arguments: [
    ([5.0], ["0", "1", "2", "3", "4", "5"]),
    ([7.0, 1], ["0", "2", "4", "6", "8"]),
    ([2000.0], ["0", "500", "1k", "1.5k", "2k"]),
    ([0.3, 0.05], ["0", "0.1", "0.2", "0.3"]),
    ([0.0], ["0", "0.2", "0.4", "0.6", "0.8", "1"]),
    ([Double](), ["0", "0.2", "0.4", "0.6", "0.8", "1"]),
  ])
  func ticksLinearScalesFromZeroAtRoundSteps(values: [Double], labels: [String]) {
    let scale = ChartScale.linear(covering: values)
    #expect(scale.low == 0, "values \(values)")
    #expect(scale.ticks.map(ChartNumber.label) == labels, "values \(values)")
  }

  @Test func placesValuesTheScaleCannotHoldNowhere() {
    var scale = ChartScale.logarithmic(covering: [1, 100])
    (scale.start, scale.end) = (400, 100)
    #expect(scale.position(0) == nil)
    #expect(scale.position(-1) == nil)
    #expect(scale.position(.nan) == nil)
    #expect(scale.position(.infinity) == nil)
    #expect(scale.position(10) == 250)
    #expect(scale.clampedPosition(0) == 400)
  }

  // MARK: Bars

  @Test func skipsValuesAtOrBelowZeroAndMissingOnesOnALogScale() throws {
    let chart = GroupedBarChart(
      title: "Log bars", caption: "seed 7", categoryAxisLabel: "operation",
      valueAxisLabel: "median ns per element",
      categories: ["a", "b", "c", "d", "e", "f", "g"],
      series: [
        ChartSeries(
          name: "naive", values: [0, -3, nil, 5, 2000, .nan, .infinity],
          lower: [-1, -4, 1, 0, 1500, 1, 1], upper: [1, -2, 2, 6, 2500, .nan, 2])
      ],
      logarithmic: true)
    let root = try #require(SVGTree.parse(chart.svg()))
    let group = try #require(root.all("g", class: "series").first)
    #expect(group.all("rect").count == 2)
    // The lower bound 0 of the bar at 5 runs its whisker to the bottom.
    #expect(group.all("path", class: "whisker").count == 2)
  }

  @Test func drawsACountBelowTheResolutionAsABarOfNoHeight() throws {
    let chart = GroupedBarChart(
      title: "Counts", caption: "seed 1", categoryAxisLabel: "per element",
      valueAxisLabel: "count per element", categories: ["instructions", "indirect mispredicts", "retains"],
      series: [ChartSeries(name: "naive", values: [300, 0.0025, 2])], logarithmic: true, resolution: 0.01)
    // The axis covers the counts the table shows, not the 0.0025 it shows as 0.
    #expect(chart.scale.low == 1)
    let root = try #require(SVGTree.parse(chart.svg()))
    let group = try #require(root.all("g", class: "series").first)
    let bars = group.all("rect")
    #expect(bars.count == 3)
    #expect(bars[1].attributes["class"] == "zero" && bars[1].attributes["height"] == "0")
    #expect(bars[0].attributes["height"] != "0" && bars[2].attributes["height"] != "0")
    // One unit, one label, on the value axis.
    #expect(
      root.all("text", class: "axis-label").map(\.allText).filter { $0.contains("per element") }
        == ["count per element (log scale)", "per element"])
    // At the resolution's half and above, a value is drawn as itself.
    let visible = GroupedBarChart(
      title: "Counts", caption: "seed 1", categoryAxisLabel: "per element", valueAxisLabel: "count per element",
      categories: ["a"], series: [ChartSeries(name: "naive", values: [0.005])], resolution: 0.01)
    #expect(try #require(SVGTree.parse(visible.svg())).all("rect", class: "zero").isEmpty)
  }

  @Test(arguments: [
    ([1...2, 1.5...3, 4...5], [1, 1, 3]),
    ([5...6, 1...2, 3...4], [3, 1, 2]),
    // Overlap is not transitive: the third overlaps the first, not the second.
    ([1...4, 2...3, 3.5...5], [1, 1, 2]),
    ([ClosedRange<Double>](), [Int]()),
    ([2...2], [1]),
  ])
  func ranksShareARankWhereIntervalsOverlap(intervals: [ClosedRange<Double>], ranks: [Int]) {
    #expect(Ranking.ranks(intervals) == ranks, "\(intervals)")
  }

  @Test func drawsAWhiskerInADarkerStrokeWhereThereIsAnInterval() throws {
    let chart = GroupedBarChart(
      title: "Whiskers", caption: "seed 1", categoryAxisLabel: "operation",
      valueAxisLabel: "median ns per element", categories: ["a", "b", "c"],
      series: [ChartSeries(name: "naive", values: [1, 2, 3], lower: [0.9, nil, 2.5], upper: [1.2, 2.2, 3.1])])
    let root = try #require(SVGTree.parse(chart.svg()))
    let group = try #require(root.all("g", class: "series").first)
    let whiskers = group.all("path", class: "whisker")
    #expect(whiskers.count == 2)
    #expect(whiskers.allSatisfy { $0.attributes["stroke"] == ChartFrame.darker("#0072B2") })
    #expect(ChartFrame.darker("#0072B2") == "#00446a")
    #expect(ChartFrame.darker("#fff") == "#999999")
    #expect(ChartFrame.darker("rebeccapurple") == ChartFrame.axisColor)
  }

  @Test func growsWiderSoEveryBarIsAtLeastEightPixels() throws {
    let categories = (1...24).map { "op\($0)" }
    let series = ChartPalette.knownNames.map { name in
      ChartSeries(name: name, values: categories.indices.map { Double($0 + 1) })
    }
    let chart = GroupedBarChart(
      title: "Many bars", caption: "seed 1", categoryAxisLabel: "operation",
      valueAxisLabel: "median ns per element", categories: categories, series: series)
    let root = try #require(SVGTree.parse(chart.svg()))
    let width = try #require(root.attributes["width"].flatMap(Double.init))
    #expect(width > GroupedBarChart.minimumWidth)
    let bars = root.all("g", class: "series").flatMap { $0.all("rect") }
    #expect(bars.count == 24 * ChartPalette.knownNames.count)
    let narrowest = bars.map { Double($0.attributes["width"] ?? "") ?? 0 }.min() ?? 0
    #expect(narrowest >= GroupedBarChart.minimumBarWidth && GroupedBarChart.minimumBarWidth == 8, "\(narrowest)")

    let few = GroupedBarChart.sample(values: [1, 2])
    #expect(try #require(SVGTree.parse(few.svg())).attributes["width"] == "900")
  }

  @Test func turnsCategoryLabelsOnlyWhenTheyWouldOverlap() throws {
    func turned(_ categories: [String]) throws -> Bool {
      let chart = GroupedBarChart(
        title: "Labels", caption: "seed 1", categoryAxisLabel: "operation",
        valueAxisLabel: "median ns per element", categories: categories,
        series: ChartPalette.knownNames.map { ChartSeries(name: $0, values: categories.map { _ in 1 }) })
      let axis = try #require(SVGTree.parse(chart.svg())?.all("g", class: "category-axis").first)
      let labels = axis.all("text").filter { $0.attributes["class"] != "axis-label" }
      #expect(labels.map(\.text) == categories)
      return labels.allSatisfy { $0.attributes["transform"]?.hasPrefix("rotate(-30 ") == true }
    }
    #expect(try !turned(["sum", "count", "max"]))
    let long = (1...12).map { "a rather long operation name \($0)" }
    #expect(try turned(long))
  }

  // MARK: Lines

  @Test func tellsSeriesApartByMarkerAndDash() throws {
    let root = try #require(SVGTree.parse(ChartFixture.lineLogarithmic.svg))
    let groups = root.all("g", class: "series")
    let markers = groups.map { group in
      group.all(nil, class: "marker").first?.attributes["class"] ?? ""
    }
    let dashes = groups.map { $0.all("path", class: "line").first?.attributes["stroke-dasharray"] ?? "" }
    // Nine strategies and two reference rows outnumber the markers; the
    // marker and the dash cycle at different lengths, so the pair is unique.
    #expect(
      Set(zip(markers, dashes).map { "\($0) \($1)" }).count == groups.count, "markers \(markers), dashes \(dashes)")
    #expect(dashes[0] == "" && dashes[1] != "" && dashes[1] != dashes[2], "dashes \(dashes)")
    #expect(markers.first == "marker circle")
    #expect(ChartMarker.allCases.count >= 6)
  }

  @Test func breaksTheLineAtMissingValuesAndSkipsXTheAxisCannotPlace() throws {
    let chart = LineChart(
      title: "Gaps", caption: "seed 3", xAxisLabel: "feed size (elements, log scale)",
      yAxisLabel: "median ns per element", xValues: [0, 100, 1000, 10000, 100_000],
      series: [ChartSeries(name: "naive", values: [7, 1, nil, 3, 4])])
    let root = try #require(SVGTree.parse(chart.svg()))
    let group = try #require(root.all("g", class: "series").first)
    let path = try #require(group.all("path", class: "line").first?.attributes["d"])
    #expect(path.filter { $0 == "M" }.count == 2)
    #expect(path.filter { $0 == "L" }.count == 1)
    #expect(group.all(nil, class: "marker").count == 3)
    let xLabels = root.all("g", class: "x-axis").first?.all("text").map(\.text) ?? []
    #expect(xLabels.prefix(4) == ["100", "1k", "10k", "100k"])
  }

  // MARK: Text

  @Test func escapesTitlesCategoriesAndSeriesNames() throws {
    let title = "Sum & count <fast> \"quoted\" 'single'"
    let chart = GroupedBarChart(
      title: title, caption: "a < b & c, seed 1", categoryAxisLabel: "op & kind",
      valueAxisLabel: "ns <per> element", categories: ["x<y & z"],
      series: [ChartSeries(name: "a&b <c>", values: [1])])
    let svg = chart.svg()
    #expect(svg.contains("Sum &amp; count &lt;fast&gt; &quot;quoted&quot; &apos;single&apos;"))
    #expect(!svg.contains("<fast>") && !svg.contains("<c>") && !svg.contains("x<y"))
    let root = try #require(SVGTree.parse(svg))
    #expect(root.children.first?.text == title)
    #expect(root.all("g", class: "series").first?.attributes["data-series"] == "a&b <c>")
    #expect(root.all("text").contains { $0.text == "x<y & z" })

    let line = LineChart(
      title: title, caption: "seed 1", xAxisLabel: "x & y", yAxisLabel: "<ns>", xValues: [10, 100],
      series: [ChartSeries(name: "a&b <c>", values: [1, 2])])
    let lineRoot = try #require(SVGTree.parse(line.svg()))
    #expect(lineRoot.all("g", class: "legend-entry").first?.attributes["data-series"] == "a&b <c>")
  }

  @Test func dropsControlCharactersXMLCannotHold() throws {
    let chart = GroupedBarChart.sample(values: [1], title: "bell\u{07}here")
    let root = try #require(SVGTree.parse(chart.svg()))
    #expect(root.children.first?.text == "bellhere")
  }

  @Test(arguments: [
    (1.0, "1"), (2.5, "2.5"), (0.125, "0.13"), (-0.001, "0"), (-1.5, "-1.5"), (1234.567, "1234.57"),
    (Double.nan, "0"), (Double.infinity, "0"), (1e300, "1e300"),
  ])
  func writesCoordinatesWithAtMostTwoDecimals(value: Double, text: String) {
    #expect(SVGDocument.number(value) == text)
  }

  @Test(arguments: [
    (0.0, "0"), (5.0, "5"), (0.1, "0.1"), (0.05, "0.05"), (0.001, "0.001"), (12.345, "12.35"),
    (1000.0, "1k"), (1500.0, "1.5k"), (10_000.0, "10k"), (2_000_000.0, "2M"), (3e9, "3G"),
  ])
  func labelsTicksShortly(value: Double, text: String) {
    #expect(ChartNumber.label(value) == text)
  }

  @Test(arguments: [1e-300, 0.001, 0.5, 1, 2, 3, 10, 1000, 123_456.789, 1e300])
  func computesLogarithmsWithoutFoundation(x: Double) {
    var exact = 0.0
    var y = x
    while y >= 10 {
      y /= 10
      exact += 1
    }
    while y < 1 {
      y *= 10
      exact -= 1
    }
    // log10 of the remaining 1 ≤ y < 10 by bisection on 10^t, independently of ChartMath.
    var (low, high) = (0.0, 1.0)
    for _ in 0..<60 {
      let middle = (low + high) / 2
      var power = 1.0
      var term = 1.0
      let ln = middle * 2.302_585_092_994_046
      for k in 1..<40 {
        term *= ln / Double(k)
        power += term
      }
      if power < y { low = middle } else { high = middle }
    }
    exact += low
    #expect(abs(ChartMath.log10(x) - exact) < 1e-9, "x \(x)")
    #expect(ChartMath.decade(x) == Int(exact.rounded(.down)) || ChartMath.power10(ChartMath.decade(x)) == x, "x \(x)")
  }

  // MARK: Colours

  @Test func givesEachKnownStrategyTheSameColourInEveryChart() {
    let names = ChartPalette.knownNames + ["floor", "null"]
    for (index, name) in names.enumerated() {
      #expect(ChartPalette.color(for: name, index: index) == ChartPalette.color(for: name, index: 9 - index), "\(name)")
    }
    #expect(Set(names.map { ChartPalette.color(for: $0, index: 0) }).count == names.count)
    #expect(ChartPalette.color(for: "naive", index: 3) == "#0072B2")
    #expect(ChartPalette.color(for: "floor", index: 0) == "#000000")
    #expect(ChartPalette.color(for: "null", index: 0) == "#BBBBBB")
    let others = (0..<2).map { ChartPalette.color(for: "new-strategy", index: $0) }
    #expect(others == ["#999933", "#AA4499"])
    #expect(Set(others).isDisjoint(with: names.map { ChartPalette.color(for: $0, index: 0) }))
    #expect(ChartPalette.colors.count == ChartPalette.knownNames.count)
  }

  @Test func usesASeriesOwnColourInBarsAndLegend() throws {
    let chart = GroupedBarChart(
      title: "Colours", caption: "seed 1", categoryAxisLabel: "operation",
      valueAxisLabel: "median ns per element", categories: ["a"],
      series: [
        ChartSeries(name: "naive", color: "#123456", values: [1]), ChartSeries(name: "enum-switch", values: [2]),
      ])
    let root = try #require(SVGTree.parse(chart.svg()))
    #expect(root.all("g", class: "series").map { $0.attributes["fill"] ?? "" } == ["#123456", "#D55E00"])
    let swatches = root.all("g", class: "legend-entry").map { $0.all("rect").first?.attributes["fill"] ?? "" }
    #expect(swatches == ["#123456", "#D55E00"])
  }
}

// MARK: - Fixtures
