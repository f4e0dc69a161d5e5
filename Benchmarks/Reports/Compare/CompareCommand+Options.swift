import BenchmarkEngine
import CommandLineSupport

extension CompareCommand {
  /// `compare`'s options, declared once and read through these declarations
  /// (those of `--show` by `ShowOptions`).
  package enum Options {
    package static let baselineStrategy = OptionSpec.value(
      "--baseline-strategy", "NAME",
      "With one run: the strategy the others are compared\nwith (default: the run's baseline, enum-switch).",
      example: "--baseline-strategy protocol-getter")
    package static let threshold = OptionSpec.value(
      "--threshold", "PERCENT",
      "With two runs: the noise band; a change counts only when\nits whole 95% interval lies beyond it (default: 2 for runs\nwith launch statistics, 5 for older runs).",
      example: "--threshold 2")
    package static let samples = OptionSpec.value(
      "--samples", "LIST",
      "Raw samples (run --samples) for each run, in order:\nbootstrap intervals and --show launch-speed use them.",
      example: "--samples base-samples.csv,new-samples.csv")
    package static let profile = OptionSpec.value(
      "--profile", "PROFILE.csv",
      "With one run: a profile of the same binary (dispatch-bench\nprofile): each row's instruction ratio to the baseline,\nbranches and mispredicts per element beside its time, and\nthe count that explains a gap of more than 2x.",
      example: "--profile results/reference/run-profile.csv")
    package static let format = OptionSpec.choice(
      "--format", "FORMAT", "table (default), markdown, csv or json.",
      choices: OutputFormat.allCases.map(\.rawValue), example: "--format markdown")
    package static let theoreticalNull = OptionSpec.flag(
      "--theoretical-null",
      "With two runs: judge each row by its launches' interval\nalone: no widening by how much more two separate runs'\nrows differ than their launches allow, and no corroboration\nasked of rows their launches decide (see below).")

    // What to show of two runs besides the verdicts (`ShowOptions`).
    package static let show = OptionSpec.choice(
      "--show", "WHAT",
      "With two runs: verdicts (default); drift, how far their\nratios drift apart (the A/A measure); speed, new over base\nper domain; code-bytes, exit 2 unless every row's\ncode_bytes and method are equal (two builds of one source);\nratios, each row's ratio and interval in both, side by side;\nor run-level, how much more their rows differ than their\nlaunches allow (the z-scores compare widens intervals by).\nWith one run and --samples: launch-spread, each row's spread\nover launches against its error within one; or launch-speed,\neach launch's speed, the floor and null apart from the rest.",
      choices: CompareShow.allCases.map(\.rawValue), example: "--show drift")
    package static let operations = OptionSpec.value(
      "--operations", "LIST",
      "With --show ratios: the operations to show, in this order\n(default: every share and feed operation, in the run's).",
      example: "--operations feed.color,feed.apply-background")
    package static let requireCallgrind = OptionSpec.flag(
      "--require-callgrind",
      "With --show code-bytes: also exit 2 unless every share and\nfeed row was counted under callgrind.")
  }
}
