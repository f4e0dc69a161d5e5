import BenchmarkResults
import DispatchModel
import CommandLineSupport
import RunContract

extension CompareCommand {
  /// `compare`'s options, each declared once with its type, in help's
  /// order (those of `--show` read by `ShowOptions`).
  package struct Options: OptionGroup {
    package let baselineStrategy = Option.value(
      "--baseline-strategy", "NAME",
      """
      With one run: the strategy the others are compared
      with (default: the run's baseline, enum-switch).
      """,
      example: "--baseline-strategy protocol-getter"
    ).map { name, _ in name.map { StrategyID($0) } }
    package let threshold = Option.fraction(
      "--threshold", "PERCENT",
      """
      With two runs: the noise band; a change counts only when
      its whole 95% interval lies beyond it (default: 2 for runs
      with launch statistics, 5 for older runs).
      """,
      example: "--threshold 2", percentBelow: 1_000)
    package let samples = Option.value(
      "--samples", "SAMPLES.csv,...",
      """
      Raw samples (run --samples) for each run, in order:
      bootstrap intervals and --show launch-speed use them.
      """,
      example: "--samples base-samples.csv,new-samples.csv")
    package let profile = Option.profile
    package let format = Option.choice(
      "--format", "FORMAT", "table (default), markdown, csv or json.",
      choices: OutputFormat.allCases.map(\.rawValue), example: "--format markdown"
    ).map { name, _ in name.flatMap(OutputFormat.init(rawValue:)) ?? .table }
    package let theoreticalNull = Option.flag(
      "--theoretical-null",
      """
      With two runs: judge each row by its launches' interval
      alone: no widening by how much more two separate runs'
      rows differ than their launches allow, and no corroboration
      asked of rows their launches decide (see below).
      """)
    package let wide = Option.wide

    // What to show of two runs besides the verdicts (`ShowOptions`).
    package let show = Option.choice(
      "--show", "WHAT",
      """
      With two runs: verdicts (default); drift, how far their
      ratios drift apart (the A/A measure); speed, new over base
      per domain; code-bytes, exit 2 unless every row's
      code_bytes and method are equal (two builds of one source);
      ratios, each row's ratio and interval in both, side by side;
      or run-level, how much more their rows differ than their
      launches allow (the z-scores compare widens intervals by).
      With one run and --samples: launch-spread, each row's spread
      over launches against its error within one; launch-speed,
      each launch's speed, the floor and null apart from the rest;
      or rounds-or-launches, per domain, whether more rounds or
      more launches would narrow the rows' ratios to the baseline.
      """,
      choices: CompareShow.allCases.map(\.rawValue), example: "--show drift"
    ).map { name, _ in name.flatMap(CompareShow.init(rawValue:)) ?? .verdicts }
    package let operations = Option.names(
      "--operations", "LIST",
      """
      With --show ratios: the operations to show, in this order
      (default: every share and feed operation, in the run's).
      """,
      example: "--operations feed.color,feed.apply-background", from: SpecOperation.allCases.map(\.rawValue),
      kind: "operation")
    package let requireCallgrind = Option.flag(
      "--require-callgrind",
      """
      With --show code-bytes: also exit 2 unless every share and
      feed row was counted under callgrind.
      """)
  }

  package static let declared = Options()
}
