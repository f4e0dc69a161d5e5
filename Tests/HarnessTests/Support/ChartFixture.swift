@testable import Reports
import BenchmarkResults
import Testing

/// The charts every structural test runs on: empty, one and many series,
/// linear and logarithmic, with awkward values.
enum ChartFixture: String, CaseIterable, CustomTestStringConvertible {
  case barLinear, barLogarithmic, barAwkward, barOneValue, barEmpty, barAllNil
  case lineLogarithmic, lineLinear, lineAwkward, lineOneValue, lineEmpty, lineAllNil

  var testDescription: String { rawValue }

  var title: String { "Chart \(rawValue) & <friends>" }
  var caption: String { "Linux x86_64 · Swift 6.3.1 · seed 42" }

  var seriesNames: [String] { series.map(\.name) }

  var series: [ChartSeries] {
    let strategies = ChartPalette.knownNames + ["floor", "null"]
    switch self {
    case .barLinear, .lineLinear:
      return zip(strategies, [2.1, 3.4, 4.8, 1.9, 1.2, 2.6, 3.9, 1.6, 4.1, 0.9, 0.7]).map { name, base in
        ChartSeries(
          name: name, values: [base, base * 1.5, base * 0.7, base * 2],
          lower: [base * 0.9, base * 1.4, nil, base * 1.9], upper: [base * 1.1, base * 1.6, nil, base * 2.2])
      }
    case .barLogarithmic, .lineLogarithmic:
      return zip(strategies, [1.0, 9, 40, 2.5, 0.8, 5, 20, 1.5, 12, 0.2, 0.4]).map { name, base in
        ChartSeries(
          name: name, values: [base, base * 10, base * 30, base * 100],
          lower: [base * 0.9, base * 9, base * 25, base * 80], upper: [base * 1.2, base * 11, base * 33, base * 130])
      }
    case .barAwkward, .lineAwkward:
      return [
        ChartSeries(
          name: "naive", values: [0, -1, nil, .nan], lower: [-1, -2, nil, 0], upper: [1, 0, nil, .infinity]),
        ChartSeries(name: "x & <y>", values: [3, .infinity, 3000, 0.001], lower: [0, 2, -.infinity, 0], upper: [4]),
        ChartSeries(name: "", values: []),
      ]
    case .barOneValue, .lineOneValue:
      return [ChartSeries(name: "enum-switch", values: [100], lower: [100], upper: [100])]
    case .barEmpty, .lineEmpty:
      return []
    case .barAllNil, .lineAllNil:
      return strategies.prefix(3).map { ChartSeries(name: $0, values: [nil, nil, nil, nil], lower: [], upper: []) }
    }
  }

  var svg: String {
    switch self {
    case .barLinear, .barLogarithmic, .barAwkward, .barOneValue, .barEmpty, .barAllNil:
      return GroupedBarChart(
        title: title, caption: caption, categoryAxisLabel: "operation", valueAxisLabel: "median ns per element",
        categories: self == .barOneValue ? ["sum-area"] : ["sum-area", "count-kind", "max-perimeter", "describe"],
        series: series,
        logarithmic: self == .barAwkward ? true : nil
      ).svg()
    case .lineLogarithmic, .lineLinear, .lineAwkward, .lineOneValue, .lineEmpty, .lineAllNil:
      return LineChart(
        title: title, caption: caption, xAxisLabel: "feed size (elements, log scale)",
        yAxisLabel: "median ns per element",
        xValues: self == .lineOneValue ? [10_000] : [0, 1000, 100_000, 1_000_000],
        series: series,
        logarithmicX: true, logarithmicY: self == .lineAwkward ? true : nil
      ).svg()
    }
  }
}

extension GroupedBarChart {
  /// One series over as many categories as values.
  static func sample(values: [Double?], title: String = "Sample") -> GroupedBarChart {
    GroupedBarChart(
      title: title, caption: "seed 1", categoryAxisLabel: "operation", valueAxisLabel: "median ns per element",
      categories: values.indices.map { "op\($0)" }, series: [ChartSeries(name: "naive", values: values)])
  }
}

extension LineChart {
  static func sample(xValues: [Double], values: [Double?]) -> LineChart {
    LineChart(
      title: "Sample", caption: "seed 1", xAxisLabel: "feed size (elements, log scale)",
      yAxisLabel: "median ns per element", xValues: xValues, series: [ChartSeries(name: "naive", values: values)])
  }
}

// MARK: - Reading the SVG back
