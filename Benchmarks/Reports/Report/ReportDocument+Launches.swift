import BenchmarkResults
import CommandLineSupport

extension ReportDocument {
  /// From this share of its variance between layouts, a row of a layouts
  /// run is called layout-sensitive.
  package static let layoutSensitiveShare = 0.5

  /// "Launches and layouts": how the run spent its launches, and the rows
  /// whose launches fell in two groups (layout-sensitive ratios), each with
  /// its interval and how much of its variance is between launches; empty
  /// for a run with fewer than three launches.
  package func launchLevels() -> String {
    let strategyRows = run.rows.filter { !$0.key.strategy.isReference }
    guard strategyRows.contains(where: { $0.launchVarianceShare != nil }) else { return "" }
    var text = "## Launches and layouts\n\n"
    text += launchesSummary(strategyRows)
    let layoutRun = strategyRows.contains { $0.layouts > 1 }
    let bimodal = strategyRows.filter {
      layoutRun ? ($0.layoutVarianceShare ?? 0) >= Self.layoutSensitiveShare : $0.bimodalLaunches == true
    }
    guard !bimodal.isEmpty else {
      return text
        + (layoutRun
          ? "No row has half or more of its variance between layouts.\n\n"
          : "No row's launches fell in two separate groups: no ratio here depends on the layout a launch draws.\n\n")
    }
    text += "### Layout-sensitive rows\n\n"
    if layoutRun {
      text += "These rows have half or more of their variance between the run's layouts (`layout_variance_share`): "
      text += "where the linker puts the code moves the ratio more than launches do, which is a finding about the "
      text += "pattern at that size, not only noise. Their intervals are over the layouts' means; "
      text += "quote them as a range, not a single figure.\n\n"
    } else {
      text += "These rows' launches fell in two separate groups (`bimodal_launches`): the ratio depends on a "
      text += "layout a launch draws, one of two, which is a finding about the pattern at that size and not only "
      text += "noise. Their intervals cover both layouts in proportion to how often the launches drew them; "
      text += "quote them as a range, not a single figure.\n\n"
    }
    let lines = bimodal.map { row -> [String] in
      [
        row.key.feed.domain, row.key.operation, row.key.strategy.rawValue, row.key.feed.size.groupedDigits,
        row.key.feed.distribution, row.key.mode.rawValue, describeRatio(row), String(row.launches),
        (layoutRun ? row.layoutVarianceShare : row.launchVarianceShare).map { DecimalText.fixed($0 * 100, 0) + "%" }
          ?? "",
      ]
    }
    let header = [
      "domain", "operation", "strategy", "size", "layout", "mode", "ratio (95%)", "launches",
      layoutRun ? "between layouts" : "between launches",
    ]
    text += TextTable.render(header: header, rows: lines, markdown: true, rightAligned: [3, 6, 7, 8])
    return text + "\n"
  }

  /// The launches' design in a paragraph: how many launches the rows got,
  /// how many met the run's target resolution, and the median share of
  /// variance between launches.
  private func launchesSummary(_ rows: [TimingRow]) -> String {
    let launches = rows.map(\.launches)
    var text = "Rows were timed in \(launches.min()!)"
    if launches.max()! != launches.min()! { text += " to \(launches.max()!)" }
    text += " launches"
    let layouts = rows.map(\.layouts).max() ?? 1
    if layouts > 1 {
      text += " in all, over \(layouts) layouts of the build (its code relinked in \(layouts) function orders)"
    }
    if let target = rows.compactMap(\.targetResolution).first {
      let met = rows.filter { $0.metTarget == true }.count
      text += " (adaptive: every case in the first launches, then only those short of a resolution of "
      text += "\(CSVNumber.text(target * 100))%); \(met) of \(rows.count) strategy rows met it"
    }
    let layoutShares = rows.compactMap(\.layoutVarianceShare).sorted()
    if layouts > 1, let median = SampleStatistics.percentile(layoutShares, 0.5) {
      text += ". The median row's share of variance between layouts is "
      text += DecimalText.fixed(median * 100, 0) + "%, and "
      text += "\(layoutShares.filter { $0 >= Self.layoutSensitiveShare }.count) rows have half or more of it there"
    }
    let shares = rows.compactMap(\.launchVarianceShare).sorted()
    if let median = SampleStatistics.percentile(shares, 0.5) {
      text += ". Of the variance of one launch's estimate of a ratio, the median row's share between launches "
      text += "(not sampling within one) is \(DecimalText.fixed(median * 100, 0))%"
    }
    return text + " (Guides/Method.md, \"Adaptive launches\").\n\n"
  }

  private func describeRatio(_ row: TimingRow) -> String {
    guard let ratio = row.ratioToBaseline else { return "" }
    var text = DecimalText.significant(ratio, 3) + "×"
    if let low = row.ratioToBaselineLow, let high = row.ratioToBaselineHigh, row.key.strategy != run.info.baseline {
      text += " (" + DecimalText.significant(low, 3) + "–" + DecimalText.significant(high, 3) + ")"
    } else if row.key.strategy == run.info.baseline, let floor = row.ratioToFloor {
      text = DecimalText.significant(floor, 3) + "× the floor"
    }
    return text
  }
}
