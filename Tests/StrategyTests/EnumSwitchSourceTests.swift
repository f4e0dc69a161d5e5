import Foundation
import TestSupport
import Testing

/// enum-switch dispatches by switching over its own closed enums: its source
/// has no `default:` and no `is`, `as?` or `as!` test, in any file. A class
/// test would measure another pattern (naive, cast-chain) under its name;
/// `check-kernels.py` checks the same on the binary.
@Suite struct EnumSwitchSourceTests {
  static let directory = Fixtures.packageRoot + "/Sources/EnumSwitch"

  /// Each file's code lines, comments and string literals removed.
  static func codeLines() throws -> [(file: String, number: Int, text: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(names.count >= 4, "no strategy sources in \(directory)")
    var lines: [(String, Int, String)] = []
    for name in names {
      let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
      for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var code = String(line)
        if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
        code = code.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
        lines.append((name, offset + 1, code))
      }
    }
    return lines
  }

  @Test func noSwitchHasADefault() throws {
    for line in try Self.codeLines() where line.text.contains("default:") {
      Issue.record("\(line.file):\(line.number): `default:` in enum-switch: \(line.text)")
    }
  }

  /// A type test or cast: `is T`, `as T`, `as? T`, `as! T`.
  static func classTest() throws -> Regex<AnyRegexOutput> { try Regex(#"(^|[^\w.])(is|as[!?]?)\s+[A-Z(]"#) }

  @Test func noOperationTestsAClass() throws {
    let test = try Self.classTest()
    for line in try Self.codeLines() where line.text.contains(test) {
      Issue.record("\(line.file):\(line.number): a type test or cast in enum-switch: \(line.text)")
    }
  }

  /// The check itself, the same pattern: it finds what it looks for, and
  /// not words that merely end in "is" or "as".
  @Test(arguments: ["    case is InvitationCell: x", "let c = cell as! NewSongCell", "if let c = cell as? MediaCell {"])
  func theClassTestPatternMatches(line: String) throws {
    #expect(line.contains(try Self.classTest()))
  }

  @Test(arguments: ["    case .invitation(let this): x", "let alias = Title(x)", "// this Is fine", "x.as T"])
  func theClassTestPatternLeavesOtherCode(line: String) throws {
    #expect(!line.contains(try Self.classTest()))
  }
}
