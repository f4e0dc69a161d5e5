import DispatchModel
import StrategyRegistry

/// The process `profile` runs under valgrind: it builds one cell's feed and
/// strategy, runs the timed loop a given number of passes, and exits.
///
/// `profile` runs it twice, with 1 and with 3 passes, and divides the
/// difference of the counts by two passes' elements: everything else the
/// process does (starting, generating, building) is the same in both runs
/// and cancels out. Not a public command: `dispatch-bench _profile-cell`.
enum ProfileCell {
  static let name = "_profile-cell"

  struct Cell: Equatable {
    var domain: Domain
    var operation: String
    var strategy: String
    var size: Int
    var distribution: String
    var kinds: Int
    var seed: UInt64
    var feedFile: String?

    var arguments: [String] {
      var arguments = [
        ProfileCell.name, "--domain", domain.rawValue, "--operation", operation, "--strategy", strategy,
        "--size", String(size), "--distribution", distribution, "--kinds", String(kinds),
        "--seed", String(seed),
      ]
      if let feedFile { arguments += ["--feed", feedFile] }
      return arguments
    }
  }

  static func cell(of feed: FeedSpec, operation: String, strategy: String) -> Cell {
    Cell(
      domain: feed.domain, operation: operation, strategy: strategy, size: feed.size,
      distribution: feed.distribution, kinds: feed.kinds, seed: feed.seed,
      feedFile: feed.source == "generated" ? nil : feed.source)
  }

  /// Runs the child: `arguments` without the subcommand.
  static func main(_ arguments: [String]) -> Int32 {
    var values: [String: String] = [:]
    var remaining = arguments[...]
    while let name = remaining.popFirst() {
      guard name.hasPrefix("--"), let value = remaining.popFirst() else { return ExitStatus.usage }
      values[name] = value
    }
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
    if strategyName == PreparedFloor.name {
      let kindIndices =
        domain == .share
        ? ShareItemSequence(source: source, count: size).kindIndices()
        : FeedItemSequence(source: source, count: size).kindIndices()
      PreparedFloor(kinds: kindIndices).run(repetitions: passes)
      return ExitStatus.success
    }
    guard let strategy = Registry.strategy(named: strategyName),
      let operation = SpecOperation(rawValue: operationName), operation.domain == domain
    else { return ExitStatus.usage }
    let prepared =
      domain == .share
      ? strategy.prepare(ShareItemSequence(source: source, count: size))
      : strategy.prepare(FeedItemSequence(source: source, count: size))
    prepared.run(operation, repetitions: passes)
    return ExitStatus.success
  }
}
