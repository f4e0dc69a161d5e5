import Foundation
import TestSupport
import Testing

/// The house's limits: no file of the harness's modules over 300
/// lines, and no function or initializer there over 60 (after the house
/// style: a file over ~400 lines is usually two features, a function does
/// one thing). `SourceScan` documents how lines are counted. Comments say
/// why, not when: none cites an issue.
@Suite struct SourceSizeTests {
  static let limits = (fileLines: 300, functionLines: 60)
  /// The harness's modules, along a run's stages (Package.swift).
  static let directories = [
    "Benchmarks/Statistics", "Benchmarks/CommandLineSupport", "Benchmarks/RunContract", "Benchmarks/BinaryInspection",
    "Benchmarks/Claims", "Benchmarks/BenchmarkEngine", "Benchmarks/Reports", "Benchmarks/DispatchBenchCLI",
  ]
  /// Held to the same limits, though not the harness: the synthetic
  /// generator, a program of its own with its own command line.
  static let generator = "Benchmarks/generate-synthetic"

  /// Every Swift file of the harness (or of `directories`), by path from the
  /// package root, with its text.
  static func sources(in directories: [String] = directories) throws -> [(path: String, text: String)] {
    let root = Fixtures.packageRoot + "/"
    return try directories.flatMap { directory in
      let files = try Fixtures.files(under: root + directory).filter { $0.hasSuffix(".swift") }
      try #require(!files.isEmpty, "no Swift files under \(directory)")
      return try files.map { (String($0.dropFirst(root.count)), try String(contentsOfFile: $0, encoding: .utf8)) }
    }
  }

  /// A comment line citing an issue by number, in any Swift, shell or
  /// Python file under Benchmarks/,
  /// Sources/, Tests/, Plugins/ or .ci/: that history belongs in git.
  /// `#` starts a comment in shell and Python, not in Swift (`#expect`).
  static func issueCitations(_ text: String, hashComments: Bool = true) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
      (line.hasPrefix("//") || (hashComments && line.hasPrefix("#"))) && line.contains(/[Ii]ssue #?[0-9]+/)
    }
  }

  @Test func theIssueReaderFindsCitationsInComments() {
    let text = "/// Fixed in issue 47.\n# see Issue #24\nlet issue = \"issue 5\"\n// swiftlang/swift#87033\n"
    #expect(Self.issueCitations(text) == ["/// Fixed in issue 47.", "# see Issue #24"])
    #expect(Self.issueCitations(text, hashComments: false) == ["/// Fixed in issue 47."])
  }

  @Test func noCommentCitesAnIssue() throws {
    let root = Fixtures.packageRoot + "/"
    var found: [String] = []
    for directory in ["Benchmarks", "Sources", "Tests", "Plugins", ".ci"] {
      for file in try Fixtures.files(under: root + directory)
      where [".swift", ".sh", ".py"].contains(where: file.hasSuffix) && !file.contains("/Fixtures/") {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        found += Self.issueCitations(text, hashComments: !file.hasSuffix(".swift")).map {
          "\(file.dropFirst(root.count)): \($0)"
        }
      }
    }
    #expect(found.isEmpty, "comments citing issues:\n\(found.joined(separator: "\n"))")
  }

  @Test func noFileIsOverTheLimit() throws {
    let sources = try Self.sources(in: Self.directories + [Self.generator])
    let long = sources.compactMap { path, text -> String? in
      let lines = SourceScan(text).lineCount
      return lines > Self.limits.fileLines ? "\(path): \(lines) lines" : nil
    }
    #expect(
      long.isEmpty,
      "over \(Self.limits.fileLines) lines; split by feature (Type+Feature.swift):\n\(long.joined(separator: "\n"))")
  }

  @Test func noFunctionIsOverTheLimit() throws {
    let long = try Self.sources(in: Self.directories + [Self.generator]).flatMap { path, text in
      SourceScan(text).functions.filter { $0.length > Self.limits.functionLines }.map {
        "\(path):\($0.line): \($0.length) lines: \($0.declaration)"
      }
    }
    #expect(
      long.isEmpty,
      "over \(Self.limits.functionLines) lines; split into functions that do one thing:\n\(long.joined(separator: "\n"))"
    )
  }

  // MARK: The scan itself

  @Test func measuresFromTheDeclarationToItsClosingBrace() {
    let scan = SourceScan(
      """
      struct S {
        @discardableResult private static func f(
          _ x: Int = { 1 }()
        ) -> Int
        {
          let s = "}}}" + #"\\"}"# + \"""
            { "
            \""" // }
          /* } /* } */ { */
          return "\\(x > 0 ? "}" : "{")".count
        }
        init?(y: Int) { func g() {} }
        init() {}
        var h: Int { Self.init(y: 1).map { _ in 0 } ?? 0 }
      }
      protocol P {
        func q()
      }

      """)
    #expect(scan.lineCount == 18)
    // g shares init's line, and q has no body: neither is measured.
    #expect(scan.functions.map(\.line) == [2, 12, 13])
    #expect(scan.functions.map(\.length) == [10, 1, 1])
  }

  @Test(arguments: [
    ("func f() {", true), ("  mutating func f() {", true), ("@inlinable public init(x: Int) {", true),
    ("init<T>(_ t: T) {", true), ("@available(*, deprecated) convenience init?() {", true),
    ("private(set) var initial = 0", false), ("let f = Self.init(x: 1)", false), ("// func f() {", false),
    ("initialize()", false),
  ])
  func tellsADeclarationFromAUse(line: String, declares: Bool) {
    #expect(SourceScan.declares(line[...]) == declares, "\(line)")
  }
}
