import Foundation
import TestSupport
import Testing

/// `dispatch-bench _columns FILE COLUMN...`, which the scripts read CSV
/// through: the columns asked for, in their order, read as the harness reads
/// CSV (quoted commas, doubled quotes), `#` lines left out; and the errors.
@Suite struct ColumnsCommandTests {
  /// `_columns` run on `text`, written to a temporary file, for `names`.
  static func columns(_ text: String, _ names: String...) throws -> (status: Int32, output: String, errors: String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("columns-\(UUID()).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return InProcess.main(["_columns", path] + names)
  }

  @Test func printsTheColumnsAskedForInTheirOrder() throws {
    let result = try Self.columns(
      "# a note, as the independent programs write\nname,note,value\nfirst,\"a, quoted \"\"comma\"\"\",1\nsecond,,2\n",
      "value", "note", "name")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "1\ta, quoted \"comma\"\tfirst\n2\t\tsecond\n")
  }

  @Test func aHeaderAloneIsNoLines() throws {
    let result = try Self.columns("name,value\n", "value")
    #expect(result.status == 0 && result.output.isEmpty, "\(result)")
  }

  @Test func aMissingColumnNamesTheFilesColumns() throws {
    let result = try Self.columns("name,value\nfirst,1\n", "values")
    #expect(result.status == 65)
    #expect(result.errors.contains("has no column \"values\" (its columns: name, value)"), "\(result.errors)")
  }

  @Test func aFieldThatWouldSplitALineIsRefused() throws {
    let text = "name,value\n\"two\nlines\",1\n"
    let result = try Self.columns(text, "name")
    #expect(result.status == 65)
    #expect(result.errors.contains("line 2, column name holds a tab or a line break"), "\(result.errors)")
    // The other column of the same record is fine.
    #expect(try Self.columns(text, "value").output == "1\n")
  }

  @Test func aMissingFileOrNoColumnIsAClearError() throws {
    let missing = InProcess.main(["_columns", "/nonexistent/run.csv", "name"])
    #expect(missing.status == 65)
    #expect(missing.errors.contains("/nonexistent/run.csv"), "\(missing.errors)")
    let usage = InProcess.main(["_columns", "run.csv"])
    #expect(usage.status == 64)
    #expect(usage.errors.contains("USAGE: dispatch-bench _columns FILE COLUMN [COLUMN...]"), "\(usage.errors)")
  }
}
