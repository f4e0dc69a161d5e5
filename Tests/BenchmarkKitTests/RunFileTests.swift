@testable import BenchmarkKit
import Foundation
import Testing

/// Reading run CSVs back: what `compare` and `report` accept and refuse.
@Suite struct RunFileTests {
  static func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID()).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let valid = ResultsCSV.document(SampleRuns.results())

  func expectRejected(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(sourceLocation: sourceLocation) {
      try RunFile.load(path)
    } throws: { error in
      let error = error as? CommandError
      #expect(error?.exitStatus == 65, sourceLocation: sourceLocation)
      #expect(error?.message.hasPrefix(path) == true, sourceLocation: sourceLocation)
      #expect(error?.message.contains(message) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
      return true
    }
  }

  @Test func readsARunBack() throws {
    let path = try Self.write(Self.valid)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try RunFile.load(path)
    #expect(run.rows.count == SampleRuns.results().cells.count)
    #expect(run.run["cpu_model"] == "Test CPU, \"quoted\", with commas")
    let getter = try #require(run.rows.first { $0.key.strategy == "protocol-getter" })
    #expect(getter.key.operation == "feed.identifier" && getter.key.size == 1000)
    #expect(getter.samples == 10 && getter.elementStride == 8 && getter.footprintBytesPerElement == 40.5)
  }

  @Test func readsCRLFAndAByteOrderMark() throws {
    let text = "\u{FEFF}" + Self.valid.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try RunFile.load(path).rows.count == SampleRuns.results().cells.count)
  }

  @Test func readsTheEarlierSchemaVersion() throws {
    // Version 1 had no allocation or hardware-counter columns.
    let table = try CSVReader.parse(Self.valid)
    let dropped: Set<String> = [
      "alloc_calls_per_element", "alloc_bytes_per_element", "cycles_per_element",
      "instructions_per_element", "branch_misses_per_element",
    ]
    let keep = table.header.indices.filter { !dropped.contains(table.header[$0]) }
    let version = table.header.firstIndex(of: "schema_version")!
    var text = CSVWriter.record(keep.map { table.header[$0] })
    for record in table.records {
      var fields = record.fields
      fields[version] = "1"
      text += CSVWriter.record(keep.map { fields[$0] })
    }
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try RunFile.load(path)
    #expect(run.rows.count == table.records.count)
    #expect(run.rows.allSatisfy { $0.allocationsPerElement == nil })
  }

  @Test func refusesAFileThatIsNotARun() throws {
    try expectRejected("name,value\na,1\n", "not a dispatch-bench run CSV")
  }

  @Test func refusesAMissingColumn() throws {
    let lines = Self.valid.split(separator: "\n").map(String.init)
    let header = lines[0].split(separator: ",").map(String.init)
    let drop = header.firstIndex(of: "median_ns")!
    let text = lines.map { line -> String in
      var fields = try! CSVReader.parse(lines[0] + "\n" + line).records.first?.fields ?? header
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
      "line 1, column \(ResultsCSV.columns.count + 1): the column \"median_ns\" appears again")
  }

  @Test func refusesAnUnknownSchemaVersion() throws {
    let text = Self.valid.replacingOccurrences(
      of: "\n\(ResultsCSV.schemaVersion),test-run", with: "\n7,test-run")
    #expect(text != Self.valid)
    try expectRejected(text, "line 2, column 1 (schema_version): unknown schema version \"7\"")
  }

  @Test func refusesAMalformedRow() throws {
    let lines = Self.valid.split(separator: "\n").map(String.init)
    try expectRejected(lines[0] + "\n" + lines[1] + ",extra\n", "line 2: \(ResultsCSV.columns.count + 1) fields where the header has \(ResultsCSV.columns.count)")
    let bad = lines[1].replacingOccurrences(of: ",interleaved,10,", with: ",interleaved,ten,")
    let column = ResultsCSV.columns.firstIndex(of: "samples")! + 1
    try expectRejected(lines[0] + "\n" + bad + "\n", "line 2, column \(column) (samples): \"ten\" is not a whole number")
    try expectRejected(lines[0] + "\n" + lines[1] + "\n\"open\n", "unterminated quoted field")
  }

  @Test func refusesAHeaderWithoutRowsAndDuplicateCells() throws {
    let lines = Self.valid.split(separator: "\n").map(String.init)
    try expectRejected(lines[0] + "\n", "has a header but no rows")
    try expectRejected(lines[0] + "\n" + lines[1] + "\n" + lines[1] + "\n", "line 3: the cell")
  }

  @Test func namesAFileThatCannotBeRead() throws {
    #expect {
      try RunFile.load("/nonexistent/run.csv")
    } throws: { error in
      (error as? CommandError)?.message == "/nonexistent/run.csv: cannot open: No such file or directory"
    }
  }
}
