import DispatchModel
import Foundation
import JSON
import StrategyRegistry
import TestSupport
import Testing

/// Every strategy reproduces the SPEC's worked examples exactly.
@Suite struct GoldenTests {
  struct Expected: Sendable {
    var index: Int
    var operation: SpecOperation
    var output: String
  }

  static func expectedLines() throws -> [Expected] {
    let text = try String(contentsOfFile: Fixtures.exampleExpected, encoding: .utf8)
    return try text.split(separator: "\n").map { line in
      guard case .object(let fields) = try JSONValue.parse(Array(line.utf8)),
        case .integer(let index) = fields["index"],
        case .string(let name) = fields["operation"], let operation = SpecOperation(rawValue: name),
        case .string(let output) = fields["output"]
      else { throw FixtureError(line: String(line)) }
      return Expected(index: index, operation: operation, output: output)
    }
  }

  struct FixtureError: Error {
    var line: String
  }

  @Test(arguments: Registry.names)
  func reproducesTheExpectedOutputs(strategyName: String) throws {
    let strategy = try #require(Registry.strategy(named: strategyName))
    let file = try FeedFile.load(path: Fixtures.exampleFeed)
    let expected = try Self.expectedLines()
    let dumped = SpecOperation.allCases.filter(\.isDumped)
    // The fixture covers every dumped operation of every item.
    #expect(expected.count == file.share.count * 4 + file.feed.count * 5)
    let outputs = strategy.outputs(for: file, operations: dumped)
    for line in expected {
      #expect(
        outputs[line.operation]?[line.index] == line.output,
        "\(strategyName): \(line.operation.rawValue) of item \(line.index)")
    }
  }
}

/// SPEC §4's minimal file: one item of every kind, loaded, and every
/// strategy's dump equal to the SPEC oracle's lines.
@Suite struct MinimalFeedTests {
  static let path = Fixtures.directory + "/minimal-feed.json"

  @Test func holdsOneItemOfEveryKind() throws {
    let file = try FeedFile.load(path: Self.path)
    #expect(file.share.map(\.kind) == ShareKind.allCases)
    #expect(file.feed.map(\.kind) == FeedKind.allCases)
  }

  @Test(arguments: Registry.names)
  func dumpsToTheOraclesLines(strategyName: String) throws {
    let strategy = try #require(Registry.strategy(named: strategyName))
    let file = try FeedFile.load(path: Self.path)
    let dumped = SpecOperation.allCases.filter(\.isDumped)
    let outputs = strategy.outputs(for: file, operations: dumped)
    let expected = SpecOracle.dumpLines(file)
    #expect(!expected.isEmpty)
    for line in expected {
      let operation = try #require(SpecOperation(rawValue: line.operation))
      #expect(outputs[operation]?[line.index] == line.output, "\(line.operation) \(line.index)")
    }
  }
}
