import DispatchModel
import StrategyRegistry
import BenchmarkResults
import BenchmarkEngine
import CommandLineSupport

/// `dispatch-bench dump`: every selected strategy's SPEC §3 output for a feed
/// file, one JSON object a line, checked for agreement.
package struct DumpCommand {
  package static let spec = CommandSpec(
    name: "dump",
    summary: "Print every strategy's output for a feed file and check that they agree.",
    synopsis: "dump --feed FILE [--strategies LIST] [--operations LIST]",
    // A file given without --feed is accepted only to say how to give it.
    positionals: 0...1, positionalName: "FILE",
    options: declared,
    discussion: """
      Prints {"index": …, "operation": …, "output": …} per item and operation:
      share items first, then feed items, operations in SPEC order. Where the
      strategies disagree, standard error gets the index, the operation and
      each strategy's output, and the exit status is 1.
      share.mixed pairs item i with a platform drawn from seed 0;
      feed.apply-background prints the table-view cell's state after it runs.
      Exit status: 0 agreed, 1 disagreed, 64 bad usage, 65 bad feed file.
      """,
    examples: [
      "dispatch-bench dump --feed my-feed.json",
      "dispatch-bench dump --feed my-feed.json --strategies naive,enum-switch --operations feed.render",
    ])

  /// The options: those `run` selects feeds, strategies and operations
  /// with, worded for a dump.
  package struct Options: OptionGroup {
    package let feed = FeedSelectionOptions.feed(
      help: "A feed file in the SPEC §4 format (required).", example: "--feed Tests/Fixtures/example-feed.json")
    package let strategies = FeedSelectionOptions.strategies(
      help: """
        Strategies to run, comma-separated (default: all).
        Valid: \(Registry.names.joined(separator: ", ")).
        """,
      example: "--strategies naive,enum-switch")
    package let operations = FeedSelectionOptions.operations(
      help:
        """
        Operations to print, comma-separated (default: those SPEC §3 dumps).
        Valid: \(SpecOperation.allCases.map(\.rawValue).joined(separator: ", ")).
        """,
      example: "--operations feed.height,feed.render", valid: SpecOperation.allCases.map(\.rawValue))
  }

  package static let declared = Options()

  package var feedPath: String
  package var strategies: [RegisteredStrategy]
  package var operations: [SpecOperation]

  package init(_ parsed: ParsedArguments) throws(CommandError) {
    let arguments = parsed.reading(Self.declared)
    let feed = Self.declared.feed.name
    if let file = arguments.positionals.first {
      throw .usage(
        "dump takes its feed file as \(feed) FILE: 'dispatch-bench dump \(feed) \(file)'", command: Self.spec.name)
    }
    guard let feedPath = try arguments.feed else {
      throw .usage("missing \(feed) FILE", command: Self.spec.name)
    }
    self.feedPath = feedPath
    strategies = try arguments.strategies.compactMap(Registry.strategy(named:))
    let chosen = try arguments.operations.map { Set($0.compactMap(SpecOperation.init(rawValue:))) }
    operations = SpecOperation.allCases.filter { chosen?.contains($0) ?? $0.isDumped }
  }

  package func run(console: Console) throws(CommandError) -> Int32 {
    let file: FeedFile
    do {
      file = try FeedFile.load(path: feedPath)
    } catch {
      throw .dataError(error.description)
    }
    let outputs = strategies.map { $0.outputs(for: file, operations: operations) }
    var disagreements = 0
    for domain in Domain.allCases {
      let count = domain == .share ? file.share.count : file.feed.count
      let domainOperations = operations.filter { $0.domain == domain }
      for index in 0..<count {
        for operation in domainOperations {
          let values = outputs.map { $0[operation]![index] }
          if values.allSatisfy({ $0 == values[0] }) {
            console.line(
              "{\"index\": \(index), \"operation\": \"\(operation.rawValue)\", "
                + "\"output\": \(JSONText.quoted(values[0]))}"
            )
          } else {
            disagreements += 1
            var report = "disagreement: \(domain.rawValue)[\(index)] \(operation.rawValue)"
            for (strategy, value) in zip(strategies, values) {
              report += "\n  \(strategy.name): \(JSONText.quoted(value))"
            }
            console.errorLine(report)
          }
        }
      }
    }
    guard disagreements == 0 else {
      console.errorLine("error: the strategies disagree on \(disagreements) output(s)")
      return ExitStatus.disagreement
    }
    return ExitStatus.success
  }
}
