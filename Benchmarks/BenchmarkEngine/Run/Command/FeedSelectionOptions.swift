import BenchmarkResults
import DispatchModel
import Existential
import StrategyRegistry
import SyntheticRegistry
import BinaryInspection
import CommandLineSupport

/// Which benchmark cases a command covers: the feeds (generated, or tiled from a
/// file), the operations, the strategies and the --filter globs. `run` and
/// `profile` both take these options; they are declared and read here once.
package struct FeedSelectionOptions {
  /// --sizes, --distributions and --kinds as given: `nil` when not given,
  /// for the command to apply its own defaults.
  package var sizes: [Int]?
  package var distributions: [KindDistribution]?
  package var kinds: [Int]?
  package var seed: UInt64
  /// --feed: a file tiled to each size instead of generated feeds.
  package var file: (path: String, contents: FeedFile)?
  package var strategies: [String]
  /// --operations as given, or with a feed file the operations it has items
  /// for; `nil` for every operation.
  package var operations: [SpecOperation]?
  package var filters: [GlobPattern]
  /// --modes: how each strategy is compiled for timing.
  package var modes: [BuildMode]
  /// The synthetic domain's operations (none when --domains or --operations
  /// leave it out) and numbers of kinds.
  package var syntheticOperations: [String]
  package var syntheticKinds: [Int]
  /// The existential domain's operations: none unless --domains names it or
  /// --operations one of its operations.
  package var existentialOperations: [String]

  /// The domains when --domains is not given: the existential domain is
  /// timed only when asked for (Guides/Existentials.md).
  package static let defaultDomains = Domain.allCases.map(\.rawValue) + [PlannedSynthetic.domain]
  package static let domains = defaultDomains + [PlannedSynthetic.existentialDomain]

  /// The options, declared once and read through these declarations. An
  /// option whose help names the command's own terms (its verb, its
  /// defaults) has it worded in `options(verb:defaultSizes:defaultDistributions:)`,
  /// with the help here empty.
  package enum Options {
    package static let sizes = OptionSpec.value("--sizes", "LIST", "", example: "--sizes 1000,100000")
    package static let distributions = OptionSpec.value(
      "--distributions", "LIST", "", example: "--distributions uniform,clustered")
    package static let kinds = OptionSpec.value(
      "--kinds", "LIST",
      "How many kinds are in play, 2…\(FeedKind.allCases.count) (share uses at most \(ShareKind.allCases.count);\ndefault: all); the synthetic domain has \(SyntheticRegistry.kindCounts.map { String($0) }.joined(separator: ", ")).",
      example: "--kinds 2,6")
    package static let domains = OptionSpec.value(
      "--domains", "LIST",
      "Domains: share, feed, synthetic (N kinds, generated code),\nexistential (`any P` and its alternatives; Guides/Existentials.md).\nDefault: share, feed and synthetic.",
      example: "--domains share,feed")
    package static let seed = OptionSpec.value("--seed", "N", "The generator's seed (default: 1).", example: "--seed 42")
    package static let feed = OptionSpec.value(
      "--feed", "FILE",
      "Use a SPEC §4 feed file instead of generated feeds, at its\nown size (its share items for share operations, its feed\nrows for feed operations); with --sizes, tiled to each size.",
      example: "--feed my-feed.json")
    package static let strategies = OptionSpec.value(
      "--strategies", "LIST", "", example: "--strategies protocol-getter,enum-switch")
    package static let operations = OptionSpec.value(
      "--operations", "LIST", "", example: "--operations feed.height,share.mixed")
    package static let filter = OptionSpec.value(
      "--filter", "PATTERNS",
      "Only rows whose domain/operation/strategy/distribution/size\nmatches one of these comma-separated globs (* and ?).",
      example: "--filter '*/feed.render/*/uniform/*'")
    package static let modes = OptionSpec.value(
      "--modes", "LIST",
      "How strategies are compiled: boundary (one call per element\ninto a separate module), app (loop, dispatch and model as one\nmodule, as an app compiles them). Default: both.",
      example: "--modes app")
  }

  /// The options, in help order. Only what differs between commands is a
  /// parameter.
  /// - Parameters:
  ///   - verb: What the command does to a benchmark case: "time", "profile".
  ///   - defaultSizes: What --sizes is when not given, as help says it.
  ///   - defaultDistributions: The same for --distributions.
  package static func options(verb: String, defaultSizes: String, defaultDistributions: String) -> [OptionSpec] {
    [
      Options.sizes.with(help: "Feed sizes in elements (default: \(defaultSizes))."),
      Options.distributions.with(
        help:
          "Kind layouts: \(KindDistribution.allCases.map(\.rawValue).joined(separator: ", "))\n(default: \(defaultDistributions))."
      ),
      Options.kinds, Options.domains, Options.seed, Options.feed,
      Options.strategies.with(
        help: "Strategies to \(verb) (default: all).\nValid: \(Registry.names.joined(separator: ", "))."
          + (verb == "time"
            ? "\nA subset's ratios are not the whole run's: fewer representations\nshare the memory (Guides/Run.md). Compare it with the same subset."
            : "")),
      Options.operations.with(
        help:
          "Operations to \(verb) (default: all).\nValid: \(SpecOperation.allCases.map(\.rawValue).joined(separator: ", "))."
      ),
      Options.filter, Options.modes,
    ]
  }

  package init(_ arguments: ParsedArguments) throws(CommandError) {
    file = try Self.file(arguments)
    sizes = try arguments.integers(Options.sizes, in: 1...Int.max, unit: "elements")
    distributions = try arguments.names(
      Options.distributions, from: KindDistribution.allCases.map(\.rawValue), kind: "distribution"
    )?.compactMap(KindDistribution.init(rawValue:))
    kinds = try arguments.integers(Options.kinds, in: 2...SyntheticRegistry.kindCounts.max()!)
    seed = try Self.seed(arguments)
    strategies = try arguments.names(Options.strategies, from: Registry.names, kind: "strategy") ?? Registry.names
    let operationNames = try arguments.names(
      Options.operations, from: SpecOperation.allCases.map(\.rawValue) + SyntheticRegistry.operations
        + ExistentialDomain.operations, kind: "operation")
    let namedDomains = try arguments.names(Options.domains, from: Self.domains, kind: "domain")
    let domains = namedDomains ?? Self.defaultDomains
    operations = operationNames.map { names in SpecOperation.allCases.filter { names.contains($0.rawValue) } }
    if !domains.contains(Domain.share.rawValue) || !domains.contains(Domain.feed.rawValue) {
      operations = (operations ?? SpecOperation.allCases).filter { domains.contains($0.domain.rawValue) }
    }
    syntheticOperations =
      !domains.contains(PlannedSynthetic.domain) || arguments.value(Options.feed) != nil
      ? [] : operationNames.map { names in SyntheticRegistry.operations.filter(names.contains) } ?? SyntheticRegistry.operations
    syntheticKinds = SyntheticRegistry.kindCounts
    existentialOperations = Self.existentialOperations(
      domains: namedDomains, operations: operationNames, feedFile: arguments.value(Options.feed) != nil)
    filters = try arguments.list(Options.filter, item: "pattern")?.map(GlobPattern.init) ?? []
    if arguments.value(Options.modes)?.trimming(" ").isEmpty == true {
      throw arguments.badValue(
        Options.modes, "", "names no mode; valid: \(BuildMode.all.map(\.rawValue).joined(separator: ", "))")
    }
    modes =
      try arguments.names(Options.modes, from: BuildMode.all.map(\.rawValue), kind: "mode")?.map(BuildMode.init)
      ?? BuildMode.all
    if let file { operations = try Self.operations(operations, tiling: file) }
    if let kinds {
      // Beyond the share and feed domains' six, only the synthetic domain's.
      let valid = Set(2...FeedKind.allCases.count).union(SyntheticRegistry.kindCounts)
      if let bad = kinds.first(where: { !valid.contains($0) }) {
        throw arguments.badValue(
          Options.kinds, String(bad),
          "is not a number of kinds any domain has: 2…\(FeedKind.allCases.count) for share and feed, \(SyntheticRegistry.kindCounts.map { String($0) }.joined(separator: ", ")) for synthetic")
      }
      syntheticKinds = SyntheticRegistry.kindCounts.filter(kinds.contains)
      if syntheticKinds.isEmpty { syntheticOperations = [] }
      if kinds.allSatisfy({ $0 > FeedKind.allCases.count }) { operations = [] }
    }
    if operations?.isEmpty == true && syntheticOperations.isEmpty && existentialOperations.isEmpty {
      throw .usage(
        "\(Options.domains.name), \(Options.operations.name) and \(Options.kinds.name) leave nothing to time",
        command: arguments.spec.name)
    }
  }

  /// Whether a dimension was chosen: a feed file, or any of --sizes,
  /// --distributions, --kinds and --operations.
  package var choosesADimension: Bool {
    sizes != nil || distributions != nil || kinds != nil || operations != nil || file != nil
  }

  /// The benchmark cases selected, with `sizes` and `distributions` standing for those
  /// options when they are not given.
  package func matrix(shape: RunMatrix.Shape, sizes defaultSizes: [Int], distributions defaultDistributions: [KindDistribution])
    -> RunMatrix
  {
    RunMatrix(
      shape: shape, operations: operations ?? SpecOperation.allCases, sizes: sizes ?? defaultSizes,
      distributions: distributions ?? defaultDistributions, kinds: kinds, seed: seed, strategies: strategies,
      filters: filters, file: file, atFileSize: file != nil && sizes == nil, modes: modes, syntheticOperations: syntheticOperations,
      syntheticKinds: syntheticKinds, existentialOperations: existentialOperations)
  }

  /// The existential domain's operations a command line asks for: those
  /// --operations names, or every one when --domains names the domain; none
  /// with a feed file, or when neither names it.
  private static func existentialOperations(domains: [String]?, operations: [String]?, feedFile: Bool) -> [String] {
    guard !feedFile else { return [] }
    let named = operations.map { names in ExistentialDomain.operations.filter(names.contains) } ?? []
    if !named.isEmpty { return domains.map { $0.contains(PlannedSynthetic.existentialDomain) } ?? true ? named : [] }
    return domains?.contains(PlannedSynthetic.existentialDomain) == true && operations == nil
      ? ExistentialDomain.operations : []
  }

  /// --feed, loaded; refused with the options that only generated feeds have.
  private static func file(_ arguments: ParsedArguments) throws(CommandError)
    -> (path: String, contents: FeedFile)?
  {
    guard let path = arguments.value(Options.feed) else { return nil }
    for option in [Options.distributions, Options.kinds] where arguments.value(option) != nil {
      throw .usage(
        "\(option.name) applies to generated feeds and cannot be used with \(Options.feed.name)",
        command: arguments.spec.name)
    }
    do {
      return (path, try FeedFile.load(path: path))
    } catch {
      throw .dataError(error.description)
    }
  }

  private static func seed(_ arguments: ParsedArguments) throws(CommandError) -> UInt64 {
    guard let text = arguments.value(Options.seed) else { return 1 }
    guard let seed = UInt64(text.filter { $0 != "_" }) else {
      throw arguments.badValue(Options.seed, text, "is not a whole number from 0 to \(UInt64.max)")
    }
    return seed
  }

  /// The operations asked for (all if `nil`) that `file` has items to tile
  /// for: a file without share items (or feed rows) has nothing to tile there.
  private static func operations(
    _ asked: [SpecOperation]?, tiling file: (path: String, contents: FeedFile)
  ) throws(CommandError) -> [SpecOperation] {
    let missing = Domain.allCases.filter {
      $0 == .share ? file.contents.share.isEmpty : file.contents.feed.isEmpty
    }
    if let operation = asked?.first(where: { missing.contains($0.domain) }) {
      throw .dataError(
        "\(file.path) has no \(operation.domain.rawValue) items to tile for \(operation.rawValue)")
    }
    let tiled = (asked ?? SpecOperation.allCases).filter { !missing.contains($0.domain) }
    if tiled.isEmpty {
      throw .dataError("\(file.path) has neither share items nor feed rows to benchmark")
    }
    return tiled
  }
}
