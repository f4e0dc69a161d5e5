import Foundation
import TestSupport
import Testing

/// The engine is rooms named for what they hold: a folder per stage of a run
/// (`Benchmarks/BenchmarkEngine/Run/`), beside `profile` and what `run` and
/// `profile` share. Guides/Run.md's table, "How the run engine is
/// organised", is the map: every folder holding a source file has its row,
/// every row its folder, and each file is named in its folder's row, so a
/// file in the wrong room fails. `answer`'s rooms (a folder per answer) are
/// mapped here, in `answerRooms`.
@Suite struct EngineFoldersTests {
  static let engine = Fixtures.packageRoot + "/Benchmarks/BenchmarkEngine"
  static let answer = Fixtures.packageRoot + "/Benchmarks/Reports/Answer"

  /// The guide's table: each row's folder (from the engine's root, without
  /// its backquotes) and its text.
  static func guideRows() throws -> [(folder: String, text: String)] {
    let guide = try String(contentsOfFile: Fixtures.packageRoot + "/Guides/Run.md", encoding: .utf8)
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(
      lines.firstIndex { $0.hasPrefix("## How the run engine is organised") },
      "Guides/Run.md has no section \"How the run engine is organised\"")
    let table = lines[(start + 1)...].drop { !$0.hasPrefix("| folder ") }.dropFirst(2).prefix { $0.hasPrefix("|") }
    return table.map { row in
      (String(row.split(separator: "|")[0].trimmingCharacters(in: .whitespaces).filter { $0 != "`" }), String(row))
    }
  }

  /// The Swift files under `root`, by folder from it ("" for `root`
  /// itself), each by its name without `.swift`.
  static func sources(under root: String) throws -> [String: [String]] {
    let paths = try Fixtures.files(under: root).filter { $0.hasSuffix(".swift") }
    return Dictionary(grouping: paths.map { String($0.dropFirst(root.count + 1).dropLast(".swift".count)) }) {
      $0.split(separator: "/").dropLast().joined(separator: "/")
    }.mapValues { $0.map { String($0.split(separator: "/").last!) } }
  }

  /// Whether `text` names the file `name`: as `` `name` ``, or for
  /// `Type+Feature`, as `` `Type` `` and `` `+Feature` ``.
  static func names(_ text: String, file name: String) -> Bool {
    if text.contains("`\(name)`") { return true }
    guard let plus = name.firstIndex(of: "+") else { return false }
    return text.contains("`\(name[..<plus])`") && text.contains("`\(name[plus...])`")
  }

  @Test func everyFolderIsARowAndEveryFileIsNamedInItsRow() throws {
    let rows = try Self.guideRows()
    #expect(!rows.isEmpty, "Guides/Run.md's table of folders is empty")
    let sources = try Self.sources(under: Self.engine)
    #expect(
      Set(sources.keys) == Set(rows.map(\.folder)),
      "folders with sources \(sources.keys.sorted()), the guide's table \(rows.map(\.folder))")
    for (folder, text) in rows {
      for file in sources[folder] ?? [] {
        #expect(Self.names(text, file: file), "\(folder)/\(file).swift: its row in Guides/Run.md does not name it")
      }
    }
  }

  /// `answer`'s rooms: the command and its sections, then a folder per
  /// answer. A file belongs in the room of the longest name here that it
  /// is (`Answer`) or extends (`Answer+Tables`).
  static let answerRooms: [String: [String]] = [
    "": ["AnswerCommand", "AnswerSection"],
    "Run": ["Answer", "RunAnswer", "CountsBesideTime"],
    "Machines": [
      "MachinesAnswer", "MachinePlacement", "CommittedMachines", "CommittedMachinesCommand", "AnswerCommand+Machines",
    ],
    "Machines/generated": ["CommittedMachines+Generated"],
    "Builds": ["BuildsAnswer"],
  ]

  /// The room of the longest name in `rooms` that `file` is or extends.
  static func room(of file: String, in rooms: [String: [String]]) -> String? {
    let matches = rooms.flatMap { room, names in
      names.filter { file == $0 || file.hasPrefix($0 + "+") }.map { (room, $0) }
    }
    return matches.max { $0.1.count < $1.1.count }?.0
  }

  @Test func everyAnswerFileIsInItsAnswersRoom() throws {
    let sources = try Self.sources(under: Self.answer)
    #expect(!sources.isEmpty, "no sources under \(Self.answer)")
    for (folder, files) in sources {
      for file in files {
        let room = Self.room(of: file, in: Self.answerRooms)
        #expect(room == folder, "Answer/\(folder)/\(file).swift belongs in \(room.map { "Answer/\($0)" } ?? "no room")")
      }
    }
  }

  // MARK: The map's rules

  @Test func aRowNamesAFileByItsTypeOrItsFeature() {
    let row = "| `Run/Sample` | sample | `ElementsRunner` times (`+Checks` compares), `MeasuredRun+CodeBytes` |"
    #expect(Self.names(row, file: "ElementsRunner"))
    #expect(Self.names(row, file: "ElementsRunner+Checks"))
    #expect(Self.names(row, file: "MeasuredRun+CodeBytes"))
    #expect(!Self.names(row, file: "ElementsRunner+Prepared"))
    #expect(!Self.names(row, file: "MeasuredRun"))
    #expect(!Self.names(row, file: "Elements"))
  }

  @Test func anAnswerFileHasTheRoomOfItsLongestName() {
    #expect(Self.room(of: "AnswerCommand+Machines", in: Self.answerRooms) == "Machines")
    #expect(Self.room(of: "AnswerCommand", in: Self.answerRooms) == "")
    #expect(Self.room(of: "Answer+Tables", in: Self.answerRooms) == "Run")
    #expect(Self.room(of: "CommittedMachines+Generated", in: Self.answerRooms) == "Machines/generated")
    #expect(Self.room(of: "AnswerSectionTwo", in: Self.answerRooms) == nil)
  }
}
