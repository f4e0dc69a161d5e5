import BenchmarkResults
import DispatchModel
import StrategyRegistry
import SyntheticModel
import SyntheticRegistry
import BinaryInspection
import CommandLineSupport

/// The process `profile` runs under valgrind: it builds one cell's feed and
/// strategy, runs the timed loop a given number of passes, and exits.
///
/// `profile` runs it twice, with 1 and with 3 passes, and divides the
/// difference of the counts by two passes' elements: everything else the
/// process does (starting, generating, building) is the same in both runs
/// and cancels out. Not a public command: `dispatch-bench _profile-cell`.
package enum ProfileCell {
  package static let name = "_profile-cell"

  /// One row to profile, and the seed its feed is made with.
  package struct Cell: Equatable {
    package var key: ResultKey
    package var seed: UInt64

    package var arguments: [String] {
      let feed = key.feed
      var arguments = [
        ProfileCell.name, "--domain", feed.domain, "--operation", key.operation,
        "--strategy", key.strategy.rawValue, "--size", String(feed.size), "--distribution", feed.layout,
        "--kinds", String(feed.kinds), "--seed", String(seed), "--mode", key.mode.rawValue,
      ]
      if feed.source != FeedID.generated { arguments += ["--feed", feed.source] }
      return arguments
    }
  }

  /// A hidden child's arguments, `--name value` pairs, by name; `nil` when
  /// they are not pairs. The parent writes them, so nothing more is checked.
  package static func options(_ arguments: [String]) -> [String: String]? {
    var values: [String: String] = [:]
    var remaining = arguments[...]
    while let name = remaining.popFirst() {
      guard name.hasPrefix("--"), let value = remaining.popFirst() else { return nil }
      values[name] = value
    }
    return values
  }

  /// Runs the child: `arguments` without the subcommand.
  package static func main(_ arguments: [String]) -> Int32 {
    guard let values = options(arguments) else { return ExitStatus.usage }
    if values["--domain"] == PlannedSynthetic.domain { return synthetic(values) }
    guard let domain = values["--domain"].flatMap(Domain.init(rawValue:)),
      let operationName = values["--operation"], let strategyName = values["--strategy"],
      let size = values["--size"].flatMap(Int.init), size > 0,
      let distribution = values["--distribution"], let kinds = values["--kinds"].flatMap(Int.init),
      let seed = values["--seed"].flatMap(UInt64.init),
      let passes = values["--passes"].flatMap(Int.init), passes > 0
    else { return ExitStatus.usage }
    let source: ElementSource
    if let path = values["--feed"] {
      guard let file = try? FeedFile.load(path: path) else { return ExitStatus.dataError }
      source = .tiled(file, seed: seed)
    } else {
      guard let layout = KindDistribution(rawValue: distribution) else { return ExitStatus.usage }
      source = .generated(seed: seed, distribution: layout, kinds: kinds)
    }
    if strategyName == StrategyID.floor.rawValue {
      let kindIndices =
        domain == .share
        ? ShareItemSequence(source: source, count: size).kindIndices()
        : FeedItemSequence(source: source, count: size).kindIndices()
      PreparedFloor(kinds: kindIndices).run(repetitions: passes)
      return ExitStatus.success
    }
    let strategy = strategyName == Registry.null.name ? Registry.null : Registry.strategy(named: strategyName)
    guard let strategy, let operation = SpecOperation(rawValue: operationName), operation.domain == domain
    else { return ExitStatus.usage }
    if values["--mode"] == BuildMode.app.rawValue {
      let type = strategy.name == Registry.null.name ? AppModeWorkloads.null : AppModeWorkloads.workload(named: strategy.name)
      guard let type else { return ExitStatus.usage }
      let workload = type.init(
        domain: domain.rawValue, size: size, seed: seed, distribution: distribution, kinds: kinds,
        feedFile: values["--feed"])
      workload.run(operation.rawValue, range: 0..<workload.count, repetitions: passes)
      return ExitStatus.success
    }
    let prepared =
      domain == .share
      ? strategy.prepare(ShareItemSequence(source: source, count: size))
      : strategy.prepare(FeedItemSequence(source: source, count: size))
    prepared.run(operation, repetitions: passes)
    return ExitStatus.success
  }

  /// A synthetic cell: the pattern's generated loop for N kinds, or the
  /// floor over the same kinds, as a run times them.
  private static func synthetic(_ values: [String: String]) -> Int32 {
    guard let operation = values["--operation"], SyntheticRegistry.operations.contains(operation),
      let strategyName = values["--strategy"], let size = values["--size"].flatMap(Int.init), size > 0,
      let kinds = values["--kinds"].flatMap(Int.init), let seed = values["--seed"].flatMap(UInt64.init),
      let passes = values["--passes"].flatMap(Int.init), passes > 0
    else { return ExitStatus.usage }
    if strategyName == StrategyID.floor.rawValue {
      let kindIndices = (0..<size).map { UInt8(SyntheticFeed.element($0, seed: seed, kinds: kinds).kind) }
      PreparedFloor(kinds: kindIndices).run(repetitions: passes)
      return ExitStatus.success
    }
    guard let type = SyntheticRegistry.workload(named: strategyName, kinds: kinds) else { return ExitStatus.usage }
    let workload = type.init(size: size, seed: seed)
    workload.run(operation, range: 0..<workload.count, repetitions: passes)
    return ExitStatus.success
  }
}
