import Foundation
import TestSupport
import Testing

/// STYLE.md rule 20: an option is
/// declared once, as an `Option` of its command's `OptionGroup`, and read
/// through that declaration. A string literal that is
/// only an option's name (`"--sizes"`) anywhere else is the name written a
/// second time, where a typo compiles; this scan fails on one, in every build
/// configuration.
@Suite struct OptionDeclarationTests {
  /// Programs other than ours whose own options the harness passes on the
  /// command line it builds (`["objcopy", "--strip-debug", …]`): their
  /// names are theirs, not declarations of ours.
  static let otherPrograms = ["objcopy", "valgrind"]

  /// Each string literal in `text` that is only an option name and is not
  /// its declaration, as `line: literal`. A declaration is the first
  /// argument of `OptionSpec.flag`, `.value` or `.choice`, or an item of its
  /// `formerNames:`. Comment lines are skipped.
  static func undeclaredNames(in text: String) -> [(line: Int, name: String)] {
    let literal = /"--[a-z][a-z0-9-]*"/
    let formerNames = /formerNames:\s*\[(\s*"--[a-z][a-z0-9-]*"\s*,)*\s*$/
    // `.value(` as a declaration begins (`Option.value(`, `[.value(`), not
    // as a read (`arguments.value(`).
    let declaration =
      /(Option|OptionSpec|^|[^A-Za-z0-9_)\]?!])\.(flag|value|choice|integer|integers|list|names|fraction|seconds)\($/
    let programs = otherPrograms.map { "\"\($0)\"," }
    var found: [(line: Int, name: String)] = []
    for match in text.matches(of: literal) {
      let before = text[..<match.range.lowerBound]
      let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
      if before[lineStart...].drop(while: { $0 == " " }).hasPrefix("//") { continue }
      var prefix = Substring(before)
      while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
      if prefix.suffix(200).contains(declaration) || prefix.suffix(200).contains(formerNames) { continue }
      if programs.contains(where: { prefix.hasSuffix($0) }) { continue }
      let line = before.reduce(into: 1) { count, character in if character == "\n" { count += 1 } }
      found.append((line, String(match.output.dropFirst().dropLast())))
    }
    return found
  }

  @Test func noOptionNameIsWrittenOutsideItsDeclaration() throws {
    let found = try SourceSizeTests.sources().flatMap { path, text in
      Self.undeclaredNames(in: text).map { "\(path):\($0.line): \"\($0.name)\"" }
    }
    guard !found.isEmpty else { return }
    Issue.record(
      "\(found.count) option names written as string literals outside their declarations; read the option through its command's OptionGroup (try arguments.sizes), and interpolate \\(Self.declared.sizes.name) in messages:\n\(found.joined(separator: "\n"))"
    )
  }

  // MARK: The scan itself

  @Test func findsANameReadByString() {
    let found = Self.undeclaredNames(
      in: """
        let sizes = try arguments.integers(Options.sizes, in: 1...9)
        let quick = arguments.has("--quick")
        let output = arguments.value("--output"), show = try arguments.choice("--show")
        throw arguments.badValue(
          "--seed", text, "is not a number")
        """)
    #expect(found.map(\.line) == [2, 3, 3, 5])
    #expect(found.map(\.name) == ["--quick", "--output", "--show", "--seed"])
  }

  @Test func leavesDeclarationsFormerNamesCommentsAndOtherProgramsAlone() {
    let found = Self.undeclaredNames(
      in: """
        static let quick = OptionSpec.flag("--quick", "A smoke run.")
        static let sizes = OptionSpec.value(
          "--sizes", "LIST", "Feed sizes.", example: "--sizes 1000")
        static let out = OptionSpec.choice("--show", "WHAT", "What.", choices: [], example: "--show x")
        let seeds = Option.integers(
          "--seeds", "LIST", "Seeds.", example: "--seeds 1,2", in: 1...9)
        let names = Option.names("--names", "LIST", "Names.", example: "--names a", from: [], kind: "name")
        static let output = OptionSpec.value(
          "--output", "PATH", "Where.", example: "--output a.csv", formerNames: ["--out", "--to"])
        // arguments.value("--sizes") was the old way.
        try Spawn.run(["objcopy", "--strip-debug", path])
        """)
    #expect(found.isEmpty, "\(found)")
  }

  @Test func aNameInsideLongerTextIsNotALiteralName() {
    #expect(Self.undeclaredNames(in: #"let help = "Use --sizes 1000 or --quick.""#).isEmpty)
  }
}
