@testable import Statistics
import BenchmarkResults
import Testing

@Suite struct CSVTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("cr\rhere", "\"cr\rhere\""),
    ("", ""),
    ("Zoë · 東京", "Zoë · 東京"),
  ])
  func quotesFieldsThatNeedIt(value: String, written: String) {
    #expect(CSVWriter.field(value) == written)
  }

  @Test func roundTripsTrickyFields() throws {
    let header = ["name", "value", "note"]
    let rows = [
      ["a,b", "1", "say \"hi\""],
      ["", "two\nlines", "trailing,"],
      ["\"", ",", "Zoë"],
    ]
    let table = try CSVReader.parse(CSVWriter.document(header: header, rows: rows))
    #expect(table.header == header)
    #expect(table.records.map(\.fields) == rows)
    #expect(table.records.map(\.line) == [2, 3, 5])
  }

  @Test func readsCRLFAndAByteOrderMark() throws {
    let table = try CSVReader.parse("\u{FEFF}a,b\r\n1,\"x\r\ny\"\r\n2,3")
    #expect(table.header == ["a", "b"])
    #expect(table.records.map(\.fields) == [["1", "x\r\ny"], ["2", "3"]])
  }

  @Test func skipsBlankLines() throws {
    let table = try CSVReader.parse("a\n\n1\n\n")
    #expect(table.records.map(\.fields) == [["1"]])
  }

  @Test(arguments: [
    ("a,b\n1,\"open", 2, 3, "unterminated quoted field"),
    ("a,b\n1,x\"y\n", 2, 4, "a quote inside an unquoted field"),
    ("a,b\n\"1\"x,2\n", 2, 4, "unexpected character after a closing quote"),
    ("", 1, 1, "empty file"),
  ])
  func reportsErrorsWithLineAndColumn(text: String, line: Int, column: Int, message: String) {
    #expect {
      try CSVReader.parse(text)
    } throws: { error in
      guard let error = error as? CSVSyntaxError else { return false }
      return error.line == line && error.column == column && error.message.contains(message)
    }
  }

  @Test func aRunCSVRoundTrips() throws {
    let results = SampleRuns.results()
    let table = try CSVReader.parse(results.document)
    #expect(table.header == Schema.run.names)
    #expect(table.records.count == results.rows.count)
    let command = try #require(table.header.firstIndex(of: "command"))
    #expect(table.records.allSatisfy { $0.fields[command] == results.info.command })
    let median = try #require(table.header.firstIndex(of: "median_ns"))
    #expect(try table.records.map { try #require(Double($0.fields[median])) } == results.rows.map(\.statistics.median))
  }
}
