import BenchmarkResults

/// How fast each launch of a run ran, from its raw samples: `compare
/// RUN.csv --samples RUN-samples.csv --show launch-speed`.
///
/// A run is flagged disturbed when its floor and null rows ran at speeds
/// far apart from launch to launch (`launch_speed_spread`,
/// `MachineDisturbance`). This says which launches, and whether the strategy
/// rows moved with them: when every row of a launch is slower alike, the
/// machine was (another process, a slower CPU for a few seconds); when
/// only the reference rows moved, their loops of a nanosecond or two moved
/// with the launch's layout, and the machine did not.
enum LaunchSpeed {
  /// A launch this far from 1, either way, is marked.
  static let marked = 0.10

  static func report(_ samples: SamplesFile) -> CheckReport {
    let all = samples.samples.values.flatMap { $0 }
    let reference = MachineDisturbance.launchSpeeds(all.filter { $0.key.strategy.isReference })
    let strategies = MachineDisturbance.launchSpeeds(all.filter { !$0.key.strategy.isReference })
    let launches = Set(reference.keys).union(strategies.keys).sorted()
    guard launches.count > 1 else { return .cannotCheck("the samples hold one launch: a launch's speed is against the others") }
    let layouts = launches.contains { $0 >= LayoutBuilds.launchStride }
    let rows = (reference: Set(all.filter { $0.key.strategy.isReference }.map(\.key)).count,
                strategies: Set(all.filter { !$0.key.strategy.isReference }.map(\.key)).count)
    var text = "\(launches.count.counted("launch", plural: "launches")), \(rows.strategies.counted("strategy row")), "
      + "\(rows.reference.counted("floor and null row")). Each launch's time per\n"
      + "element over its rows' usual (each row's median over \(layouts ? "its layout's" : "the run's") launches):\n"
    text += (layouts ? "layout " : "") + "launch  floor and null  strategy rows\n"
    var machine = 0
    for launch in launches {
      let (a, b) = (reference[launch], strategies[launch])
      let note = Self.note(reference: a, strategies: b)
      if note == Self.machineNote { machine += 1 }
      text += (layouts ? DecimalText.fixed(Double(launch / LayoutBuilds.launchStride + 1), 0, width: 6) + " " : "")
        + DecimalText.fixed(Double(launch % LayoutBuilds.launchStride), 0, width: 6)
        + "  " + Self.factor(a, width: 14) + "  " + Self.factor(b, width: 13)
        + (note.map { "  " + $0 } ?? "") + "\n"
    }
    let speeds = reference.values.filter { $0 > 0 }
    if let fastest = speeds.min(), let slowest = speeds.max() {
      let spread = slowest / fastest
      text += "The floor and null rows' launch speed spread: \(DecimalText.fixed(spread, 3))× (a run is flagged\n"
        + "disturbed from \(DecimalText.fixed(MachineDisturbance.speedSpreadLimit, 2))×). "
        + "Every row moved alike by \(DecimalText.fixed(marked * 100, 0))% or more in "
        + "\(machine.counted("launch", plural: "launches"))"
        + (machine > 0 ? ":\nthe machine's speed moved there, not the code's.\n" : ".\n")
    }
    return CheckReport(text: text)
  }

  static let machineNote = "the machine: every row"

  /// What moved in a launch: both kinds of row the same way, or one alone.
  static func note(reference: Double?, strategies: Double?) -> String? {
    func away(_ value: Double?) -> Int {
      guard let value, value > 0 else { return 0 }
      return value >= 1 + marked ? 1 : value <= 1 / (1 + marked) ? -1 : 0
    }
    switch (away(reference), away(strategies)) {
    case (0, 0): return nil
    case (let a, let b) where a == b: return machineNote
    case (_, 0): return "the floor and null alone"
    case (0, _): return "the strategy rows alone"
    default: return "the two apart"
    }
  }

  private static func factor(_ value: Double?, width: Int) -> String {
    guard let value else { return String(repeating: " ", count: width - 1) + "-" }
    return DecimalText.fixed(value, 2, width: width - 1) + "×"
  }
}
