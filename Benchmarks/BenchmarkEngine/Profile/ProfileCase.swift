import BenchmarkResults
import DispatchModel
import Existential
import StrategyRegistry
import SyntheticModel
import SyntheticRegistry
import CommandLineSupport

/// The process `profile` runs under valgrind: it builds one benchmark case's feed and
/// strategy, runs the timed loop a given number of passes, and exits.
///
/// `profile` runs it twice, with 1 and with 3 passes, and divides the
/// difference of the counts by two passes' elements: everything else the
/// process does (starting, generating, building) is the same in both runs
/// and cancels out. Not a public command: `dispatch-bench _profile-case`.
package enum ProfileCase {
  package static let name = "_profile-case"

  /// The child's options, each declared once: the parent writes them
  /// (`Request.arguments`, and the passes), the child reads them through
  /// these, as the text given (a plain value cannot fail to read: `try?`).
  package struct Options: OptionGroup {
    package let domain = Option.value("--domain", "NAME", "The case's domain.", example: "--domain feed")
    package let operation = Option.value(
      "--operation", "NAME", "The operation timed.", example: "--operation feed.height")
    package let strategy = Option.value(
      "--strategy", "NAME", "The strategy, the floor or the null.", example: "--strategy enum-switch")
    package let size = Option.value("--size", "N", "Elements in the feed.", example: "--size 1000")
    package let distribution = Option.value(
      "--distribution", "NAME", "The kind layout.", example: "--distribution uniform")
    package let kinds = Option.value("--kinds", "N", "Kinds in play.", example: "--kinds 6")
    package let seed = Option.value("--seed", "N", "The feed's seed.", example: "--seed 1")
    package let mode = Option.value("--mode", "MODE", "boundary or app.", example: "--mode app")
    package let feed = Option.value("--feed", "FILE", "A feed file tiled to the size.", example: "--feed my-feed.json")
    package let passes = Option.value(
      "--passes", "N", "How many times the timed loop runs.", example: "--passes 3")
  }

  package static let declared = Options()

  package static let spec = CommandSpec(
    name: name, summary: "One benchmark case under valgrind (profile's child; not a public command).",
    synopsis: "\(name) OPTIONS", options: declared, examples: [])

  /// One row to profile, and the seed its feed is made with.
  package struct Request: Equatable {
    package var key: ResultKey
    package var seed: UInt64

    /// The child's command line, without the passes.
    package var arguments: [String] {
      let (feed, options) = (key.feed, ProfileCase.declared)
      var arguments = [
        ProfileCase.name, options.domain.name, feed.domain, options.operation.name, key.operation,
        options.strategy.name, key.strategy.rawValue, options.size.name, String(feed.size),
        options.distribution.name, feed.distribution, options.kinds.name, String(feed.kinds),
        options.seed.name, String(seed), options.mode.name, key.mode.rawValue,
      ]
      if feed.source != FeedID.generated { arguments += [options.feed.name, feed.source] }
      return arguments
    }
  }

  /// Runs the child: `arguments` without the subcommand. The parent writes
  /// them, so a bad one is only refused (exit status 64), not explained.
  package static func main(_ arguments: [String]) -> Int32 {
    guard let values = try? ParsedArguments(arguments, spec: spec).reading(declared) else { return ExitStatus.usage }
    if let domain = (try? values.domain),
      domain == PlannedSynthetic.domain || domain == PlannedSynthetic.existentialDomain
    {
      return synthetic(values, domain: domain)
    }
    guard let domain = (try? values.domain).flatMap(Domain.init(rawValue:)),
      let operationName = (try? values.operation), let strategyName = (try? values.strategy),
      let size = (try? values.size).flatMap(Int.init), size > 0,
      let distribution = (try? values.distribution),
      let kinds = (try? values.kinds).flatMap(Int.init),
      let seed = (try? values.seed).flatMap(UInt64.init),
      let passes = (try? values.passes).flatMap(Int.init), passes > 0
    else { return ExitStatus.usage }
    let source: ElementSource
    if let path = (try? values.feed) {
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
    if (try? values.mode) == BuildMode.app.rawValue {
      let type =
        strategy.name == Registry.null.name ? AppModeWorkloads.null : AppModeWorkloads.workload(named: strategy.name)
      guard let type else { return ExitStatus.usage }
      let workload = type.init(
        domain: domain.rawValue, size: size, seed: seed, distribution: distribution, kinds: kinds,
        feedFile: (try? values.feed))
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

  /// A synthetic benchmark case: the pattern's generated loop for N kinds, or the
  /// floor over the same kinds, as a run times them; or an existential
  /// domain's contender's loop.
  private static func synthetic(_ values: OptionValues<Options>, domain: String) -> Int32 {
    let operations =
      domain == PlannedSynthetic.existentialDomain ? ExistentialDomain.operations : SyntheticRegistry.operations
    guard let operation = (try? values.operation), operations.contains(operation),
      let strategyName = (try? values.strategy), let size = (try? values.size).flatMap(Int.init),
      size > 0, let kinds = (try? values.kinds).flatMap(Int.init),
      let seed = (try? values.seed).flatMap(UInt64.init),
      let passes = (try? values.passes).flatMap(Int.init), passes > 0
    else { return ExitStatus.usage }
    if strategyName == StrategyID.floor.rawValue {
      let kindIndices = (0..<size).map { UInt8(SyntheticFeed.element($0, seed: seed, kinds: kinds).kind) }
      PreparedFloor(kinds: kindIndices).run(repetitions: passes)
      return ExitStatus.success
    }
    guard let type = PlannedSynthetic.workload(domain: domain, named: strategyName, kinds: kinds) else {
      return ExitStatus.usage
    }
    let workload = type.init(size: size, seed: seed)
    workload.run(operation, range: 0..<workload.count, repetitions: passes)
    return ExitStatus.success
  }
}
