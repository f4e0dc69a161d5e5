@testable import BenchmarkEngine
@testable import Reports
import BenchmarkResults
import TestSupport
import Foundation
import Testing

/// Reading run CSVs back: what `compare` and `report` accept and refuse.
@Suite struct RunFileTests {
  static func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID()).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let valid = SampleRuns.results().document
  static let columns = Schema.run.names

  /// Reads a run CSV through the results module, as compare and report do.
  static func loadRun(_ path: String) throws -> RunFile {
    guard case .run(let file) = try Schema.load(path) else { throw ResultsError("\(path) is a profile") }
    return file
  }

  func expectRejected(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(sourceLocation: sourceLocation) {
      try Self.loadRun(path)
    } throws: { error in
      let error = error as? ResultsError
      #expect(error?.message.hasPrefix(path) == true, sourceLocation: sourceLocation)
      #expect(error?.message.contains(message) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
      return true
    }
  }

  @Test func readsARunBack() throws {
    let path = try Self.write(Self.valid)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Self.loadRun(path)
    #expect(run.rows.count == SampleRuns.results().rows.count)
    #expect(run.info.machine.cpuModel == "Test CPU, \"quoted\", with commas")
    let getter = try #require(run.rows.first { $0.key.strategy == "protocol-getter" })
    #expect(getter.key.operation == "feed.identifier" && getter.key.feed.size == 1000)
    #expect(getter.statistics.count == 10 && getter.elementStride == 8 && getter.footprintBytesPerElement == 40.5)
  }

  @Test func readsCRLFAndAByteOrderMark() throws {
    let text =
      "\u{FEFF}" + Self.valid.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.loadRun(path).rows.count == SampleRuns.results().rows.count)
  }

  /// Version 4, the oldest read, by the same code; and a run without the
  /// optional allocation and hardware-counter columns reads them as no
  /// value.
  @Test func readsTheEarlierSchemaVersion() throws {
    let table = try CSVReader.parse(Self.valid)
    let dropped: Set<String> = [
      "alloc_calls_per_element", "alloc_bytes_per_element", "cycles_per_element",
      "instructions_per_element", "branch_misses_per_element",
    ]
    let keep = table.header.indices.filter { !dropped.contains(table.header[$0]) }
    let version = try #require(table.header.firstIndex(of: "schema_version"))
    var text = CSVWriter.record(keep.map { table.header[$0] })
    for record in table.records {
      var fields = record.fields
      fields[version] = "4"
      text += CSVWriter.record(keep.map { fields[$0] })
    }
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Self.loadRun(path)
    #expect(run.rows.count == table.records.count)
    #expect(run.rows.allSatisfy { $0.allocationsPerElement == nil })
  }

  @Test func refusesAFileThatIsNotARun() throws {
    try expectRejected("name,value\na,1\n", "not a dispatch-bench run CSV")
  }

  @Test func refusesAMissingColumn() throws {
    let lines = Self.valid.split(separator: "\n").map(String.init)
    let header = lines[0].split(separator: ",").map(String.init)
    let drop = try #require(header.firstIndex(of: "median_ns"))
    let text = try lines.map { line -> String in
      var fields = try CSVReader.parse(lines[0] + "\n" + line).records.first?.fields ?? header
      if line == lines[0] { fields = header }
      fields.remove(at: drop)
      return CSVWriter.record(fields)
    }.joined()
    try expectRejected(text, "line 1: missing column \"median_ns\"")
  }

  @Test func refusesAColumnNamedTwice() throws {
    let lines = Self.valid.split(separator: "\n").map(String.init)
    try expectRejected(
      lines[0] + ",median_ns\n" + lines[1] + ",1\n",
      "line 1, column \(Self.columns.count + 1): the column \"median_ns\" appears again")
  }

  @Test func refusesAnUnknownSchemaVersion() throws {
    let text = Self.valid.replacingOccurrences(
      of: "\n\(Schema.runVersion),test-run", with: "\n7,test-run")
    #expect(text != Self.valid)
    try expectRejected(text, "line 2, column 1 (schema_version): unknown schema version \"7\"")
  }

  @Test func refusesAMalformedRow() throws {
    let lines = Self.valid.split(separator: "\n").map(String.init)
    try expectRejected(
      lines[0] + "\n" + lines[1] + ",extra\n",
      "line 2: \(Self.columns.count + 1) fields where the header has \(Self.columns.count)")
    let bad = lines[1].replacingOccurrences(of: ",interleaved,10,", with: ",interleaved,ten,")
    let column = try #require(Self.columns.firstIndex(of: "samples")) + 1
    try expectRejected(
      lines[0] + "\n" + bad + "\n", "line 2, column \(column) (samples): \"ten\" is not a whole number")
    try expectRejected(lines[0] + "\n" + lines[1] + "\n\"open\n", "unterminated quoted field")
  }

  @Test func refusesAHeaderWithoutRowsAndDuplicateCells() throws {
    let lines = Self.valid.split(separator: "\n").map(String.init)
    try expectRejected(lines[0] + "\n", "has a header but no rows")
    try expectRejected(lines[0] + "\n" + lines[1] + "\n" + lines[1] + "\n", "line 3: the row")
  }

  @Test func namesAFileThatCannotBeRead() throws {
    #expect {
      try Self.loadRun("/nonexistent/run.csv")
    } throws: { error in
      (error as? ResultsError)?.message == "/nonexistent/run.csv: cannot open: No such file or directory"
    }
  }
}

/// The column tables: what the writer writes, the reader reads back, and
/// every committed results file still reads.
@Suite struct ColumnTableTests {
  /// A row with a distinct value in every field the run CSV has.
  static func distinctRecord() -> RunRecord {
    var info = SampleRuns.info
    info.complete = false
    info.baseline = "protocol-getter"
    info.seed = 42
    // Each phase a distinct number of seconds, and a wall they add up to.
    let seconds = Dictionary(uniqueKeysWithValues: RunTime.Phase.allCases.enumerated().map { ($1, Double($0) + 0.25) })
    info.time = RunTime(wall: seconds.values.reduce(0, +), seconds: seconds)
    info.claimsSettled = 48.25
    let feed = FeedID(domain: "share", size: 12_345, distribution: "skewed", kinds: 3, source: "my, \"feed\".json")
    var statistics = SampleStatistics.of([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    statistics.mean = 5.4321
    var row = TimingRow(
      key: ResultKey(BenchmarkCase(feed: feed, operation: "share.line", mode: BuildMode(rawValue: "app")), "naive"),
      schedule: "sequential", statistics: statistics, elementsPerSample: 777, checksum: "0123456789abcdef")
    row.ratioToBaseline = 1.25
    row.ratioToFloor = 9.5
    row.elementStride = 16
    row.footprintBytesPerElement = 48.5
    row.allocationsPerElement = 1.5
    row.allocatedBytesPerElement = 64
    row.cyclesPerElement = 11.25
    row.instructionsPerElement = 31
    row.branchMissesPerElement = 0.0625
    row.suspect = true
    row.launches = 3
    row.ratioToBaselineLow = 1.5
    row.ratioToBaselineHigh = 2.5
    row.tracked = "enum-switch"
    row.trackedLogError = 0.03125
    row.trackedDegrees = 6
    row.resolution = 0.0625
    row.netMedian = 7.75
    row.shuffleSeed = 12_345_678_901_234_567_890
    row.slice = 2_048
    row.codeBytes = 1_234
    row.codeBytesMethod = .callgrind
    row.interruptedShare = 0.0125
    row.launchSpeedSpread = 1.375
    row.targetResolution = 0.04
    row.metTarget = false
    row.launchVarianceShare = 0.875
    row.bimodalLaunches = true
    row.build = "osize"
    row.layouts = 4
    row.layoutVarianceShare = 0.625
    row.writtenAs = "protocol-getter"
    return RunRecord(info: info, row: row)
  }

  @Test func theWriterAndReaderAgreeOnEveryColumn() throws {
    let record = Self.distinctRecord()
    let text = Schema.run.document([record])
    guard case .run(let file) = try Schema.parse(text, path: "round-trip.csv") else {
      Issue.record("read as a profile")
      return
    }
    let read = try #require(file.rows.first)
    // Written again, every field is what was written the first time.
    let again = Schema.run.fields(RunRecord(info: file.info, row: read))
    let first = Schema.run.fields(record)
    for (index, column) in Schema.run.columns.enumerated() {
      #expect(again[index] == first[index], "column \(column.name)")
    }
    // And no column is written empty, so none is silently left out.
    for (index, column) in Schema.run.columns.enumerated() {
      #expect(!first[index].isEmpty && first[index] != "n/a", "column \(column.name) wrote nothing")
    }
  }

  /// When the claims settled reads back; empty (never settled, fixed
  /// launches) reads as none, and so does a file from before the column,
  /// such as the committed reference run.
  @Test func theClaimsSettledColumnReadsBackOrReadsAsNone() throws {
    var record = Self.distinctRecord()
    for (settled, text) in [(48.25, "48.25"), (nil, "")] as [(Double?, String)] {
      record.info.claimsSettled = settled
      let document = Schema.run.document([record])
      let table = try CSVReader.parse(document)
      let column = try #require(table.header.firstIndex(of: "claims_settled_seconds"))
      #expect(table.records[0].fields[column] == text)
      guard case .run(let file) = try Schema.parse(document, path: "settled.csv") else {
        Issue.record("read as a profile")
        return
      }
      #expect(file.info.claimsSettled == settled)
    }
    let reference = Fixtures.packageRoot + "/results/reference/run.csv"
    #expect(
      try !CSVReader.parse(String(contentsOfFile: reference, encoding: .utf8)).header.contains("claims_settled_seconds")
    )
    #expect(try RunFileTests.loadRun(reference).info.claimsSettled == nil)
  }

  @Test func theProfileWriterAndReaderAgreeOnEveryColumn() throws {
    var info = SampleRuns.info
    info.schemaVersion = Schema.profileVersion
    let counts = Dictionary(uniqueKeysWithValues: ProfileMetric.all.enumerated().map { ($1, Double($0) + 0.5) })
    let row = ProfileRow(key: Self.distinctRecord().row.key, counts: counts)
    let text = ProfileFile.document(info: info, tool: "valgrind, \"3.19\"", rows: [row])
    guard case .profile(let file) = try Schema.parse(text, path: "round-trip.csv") else {
      Issue.record("read as a run")
      return
    }
    #expect(file.rows == [row])
    #expect(file.tool == "valgrind, \"3.19\"")
    #expect(file.info == info)
  }

  @Test func theSamplesWriterAndReaderAgreeOnEveryColumn() throws {
    let key = Self.distinctRecord().row.key
    let samples = (0..<3).map {
      RawSample(
        key: key, index: $0, launch: 2, round: 7 + $0, position: 4, elementsPerSample: 99,
        nanosecondsPerElement: 1.5 + Double($0))
    }
    let path = try RunFileTests.write(SamplesFile.document(runID: "r", samples: samples))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try SamplesFile.load(path)
    #expect(file.runID == "r")
    #expect(file.samples[key] == samples)
  }

  /// Every results file committed under results/reference reads, as the
  /// command that takes it reads it: runs and profiles as compare does,
  /// samples as `compare --samples` does, a scaling directory as `report
  /// --scaling` does. A CSV of another kind fails, so a new kind of file is
  /// not committed unread.
  @Test func everyCommittedResultsFileStillReads() throws {
    let directory = Fixtures.packageRoot + "/results/reference"
    let paths = try Fixtures.files(under: directory).filter { $0.hasSuffix(".csv") }
    #expect(!paths.isEmpty)
    for path in paths {
      let name = (path as NSString).lastPathComponent
      if ["compile-time.csv", "edit-cost.csv"].contains(name) {
        _ = try ScalingTables.load(
          (path as NSString).deletingLastPathComponent, option: ReportCommand.declared.scaling.spec)
      } else if name.hasSuffix("-samples.csv") {
        #expect(!(try SamplesFile.load(path)).samples.isEmpty, "\(path)")
      } else {
        switch try Schema.load(path) {
        case .run(let file): #expect(!file.rows.isEmpty, "\(path)")
        case .profile(let file): #expect(!file.rows.isEmpty, "\(path)")
        }
      }
    }
  }

  /// The fixtures cut from real runs read, and hold every schema version
  /// the reader accepts, so a version stays tested whatever results/ holds.
  @Test func theFixturesHoldEverySchemaVersionAndRead() throws {
    let directory = Fixtures.runs
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".csv") }
    var runVersions: Set<String> = []
    var profileVersions: Set<String> = []
    for name in names {
      switch try Schema.load(directory + "/" + name) {
      case .run(let file):
        #expect(!file.rows.isEmpty, "\(name)")
        runVersions.insert(file.info.schemaVersion)
      case .profile(let file):
        #expect(!file.rows.isEmpty, "\(name)")
        profileVersions.insert(file.info.schemaVersion)
      }
    }
    #expect(runVersions == Schema.readableRunVersions, "run versions with a fixture in \(directory)")
    #expect(profileVersions == Schema.readableProfileVersions, "profile versions with a fixture in \(directory)")
  }

  /// A run of schema 1 to 3 (compared on medians, before launches) is
  /// refused, naming its schema and what to do, with the exit status of an
  /// unreadable input.
  @Test(arguments: ["1", "2", "3"])
  func aRetiredSchemaIsRefusedByName(version: String) throws {
    let table = try CSVReader.parse(RunFileTests.valid)
    let column = try #require(table.header.firstIndex(of: "schema_version"))
    var text = CSVWriter.record(table.header)
    for record in table.records {
      var fields = record.fields
      fields[column] = version
      text += CSVWriter.record(fields)
    }
    let path = try RunFileTests.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect {
      try Schema.load(path)
    } throws: { error in
      "\(error)".contains("schema version \(version) is an older dispatch-bench's")
        && "\(error)".contains("this build reads versions 4 and 5")
    }
    let compare = InProcess.main(["compare", path])
    #expect(compare.status == 65, "\(compare.errors)")
    #expect(compare.errors.contains("schema version \(version)"), "\(compare.errors)")
  }

}
