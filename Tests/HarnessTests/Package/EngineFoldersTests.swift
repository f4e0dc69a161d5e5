import Foundation
import TestSupport
import Testing

/// The run engine is a folder per stage (`Benchmarks/BenchmarkEngine/Run/`),
/// and Guides/Run.md's table, "How the run engine is organised", is the line
/// that says what each holds: every folder has its row, every row its
/// folder, and no source file sits beside the folders.
@Suite struct EngineFoldersTests {
  static let engine = Fixtures.packageRoot + "/Benchmarks/BenchmarkEngine/Run"

  /// The first column of the guide's table, without its backquotes.
  static func guideFolders() throws -> [String] {
    let guide = try String(contentsOfFile: Fixtures.packageRoot + "/Guides/Run.md", encoding: .utf8)
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(
      lines.firstIndex { $0.hasPrefix("## How the run engine is organised") },
      "Guides/Run.md has no section \"How the run engine is organised\"")
    let table = lines[(start + 1)...].drop { !$0.hasPrefix("| folder ") }.dropFirst(2).prefix { $0.hasPrefix("|") }
    return table.map { row in
      String(row.split(separator: "|")[0].trimmingCharacters(in: .whitespaces).filter { $0 != "`" })
    }
  }

  @Test func everyFolderIsNamedInTheGuideAndNothingElseIsThere() throws {
    let entries = try FileManager.default.contentsOfDirectory(atPath: Self.engine).sorted()
    let folders = entries.filter { entry in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: Self.engine + "/" + entry, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    #expect(folders == entries, "files beside the stage folders: \(Set(entries).subtracting(folders).sorted())")
    let named = try Self.guideFolders()
    #expect(!named.isEmpty, "Guides/Run.md's table of folders is empty")
    #expect(folders == named.sorted(), "folders \(folders), the guide's table \(named)")
  }
}
