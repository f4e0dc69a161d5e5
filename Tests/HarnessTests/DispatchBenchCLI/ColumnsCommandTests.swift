import Foundation
import TestSupport
import Testing

/// `dispatch-bench _columns FILE COLUMN...`, which the scripts read CSV
/// through: the columns asked for, in their order, read as the harness reads
/// CSV (quoted commas, doubled quotes), `#` lines left out; and the errors.
@Suite struct ColumnsCommandTests {
  static func file(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("columns-\(UUID()).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func printsTheColumnsAskedForInTheirOrder() throws {
    let path = try Self.file(
      "# a note, as the independent programs write\nname,note,value\nfirst,\"a, quoted \"\"comma\"\"\",1\nsecond,,2\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = InProcess.main(["_columns", path, "value", "note", "name"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "1\ta, quoted \"comma\"\tfirst\n2\t\tsecond\n")
  }

  @Test func aHeaderAloneIsNoLines() throws {
    let path = try Self.file("name,value\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = InProcess.main(["_columns", path, "value"])
    #expect(result.status == 0 && result.output.isEmpty, "\(result)")
  }

  @Test func aMissingColumnNamesTheFilesColumns() throws {
    let path = try Self.file("name,value\nfirst,1\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = InProcess.main(["_columns", path, "values"])
    #expect(result.status == 65)
    #expect(result.errors.contains("has no column \"values\" (its columns: name, value)"), "\(result.errors)")
  }

  @Test func aFieldThatWouldSplitALineIsRefused() throws {
    let path = try Self.file("name,value\n\"two\nlines\",1\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = InProcess.main(["_columns", path, "name"])
    #expect(result.status == 65)
    #expect(result.errors.contains("line 2, column name holds a tab or a line break"), "\(result.errors)")
    // The other column of the same record is fine.
    #expect(InProcess.main(["_columns", path, "value"]).output == "1\n")
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
