import BenchmarkResults
import CommandLineSupport
import RunContract

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

  /// The options, each declared once with its type and default.
  package struct Options: OptionGroup {
    package let launches = AdvisedRunOptions.launches
    package let targetResolution = Option.fraction(
      "--target-resolution", "PERCENT",
      """
      Adaptive launches: after --min-launches, launch again only
      the cases whose ratios would not yet tell a change of
      PERCENT from none, the widest first (default: \(CSVNumber.text(AdaptiveSettings().targetResolution * 100))).
      """,
      example: "--target-resolution 3", percentBelow: 100
    ).default(AdaptiveSettings().targetResolution)
    package let maxTime = AdvisedRunOptions.maxTime
    package let minLaunches = Option.integer(
      "--min-launches", "N",
      """
      Adaptive launches: the launches that time every case
      (default: \(AdaptiveSettings().initialLaunches)).
      """,
      example: "--min-launches 6", in: 2...1_000
    ).default(AdaptiveSettings().initialLaunches)
    /// `nil`: the default's, or --min-launches when that is more.
    package let maxLaunches = Option.integer(
      "--max-launches", "N",
      "Adaptive launches: the most any case is given (default: \(AdaptiveSettings().maxLaunches)).",
      example: "--max-launches 60", in: 2...1_000)

    /// Those that set adaptive launches, which --launches excludes.
    static var adaptive: [PartialKeyPath<Options>] { [\.targetResolution, \.maxTime, \.minLaunches, \.maxLaunches] }

    package init() {}
  }

  /// The design `arguments` ask for; `quick` runs one launch unless told
  /// otherwise.
  package init(_ arguments: OptionValues<Options>, quick: Bool) throws(CommandError) {
    let given = arguments.given(Options.adaptive)
    if let launches = try arguments.launches {
      if let option = given.first {
        throw .usage(
          "\(arguments.group.launches.name) fixes the number of launches; "
            + "\(option.name) sets adaptive launches: give one or the other",
          command: arguments.command)
      }
      self = .fixed(launches)
      return
    }
    if quick && given.isEmpty {
      self = .fixed(1)
      return
    }
    self = .adaptive(try AdaptiveSettings(arguments))
  }
}

extension AdaptiveSettings {
  package init(_ arguments: OptionValues<LaunchDesign.Options>) throws(CommandError) {
    self.init()
    targetResolution = try arguments.targetResolution
    maxTime = try arguments.maxTime
    initialLaunches = try arguments.minLaunches
    maxLaunches = try arguments.maxLaunches ?? max(maxLaunches, initialLaunches)
    guard maxLaunches >= initialLaunches else {
      let options = arguments.group
      throw .usage(
        "\(options.maxLaunches.name) \(maxLaunches) is fewer than \(options.minLaunches.name) \(initialLaunches)",
        command: arguments.command)
    }
  }
}
