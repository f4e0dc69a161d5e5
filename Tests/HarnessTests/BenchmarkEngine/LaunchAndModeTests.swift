@testable import CommandLineSupport
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import TestSupport
import Testing

/// `run --launches` and `--modes` as a subprocess: what the rows record,
/// never how fast anything was.
@Suite struct LaunchAndModeTests {
  /// A quick, quiet run of `arguments` into a scratch directory, removed
  /// after: its status, standard error, and run and samples files.
  static func runFile(_ arguments: [String]) throws -> (
    status: Int32, error: String, file: RunFile?, samples: SamplesFile?
  ) {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/run.csv"
    let samples = directory + "/samples.csv"
    let result = try Subprocess.run(
      ["run", "--allow-debug-build", "--quick", "--quiet", "--output", output, "--samples", samples]
        + arguments)
    guard result.status == 0 else { return (result.status, result.standardError, nil, nil) }
    guard case .run(let file) = try Schema.load(output) else { return (result.status, result.standardError, nil, nil) }
    return (result.status, result.standardError, file, try SamplesFile.load(samples))
  }

  @Test func twoLaunchesRecordTwoLaunchesForEveryStrategyTheNullAndTheFloor() throws {
    let run = try Self.runFile(["--operations", "feed.identifier", "--launches", "2"])
    #expect(run.status == 0, "\(run.error)")
    let file = try #require(run.file)
    for mode in BuildMode.all {
      let rows = file.rows.filter { $0.key.mode == mode }
      #expect(rows.map(\.key.strategy) == Registry.names.map { StrategyID($0) } + [.floor, .null])
      #expect(rows.allSatisfy { $0.launches == 2 && $0.trackedDegrees != nil && $0.resolution != nil })
    }
    // Every sample says which launch and round it came from, and both
    // launches' rounds pair with the baseline's.
    let samples = try #require(run.samples).samples
    try #require(!samples.isEmpty, "the samples file holds no samples")
    for (key, list) in samples {
      #expect(Set(list.map(\.launch)) == [0, 1], "\(key)")
      let baseline = try #require(samples[ResultKey(key.benchmarkCase, "enum-switch")], "\(key): no baseline samples")
      let pairs = Set(baseline.map { [$0.launch, $0.round] })
      #expect(list.allSatisfy { pairs.contains([$0.launch, $0.round]) }, "\(key)")
    }
  }

  /// Where a run of two launches spent its time: every row carries the
  /// same phases, which add up to its wall time; the samples account for
  /// its sampling seconds; building and launching, which two launch
  /// processes cannot avoid, are not zero; and the run says it in a line.
  @Test func aRunRecordsWhereItsTimeWentAndSaysItsSamplingShare() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (output, samplesPath) = (directory + "/run.csv", directory + "/samples.csv")
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--quick", "--operations", "feed.identifier", "--modes", "app", "--launches", "2",
      "--output", output, "--samples", samplesPath, "--format", "csv",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    guard case .run(let file) = try Schema.load(output) else { throw CheckoutError("\(output) is not a run") }
    let time = try #require(file.info.time, "the run recorded no time")
    let total = RunTime.Phase.allCases.reduce(0) { $0 + time[$1] }
    #expect(abs(total - time.wall) <= 0.01 * time.wall, "phases \(total) s against a wall of \(time.wall) s")
    #expect(time[.building] > 0 && time[.launching] > 0 && time[.sampling] > 0)
    // The timed loops' seconds are the samples' durations, and no more:
    // the clock stops where each sample's does.
    let sampled = try SamplesFile.load(samplesPath).samples.values.joined()
      .reduce(0.0) { $0 + Double($1.elementsPerSample) * $1.nanosecondsPerElement / 1e9 }
    #expect(abs(time[.sampling] - sampled) <= 0.02 * sampled, "sampling \(time[.sampling]) s, samples \(sampled) s")
    // Every row repeats the run's time, as it repeats the run's seed.
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").dropFirst()
    #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("," + CSVNumber.text(time.wall) + ",") })
    #expect(result.standardError.contains("time: \(CSVNumber.text((time.samplingShare * 100).rounded()))% of "))
  }

  /// Two builds in one run. The other build is a script that logs how it
  /// was started and then runs this binary: its launches alternate with
  /// this build's, the other first in every other pair, never given the
  /// parent's own options; each build's file has every row of the plan with
  /// both launches' statistics, and the two files compare row for row.
  @Test func anAlternateBuildsLaunchesAlternateWithThisOnesAndWriteItsOwnFile() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (own, other, log, wrapper) = (
      directory + "/new.csv", directory + "/base.csv", directory + "/log.txt", directory + "/other-build"
    )
    try "#!/bin/sh\necho \"$*\" >> \(log)\nexec \(Subprocess.executable) \"$@\"\n".write(
      toFile: wrapper, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--quick", "--operations", "feed.identifier", "--launches", "2",
      "--alternate-with", wrapper, "--alternate-output=\(other)", "--output", own,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // The notes wrap to the terminal's width: read as one line each.
    #expect(
      result.standardError.replacing(/\n +/, with: " ").contains("its launches alternating with these, to \(other)"))
    // The other build ran launch 1 first and launch 2 second (this build's
    // launches leave no line): its two lines, launch indices 0 and 1.
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["_launch 0", "_launch 1"])
    #expect(lines.allSatisfy { !$0.contains("--alternate") })
    guard case .run(let ownFile) = try Schema.load(own), case .run(let otherFile) = try Schema.load(other) else {
      Issue.record("no run files")
      return
    }
    #expect(ownFile.rows.map(\.key) == otherFile.rows.map(\.key))
    #expect(Set(otherFile.rows.map(\.key.strategy)) == Set(Registry.names.map { StrategyID($0) } + [.floor, .null]))
    for file in [ownFile, otherFile] {
      #expect(file.rows.allSatisfy { $0.launches == 2 && $0.trackedLogError != nil })
    }
    #expect(otherFile.info.command.contains("other-build, alternating with: dispatch-bench run"))
    #expect(otherFile.info.runID != ownFile.info.runID)
    let compared = try Subprocess.run(["compare", other, own])
    #expect(compared.status == 0 || compared.status == 2, "\(compared.standardError)")
    // One row per strategy in each of the two modes.
    #expect(compared.standardOutput.contains("of \(2 * Registry.names.count) strategy rows"))
  }

  /// A failing other build stops the run, naming it; nothing is written.
  /// A script that exits 3 fails; `/bin/false` exits 1, which from a launch
  /// means its strategies disagree.
  @Test(arguments: [
    (nil, Int32(70), "failed (exit status 3); nothing was written"),
    (
      "/bin/false", Int32(1),
      "exited with status 1: its strategies disagree (its message is above), or it is not a build"
    ),
  ])
  func aFailingAlternateBuildIsNamedAndNothingIsWritten(binary: String?, status: Int32, message: String) throws {
    let directory = try RunCommandTests.temporaryDirectory()
    let scripts = try RunCommandTests.temporaryDirectory()
    defer { Scratch.remove(directory, scripts) }
    let failing = scripts + "/fails"
    try "#!/bin/sh\nexit 3\n".write(toFile: failing, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing)
    let result = try Subprocess.run([
      "run", "--allow-debug-build", "--quick", "--operations", "feed.identifier", "--launches", "2",
      "--alternate-with", binary ?? failing, "--alternate-output", directory + "/base.csv", "--output",
      directory + "/new.csv",
    ])
    #expect(result.status == status)
    #expect(result.standardError.contains("launch 1 of 2 of /"))
    #expect(result.standardError.contains(message))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
  }

  @Test(arguments: [
    (["--alternate-with", "/bin/sh"], "--alternate-with needs --alternate-output PATH"),
    (["--alternate-output", "/tmp/x.csv"], "--alternate-output needs --alternate-with BINARY"),
    (
      ["--alternate-with", "/nonexistent/dispatch-bench", "--alternate-output", "/tmp/x.csv"],
      "is not an executable file"
    ),
    (["--alternate-with", "/tmp", "--alternate-output", "/tmp/x.csv"], "is not an executable file"),
    (
      ["--alternate-with", "/bin/sh", "--alternate-output", "/tmp/x.csv", "--output", "/tmp/./x.csv"],
      "--alternate-output and --output name the same file, /tmp/x.csv"
    ),
    (
      ["--alternate-with", "/bin/sh", "--alternate-output", "/tmp/x.csv", "--samples", "/tmp/../tmp/x.csv"],
      "--alternate-output and --samples name the same file"
    ),
  ])
  func aBadAlternateIsRefusedBeforeAnythingRuns(arguments: [String], message: String) throws {
    let result = try Subprocess.run(["run", "--allow-debug-build", "--quick"] + arguments)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message))
  }

  @Test func appModeAloneWritesOnlyAppRows() throws {
    let run = try Self.runFile(["--operations", "share.line", "--modes", "app"])
    #expect(run.status == 0, "\(run.error)")
    let file = try #require(run.file)
    #expect(!file.rows.isEmpty && file.rows.allSatisfy { $0.key.mode == .app })
    // The app modules' outputs were checked against each other's: one checksum.
    let checksums = Set(file.rows.filter { !$0.key.strategy.isReference }.map(\.checksum))
    #expect(checksums.count == 1)
  }

  @Test(arguments: [
    (["--launches", "0"], "--launches", "0"),
    (["--launches", "x"], "--launches", "x"),
    (["--modes", "inline"], "--modes", "boundary, app"),
    (["--modes", ""], "--modes", "boundary, app"),
  ])
  func badValuesAreRefusedNamingTheFlag(arguments: [String], flag: String, named: String) throws {
    let result = try Subprocess.run(["run", "--allow-debug-build", "--quick"] + arguments)
    #expect(result.status == 64)
    #expect(result.standardError.contains(flag))
    #expect(result.standardError.contains(named))
  }

  @Test func runsWithDifferentLaunchCountsAreNotCompared() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var paths: [String] = []
    for launches in [1, 2] {
      var results = SampleRuns.results()
      results.rows = results.rows.map { row in
        var row = row
        row.launches = launches
        row.tracked = row.key.strategy == "enum-switch" ? .floor : "enum-switch"
        row.trackedLogError = 0.01
        row.ratioToFloor = row.ratioToFloor ?? 1
        return row
      }
      let path = "\(directory)/\(launches).csv"
      try results.document.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let result = try Subprocess.run(["compare"] + paths)
    #expect(result.status == 65)
    #expect(result.standardError.contains("1 launch") && result.standardError.contains("--launches"))
  }
}

@Suite struct SamplesPairingTests {
  @Test func aSamplesFileWhoseRoundsDoNotPairIsRefused() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var results = SampleRuns.results()
    let keys = results.rows.map(\.key)
    // Every row sampled in rounds 0…9, except protocol-getter on
    // feed.height, whose rounds 10…19 the baseline never had.
    results.samples = keys.flatMap { key in
      (0..<10).map { round in
        let shifted = key.strategy == "protocol-getter" && key.operation == "feed.height"
        return RawSample(
          key: key, index: round, round: shifted ? round + 10 : round, elementsPerSample: 1_000,
          nanosecondsPerElement: 1)
      }
    }
    results.computeRatios()
    let run = directory + "/run.csv"
    let samples = directory + "/samples.csv"
    try results.document.write(toFile: run, atomically: true, encoding: .utf8)
    try SamplesFile.document(runID: results.info.runID, samples: results.samples)
      .write(toFile: samples, atomically: true, encoding: .utf8)
    let result = try Subprocess.run(["compare", run, "--samples", samples])
    #expect(result.status == 65)
    #expect(result.standardError.contains(samples))
    #expect(result.standardError.contains("do not pair"))
    #expect(result.standardOutput.isEmpty)
  }
}

@Suite struct SyntheticRunTests {
  @Test func aSyntheticRunTimesEveryPatternAtEachNumberOfKinds() throws {
    let run = try LaunchAndModeTests.runFile([
      "--domains", "synthetic", "--kinds", "2,64", "--operations", "synthetic.compute",
    ])
    #expect(run.status == 0, "\(run.error)")
    let file = try #require(run.file, "not a run")
    for kinds in [2, 64] {
      let rows = file.rows.filter { $0.key.feed.kinds == kinds }
      #expect(rows.map(\.key.strategy) == Registry.names.map { StrategyID($0) } + [.floor])
      #expect(rows.allSatisfy { $0.key.feed.domain == "synthetic" && $0.key.mode == .app })
      // Every pattern computed the same outputs.
      #expect(Set(rows.filter { !$0.key.strategy.isReference }.map(\.checksum)).count == 1)
      #expect(rows.allSatisfy { $0.ratioToBaselineLow != nil })
    }
  }
}

/// Messages that name the real problem and the fix.
@Suite struct FirstHourMessageTests {
  @Test func versionPrintsTheVersionSwiftAndTheBuild() throws {
    let result = try Subprocess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("dispatch-bench \(ToolVersion.current)"))
    let build = BuildUnderTest.isDebug ? "debug build" : "release build"
    #expect(
      result.standardOutput.contains("Swift ") && result.standardOutput.contains(build), "\(result.standardOutput)")
  }

  @Test func sizesWithThousandsSeparatorsSayHowToGroupDigits() throws {
    let result = try Subprocess.run(["run", "--allow-debug-build", "--sizes", "1,000,000", "--list"])
    #expect(result.status == 64)
    #expect(result.standardError.contains(#"--sizes: "1,000,000" reads as 3 numbers"#))
    #expect(result.standardError.contains("thousands separators are not accepted; write 1000000"))
  }

  @Test func aFeedFileWithoutFeedSaysToPassIt() throws {
    let result = try Subprocess.run(["dump", "my-feed.json"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("dispatch-bench dump --feed my-feed.json"))
  }
}
