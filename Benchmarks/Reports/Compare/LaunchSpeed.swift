import BenchmarkResults
import CommandLineSupport
import RunContract

/// How fast each launch of a run ran, from its raw samples: `compare
/// RUN.csv --samples RUN-samples.csv --show launch-speed`.
///
/// A run is flagged disturbed when its floor and null rows ran at speeds
/// far apart from launch to launch (`launch_speed_spread`,
/// `MachineDisturbance`). This says which launches, and whether the strategy
/// rows moved with them: when the median strategy row and the median
/// reference row of a launch are slower alike, the machine was (another
/// process, a slower CPU for a few seconds); when only the reference rows
/// moved, their loops of a nanosecond or two moved with the launch's
/// layout, and the machine did not. Layouts are numbered from 1 in seed
/// order; launches within a layout from 0.
package enum LaunchSpeed {
  /// A launch this far from 1, either way, is marked.
  package static let marked = 0.10

  package static func report(_ samples: SamplesFile) -> CheckReport {
    let all = samples.samples.values.flatMap { $0 }
    let reference = MachineDisturbance.launchSpeeds(all.filter { $0.key.strategy.isReference })
    let strategies = MachineDisturbance.launchSpeeds(all.filter { !$0.key.strategy.isReference })
    let launches = Set(reference.keys).union(strategies.keys).sorted()
    let layouts = launches.contains { $0 >= LayoutBuilds.launchStride }
    // A launch's speed is against the other launches of its layout: each
    // needs two at least.
    let perLayout = Dictionary(grouping: launches) { $0 / LayoutBuilds.launchStride }.values.map(\.count)
    guard let fewest = perLayout.min(), fewest > 1 else {
      return .cannotCheck(
        "the samples hold one launch\(layouts ? " in a layout" : ""), and a launch's speed is measured against the "
          + "other launches\(layouts ? " of its layout" : ""): time the run "
          + "with \(AdvisedRunOptions.launches.name) 2 or more, or without \(AdvisedRunOptions.quick.name)")
    }
    let rows = (
      reference: Set(all.filter { $0.key.strategy.isReference }.map(\.key)).count,
      strategies: Set(all.filter { !$0.key.strategy.isReference }.map(\.key)).count
    )
    var text =
      "\(launches.count.counted("launch", plural: "launches")), \(rows.strategies.counted("strategy row")), "
      + "\(rows.reference.counted("floor and null row")). Each launch's time per\n"
      + "element over its rows' usual (each row's median over \(layouts ? "its layout's" : "the run's") launches):\n"
    text += (layouts ? "layout " : "") + "launch  floor and null  strategy rows\n"
    var machine = 0
    for launch in launches {
      let (a, b) = (reference[launch], strategies[launch])
      let move = Move(reference: a, strategies: b)
      if move == .machine { machine += 1 }
      text +=
        (layouts ? DecimalText.fixed(Double(launch / LayoutBuilds.launchStride + 1), 0, width: 6) + " " : "")
        + DecimalText.fixed(Double(launch % LayoutBuilds.launchStride), 0, width: 6)
        + "  " + Self.factor(a, width: 14) + "  " + Self.factor(b, width: 13)
        + (move.text.map { "  " + $0 } ?? "") + "\n"
    }
    let speeds = reference.values.filter { $0 > 0 }
    if let fastest = speeds.min(), let slowest = speeds.max() {
      let spread = slowest / fastest
      text +=
        "The floor and null rows' launch speed spread: \(DecimalText.fixed(spread, 3))× (a run is flagged\n"
        + "disturbed from \(DecimalText.fixed(MachineDisturbance.speedSpreadLimit, 2))×). "
        + "Both kinds moved alike by \(DecimalText.fixed(marked * 100, 0))% or more in "
        + "\(machine.counted("launch", plural: "launches"))"
        + (machine > 0 ? ":\nthe machine's speed moved there, not the code's.\n" : ".\n")
    }
    return CheckReport(text: text)
  }

  /// What moved in a launch, from the median reference row and the median
  /// strategy row: both the same way (the machine), one alone, or the two
  /// apart.
  package enum Move: Equatable {
    case none, machine, referenceAlone, strategiesAlone, apart

    package init(reference: Double?, strategies: Double?) {
      func away(_ value: Double?) -> Int {
        guard let value, value > 0 else { return 0 }
        return value >= 1 + marked ? 1 : value <= 1 / (1 + marked) ? -1 : 0
      }
      switch (away(reference), away(strategies)) {
      case (0, 0): self = .none
      case (let a, let b) where a == b: self = .machine
      case (_, 0): self = .referenceAlone
      case (0, _): self = .strategiesAlone
      default: self = .apart
      }
    }

    /// What the launch's line says beside its factors.
    package var text: String? {
      switch self {
      case .none: nil
      case .machine: "the machine: both moved"
      case .referenceAlone: "the floor and null alone"
      case .strategiesAlone: "the strategy rows alone"
      case .apart: "the two apart"
      }
    }
  }

  private static func factor(_ value: Double?, width: Int) -> String {
    guard let value else { return String(repeating: " ", count: width - 1) + missingFigure }
    return DecimalText.fixed(value, 2, width: width - 1) + "×"
  }
}
