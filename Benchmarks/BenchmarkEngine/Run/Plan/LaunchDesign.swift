import BenchmarkResults
import BinaryInspection
import CommandLineSupport

/// How many launches a run gives each benchmark case: a fixed number
/// (`--launches N`, and `--quick`'s one), or as many as its interval needs
/// (the default; `AdaptiveLaunches`).
package enum LaunchDesign: Equatable {
  /// Every case in each of N launches.
  case fixed(Int)
  /// Every case in the first launches, then only the cases whose interval is
  /// still wider than the target, until each meets it or the time runs out.
  case adaptive(AdaptiveSettings)

  /// The launches that time every case.
  package var initialLaunches: Int {
    switch self {
    case .fixed(let launches): launches
    case .adaptive(let settings): settings.initialLaunches
    }
  }

  package var adaptive: AdaptiveSettings? {
    if case .adaptive(let settings) = self { return settings }
    return nil
  }

  /// The options, declared once and read through these declarations.
  package enum Options {
    package static let launches = OptionSpec.value(
      "--launches", "N",
      "A fixed design: time every case in N processes, each with its\nmemory layout perturbed (--quick: 1). Without it, launches\nare adaptive: see --target-resolution.",
      example: "--launches 5")
    package static let targetResolution = OptionSpec.value(
      "--target-resolution", "PERCENT",
      "Adaptive launches: after --min-launches, launch again only\nthe cases whose ratios would not yet tell a change of\nPERCENT from none, the widest first (default: \(CSVNumber.text(AdaptiveSettings().targetResolution * 100))).",
      example: "--target-resolution 3")
    package static let maxTime = OptionSpec.value(
      "--max-time", "SECONDS",
      "Adaptive launches: start no launch that would end the run\nafter SECONDS, code-size counting included (default: \(Int(AdaptiveSettings().maxTime))).",
      example: "--max-time 600")
    package static let minLaunches = OptionSpec.value(
      "--min-launches", "N",
      "Adaptive launches: the launches that time every case\n(default: \(AdaptiveSettings().initialLaunches)).",
      example: "--min-launches 6")
    package static let maxLaunches = OptionSpec.value(
      "--max-launches", "N",
      "Adaptive launches: the most any case is given (default: \(AdaptiveSettings().maxLaunches)).",
      example: "--max-launches 60")
    /// Those that set adaptive launches, which --launches excludes.
    package static let adaptive = [targetResolution, maxTime, minLaunches, maxLaunches]
  }

  package static let options = [Options.launches] + Options.adaptive

  /// The design `arguments` ask for; `quick` runs one launch unless told
  /// otherwise.
  package init(_ arguments: ParsedArguments, quick: Bool, command: String) throws(CommandError) {
    let given = Options.adaptive.filter { arguments.value($0) != nil }
    if let launches = try arguments.integer(Options.launches, in: 1...1_000) {
      if let option = given.first {
        throw .usage(
          "\(Options.launches.name) fixes the number of launches; \(option.name) sets adaptive launches: give one or the other",
          command: command)
      }
      self = .fixed(launches)
      return
    }
    if quick && given.isEmpty {
      self = .fixed(1)
      return
    }
    self = .adaptive(try AdaptiveSettings(arguments, command: command))
  }
}

/// The settings of adaptive launches (`LaunchDesign.adaptive`).
package struct AdaptiveSettings: Equatable, Codable {
  /// The launches that time every case, before any is chosen.
  package var initialLaunches = 4
  /// A case is settled when each of its rows' `resolution` (the smallest
  /// change of its tracked ratio a comparison with a run like it would tell
  /// from none at 95%) is at most this. From the A/A pairs of
  /// Guides/Reproducibility.md: two runs whose rows all meet 4% drift by a
  /// 95th percentile well under 5%.
  package var targetResolution = 0.04
  /// Seconds from the run's start after which no launch starts that would
  /// not end, with the code-size count after it, within them.
  package var maxTime = 170.0
  /// The most launches any case is given.
  package var maxLaunches = 100

  package init() {}

  package init(_ arguments: ParsedArguments, command: String) throws(CommandError) {
    typealias Options = LaunchDesign.Options
    targetResolution = try arguments.fraction(Options.targetResolution, percentBelow: 100) ?? targetResolution
    if let seconds = try arguments.seconds(Options.maxTime, in: 1...604_800) { maxTime = seconds }
    initialLaunches = try arguments.integer(Options.minLaunches, in: 2...1_000) ?? initialLaunches
    maxLaunches = try arguments.integer(Options.maxLaunches, in: 2...1_000) ?? max(maxLaunches, initialLaunches)
    guard maxLaunches >= initialLaunches else {
      throw .usage(
        "\(Options.maxLaunches.name) \(maxLaunches) is fewer than \(Options.minLaunches.name) \(initialLaunches)",
        command: command)
    }
  }
}
