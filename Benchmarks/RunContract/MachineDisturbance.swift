import BenchmarkResults
import Statistics

/// What the run's own samples say of the machine through the run: whether
/// a launch lost its CPU to another process, and how far the machine's speed
/// moved from launch to launch.
///
/// A process sharing its CPU does not move its rows' medians: a sample
/// lasts microseconds and few are cut by a time slice. It shows in the
/// samples that were: measured on the reference machine (`run --operations
/// feed.identifier,feed.color,share.instagram --sizes 100000 --launches 6`),
/// 0.02–0.1% of each launch's samples took over 4× their row's median on a
/// quiet machine, pinned to one CPU or not, and 1.2–1.9% in each launch
/// that shared its CPU with a busy loop (`taskset -c 0` on both). A machine
/// whose speed swings instead moves every row of a launch alike, which the
/// floor and null rows' medians show (launch to launch within 2% here on a
/// quiet day; 1.4–2.5× on the day Guides/Reproducibility.md measured).
package struct MachineDisturbance: Equatable {
  /// The largest share, over the launches, of a launch's samples that took
  /// over `interruptionFactor` times their row's median.
  package var interruptedShare: Double
  /// The fastest launch's speed over the slowest's, from the floor and
  /// null rows (1 with one launch).
  package var launchSpeedSpread: Double

  /// A sample this many times its row's median was cut by another process.
  package static let interruptionFactor = 4.0
  /// From this share of a launch's samples, the launch shared its CPU.
  package static let interruptedLimit = 0.005
  /// From this spread, the machine's speed moved more than the paired
  /// ratios assume of one process's rows.
  package static let speedSpreadLimit = 1.25

  package var isDisturbed: Bool {
    interruptedShare >= Self.interruptedLimit || launchSpeedSpread >= Self.speedSpreadLimit
  }

  /// Why the run was disturbed, in a sentence; `nil` when it was not.
  package var reason: String? {
    var reasons: [String] = []
    if interruptedShare >= Self.interruptedLimit {
      reasons.append(
        "\(CSVNumber.text(interruptedShare * 100))% of a launch's samples took over "
          + "\(CSVNumber.text(Self.interruptionFactor))× their row's median (a quiet machine: about 0.1% or less): "
          + "another process shared its CPU")
    }
    if launchSpeedSpread >= Self.speedSpreadLimit {
      reasons.append(
        "the machine's speed moved by \(CSVNumber.text(launchSpeedSpread))× between launches (the floor and null rows)")
    }
    return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
  }

  /// From every launch's samples; `nil` without samples.
  package init?(_ samples: [RawSample]) {
    guard !samples.isEmpty else { return nil }
    interruptedShare = Self.interruptedShare(samples)
    launchSpeedSpread = Self.speedSpread(samples)
  }

  package init(interruptedShare: Double, launchSpeedSpread: Double) {
    self.interruptedShare = interruptedShare
    self.launchSpeedSpread = launchSpeedSpread
  }

  private static func interruptedShare(_ samples: [RawSample]) -> Double {
    let medians = Dictionary(grouping: samples, by: \.key).compactMapValues {
      Summary.median($0.map(\.nanosecondsPerElement))
    }
    var counts: [Int: (cut: Int, all: Int)] = [:]
    for sample in samples {
      guard let median = medians[sample.key] else { continue }
      let cut = sample.nanosecondsPerElement > interruptionFactor * median
      counts[sample.launch, default: (0, 0)].cut += cut ? 1 : 0
      counts[sample.launch, default: (0, 0)].all += 1
    }
    return counts.values.map { Double($0.cut) / Double($0.all) }.max() ?? 0
  }

  /// Each launch's speed: the median, over the floor and null rows, of the
  /// row's median in that launch over its median across launches (of the
  /// same layout, with `run --layouts`: a layout moves the floor and the null
  /// as it moves any loop, and that is not the machine).
  private static func speedSpread(_ samples: [RawSample]) -> Double {
    let speeds = launchSpeeds(samples.filter { $0.key.strategy.isReference }).values.filter { $0 > 0 }
    guard let fastest = speeds.min(), let slowest = speeds.max() else { return 1 }
    return slowest / fastest
  }

  /// Each launch's time relative to the run's, from `samples`: the median,
  /// over the rows in it, of the row's median in that launch over the row's
  /// median across its layout's launches (1.25: the launch ran 25% slower).
  /// `compare --show launch-speed` prints it for the reference rows and the
  /// strategy rows apart: when both moved together, the machine did.
  package static func launchSpeeds(_ samples: [RawSample]) -> [Int: Double] {
    struct RowInLayout: Hashable {
      var key: ResultKey
      var layout: Int
    }
    let byRow = Dictionary(grouping: samples) {
      RowInLayout(key: $0.key, layout: $0.launch / LayoutBuilds.launchStride)
    }
    var relative: [Int: [Double]] = [:]
    for rowSamples in byRow.values {
      let byLaunch = Dictionary(grouping: rowSamples, by: \.launch).compactMapValues {
        Summary.median($0.map(\.nanosecondsPerElement))
      }
      guard let across = Summary.median(Array(byLaunch.values)), across > 0 else { continue }
      for (launch, value) in byLaunch { relative[launch, default: []].append(value / across) }
    }
    return relative.compactMapValues { Summary.median($0) }
  }
}

extension MeasuredRun {
  /// Records what the samples say of the machine on every row.
  package mutating func recordDisturbance() {
    guard let disturbance = MachineDisturbance(samples) else { return }
    for index in rows.indices {
      rows[index].interruptedShare = disturbance.interruptedShare
      rows[index].launchSpeedSpread = disturbance.launchSpeedSpread
    }
  }

  /// What the rows record of the machine through the run.
  package var disturbance: MachineDisturbance? {
    guard let row = rows.first, let share = row.interruptedShare, let spread = row.launchSpeedSpread else { return nil }
    return MachineDisturbance(interruptedShare: share, launchSpeedSpread: spread)
  }
}
