@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import Foundation
import TestSupport
import Testing
import RunContract

/// A run names a disturbed machine: a launch that lost its CPU to another
/// process (many samples far over their row's median), or a machine whose
/// speed moved between launches (the floor and null rows); a quiet run is
/// not flagged, and `compare` warns of a disturbed run before its verdicts.
@Suite struct MachineDisturbanceTests {
  static let keys = [
    SampleRuns.feed().key("feed.color", "enum-switch"), SampleRuns.feed().key("feed.color", "protocol-getter"),
    SampleRuns.feed().key("feed.color", .floor), SampleRuns.feed().key("feed.color", .null),
  ]

  /// Six launches of 400 samples per row, each `1 ± 1%`; in the launches
  /// listed, every `cutEvery`-th sample took 50× as long, and every sample
  /// of a launch is `speed[launch]` times slower.
  static func samples(cutIn cut: Set<Int> = [], cutEvery: Int = 0, speed: [Int: Double] = [:]) -> [RawSample] {
    var generator = SplitMix64(seed: 7)
    var samples: [RawSample] = []
    for key in keys {
      for launch in 0..<6 {
        for index in 0..<400 {
          let jitter = 1 + (Double(generator.next() % 200) - 100) / 10_000
          var value = jitter * (speed[launch] ?? 1)
          if cut.contains(launch) && cutEvery > 0 && index % cutEvery == 0 { value *= 50 }
          samples.append(
            RawSample(
              key: key, index: index, launch: launch, round: index, elementsPerSample: 1_000,
              nanosecondsPerElement: value))
        }
      }
    }
    return samples
  }

  @Test func aQuietRunIsNotFlagged() throws {
    let disturbance = try #require(MachineDisturbance(Self.samples(cutIn: [0, 3], cutEvery: 2_000)))
    #expect(!disturbance.isDisturbed, "\(disturbance)")
    #expect(disturbance.reason == nil)
  }

  /// A busy loop on the same CPU for the second half: 1 sample in 50 cut.
  @Test func aLaunchThatSharedItsCPUIsFlagged() throws {
    let disturbance = try #require(MachineDisturbance(Self.samples(cutIn: [3, 4, 5], cutEvery: 50)))
    #expect(disturbance.isDisturbed)
    #expect(abs(disturbance.interruptedShare - 0.02) < 0.001)
    #expect(disturbance.reason?.contains("another process shared its CPU") == true)
  }

  @Test func aMachineWhoseSpeedMovedIsFlagged() throws {
    let disturbance = try #require(MachineDisturbance(Self.samples(speed: [4: 1.5, 5: 1.5])))
    #expect(abs(disturbance.launchSpeedSpread - 1.5) < 0.03)
    #expect(disturbance.isDisturbed)
    #expect(disturbance.reason?.contains("moved by") == true)
  }

  @Test func noSamplesTellNothing() {
    #expect(MachineDisturbance([]) == nil)
  }

  /// The rows record it, the CSV keeps it, and compare warns of it.
  @Test func compareWarnsOfADisturbedRun() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var quiet = SampleRuns.results()
    quiet.samples = quiet.rows.map(\.key).flatMap { key in
      (0..<10).map {
        RawSample(key: key, index: $0, launch: $0 % 2, round: $0, elementsPerSample: 1_000, nanosecondsPerElement: 1)
      }
    }
    quiet.computeRatios()
    quiet.recordDisturbance()
    var disturbed = quiet
    for index in disturbed.rows.indices { disturbed.rows[index].interruptedShare = 0.03 }
    let (a, b) = (directory + "/quiet.csv", directory + "/disturbed.csv")
    try quiet.document.write(toFile: a, atomically: true, encoding: .utf8)
    try disturbed.document.write(toFile: b, atomically: true, encoding: .utf8)
    guard case .run(let read) = try Schema.load(b) else {
      Issue.record("\(b) does not read as a run")
      return
    }
    #expect(read.rows.first?.interruptedShare == 0.03)
    let result = try Subprocess.run(["compare", a, b])
    #expect(result.standardError.contains("was timed on a disturbed machine"), "\(result.standardError)")
    #expect(result.standardError.contains(b))
    #expect(!result.standardError.contains("\(a) was timed"))
  }
}
