/// `report A.csv B.csv …` (or a folder of runs): the picture of the answer
/// over machines. For each span claim of the answer, each CPU model's 95%
/// interval of the ratio to the enum side by side (its runs pooled, as
/// `answer` pools them), on a log scale; `machines.md` holds the table
/// `answer` prints over the same runs, and links the chart.
package struct MachinesReport {
  package var answer: MachinesAnswer

  /// The chart's file, in the report's folder.
  package static let chartName = "machines.svg"

  /// The span claims, as a chart's categories name them: the claim's name,
  /// shortened where the chart's axis has no room.
  package var claims: [MachineClaim] {
    MachineClaim.all.filter { !$0.picksAPattern }
  }

  package var chart: GroupedBarChart {
    let labels = answer.labels
    let patterns = answer.commonPatterns
    let series = zip(labels, answer.machines).map { label, machine in
      let spans = claims.map { machine.reading($0, among: patterns).span }
      return ChartSeries(
        name: label,
        // The interval's geometric middle: its centre on the log axis.
        values: spans.map { $0.map { ($0.lowerBound * $0.upperBound).squareRoot() } },
        lower: spans.map { $0?.lowerBound }, upper: spans.map { $0?.upperBound })
    }
    return GroupedBarChart(
      title: "Does the answer hold on every machine? Each claim's 95% interval on each CPU model",
      caption: "Ratio to the enum's time (log scale); bars at each interval's middle, whiskers its ends; "
        + "a CPU model's runs pooled. "
        + answer.machines.map { $0.runs.map(\.run.path).joined(separator: ", ") }
        .joined(separator: "; "),
      categoryAxisLabel: "claim (ratios to the enum)", valueAxisLabel: "ratio to enum-switch (log scale)",
      categories: claims.map(\.name), series: series, logarithmic: true)
  }

  /// The report's files: `machines.md` and the chart.
  package func files() -> [(name: String, content: String)] {
    let table = answer.table()
    let markdown = """
      # Over machines

      ![\(chart.title)](\(Self.chartName))

      \(table.render(.markdown))
      """
    return [("machines.md", markdown), (Self.chartName, chart.svg())]
  }
}
