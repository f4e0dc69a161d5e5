import BenchmarkResults

/// Everything a run produced: what it ran on, a row per strategy and case,
/// and every raw sample, from every launch. The engine fills in its ratios
/// (`computeRatios()`); what reads a run reads it as its files hold it.
package struct MeasuredRun {
  package var info: RunInfo
  package var rows: [TimingRow]
  package var samples: [RawSample] = []
  /// The layouts the run timed (`run --layouts`): its launches are numbered
  /// apart by layout (`LayoutBuilds.launchStride`), and each ratio's
  /// interval is over layouts. 1 for one build.
  package var layouts = 1

  /// The run as its CSV.
  package var document: String { RunFile.document(info: info, rows: rows) }
  package init(info: RunInfo, rows: [TimingRow], samples: [RawSample] = [], layouts: Int = 1) {
    self.info = info
    self.rows = rows
    self.samples = samples
    self.layouts = layouts
  }
}
