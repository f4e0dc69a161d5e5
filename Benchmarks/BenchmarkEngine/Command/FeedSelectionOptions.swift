import BenchmarkResults
import DispatchModel
import Existential
import StrategyRegistry
import SyntheticRegistry
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

  /// The options, each declared once with its type and default; what
  /// differs between the commands that share them (the verb, the
  /// defaults) is a parameter.
  package struct Options: OptionGroup {
    package let sizes: Option<[Int]?>
    package let distributions: Option<[String]?>
    package let kinds = Option.integers(
      "--kinds", "N,...",
      """
      How many kinds are in play, 2…\(FeedKind.allCases.count) (share uses at most \(ShareKind.allCases.count);
      default: all); the synthetic domain has \
      \(SyntheticRegistry.kindCounts.map { String($0) }.joined(separator: ", ")).
      """,
      example: "--kinds 2,6", in: 2...SyntheticRegistry.kindCounts.max()!)
    package let domains = Option.names(
      "--domains", "LIST",
      """
      Domains: share, feed, synthetic (N kinds, generated code),
      existential (`any P` and its alternatives; Guides/Existentials.md).
      Default: share, feed and synthetic.
      """,
      example: "--domains share,feed", from: FeedSelectionOptions.domains, kind: "domain")
    package let seed = Option.value("--seed", "N", "The generator's seed (default: 1).", example: "--seed 42").map {
      text, invalid throws(CommandError) -> UInt64 in
      guard let text else { return 1 }
      guard let seed = UInt64(text.filter { $0 != "_" }) else {
        throw invalid(text, "is not a whole number from 0 to \(UInt64.max)")
      }
      return seed
    }
    package let feed: Option<String?>
    package let strategies: Option<[String]>
    package let operations: Option<[String]?>
    package let filter = Option.list(
      "--filter", "PATTERNS",
      """
      Only rows whose domain/operation/strategy/distribution/size
      matches one of these comma-separated globs (* and ?).
      """,
      example: "--filter '*/feed.render/*/uniform/*'", item: "pattern")
    package let modes = Option.names(
      "--modes", "LIST",
      """
      How strategies are compiled: boundary (one call per element
      into a separate module), app (loop, dispatch and model as one
      module, as an app compiles them). Default: both.
      """,
      example: "--modes app", from: BuildMode.all.map(\.rawValue), kind: "mode", namingNone: "names no mode"
    ).map { names, _ in names?.map(BuildMode.init) ?? BuildMode.all }

    /// - Parameters:
    ///   - verb: What the command does to a benchmark case: "time", "profile".
    ///   - defaultSizes: What --sizes is when not given, as help says it.
    ///   - defaultDistributions: The same for --distributions.
    package init(verb: String, defaultSizes: String, defaultDistributions: String) {
      sizes = .integers(
        "--sizes", "N,...", "Feed sizes in elements (default: \(defaultSizes)).", example: "--sizes 1000,100000",
        in: 1...Int.max, unit: "elements")
      distributions = .names(
        "--distributions", "LIST",
        """
        Kind layouts: \(KindDistribution.allCases.map(\.rawValue).joined(separator: ", "))
        (default: \(defaultDistributions)).
        """,
        example: "--distributions uniform,clustered", from: KindDistribution.allCases.map(\.rawValue),
        kind: "distribution")
      feed = FeedSelectionOptions.feed(
        help:
          """
          Use a SPEC §4 feed file instead of generated feeds, at its
          own size (its share items for share operations, its feed
          rows for feed operations); with --sizes, tiled to each size.
          """,
        example: "--feed my-feed.json")
      strategies = FeedSelectionOptions.strategies(
        help: """
          Strategies to \(verb) (default: all).
          Valid: \(Registry.names.joined(separator: ", ")).
          """
            + (verb == "time"
              ? "\nA subset's ratios are not the whole run's: "
                + "fewer representations\nshare the memory (Guides/Run.md). Compare it with the same subset."
              : ""),
        example: "--strategies protocol-getter,enum-switch")
      operations = FeedSelectionOptions.operations(
        help:
          """
          Operations to \(verb) (default: all).
          Valid: \(SpecOperation.allCases.map(\.rawValue).joined(separator: ", ")).
          """,
        example: "--operations feed.height,share.mixed",
        valid: SpecOperation.allCases.map(\.rawValue) + SyntheticRegistry.operations + ExistentialDomain.operations)
    }
  }

  /// --feed, as every command that reads a feed file names it.
  package static func feed(help: String, example: String) -> Option<String?> {
    .value("--feed", "FILE", help, example: example)
  }

  /// --strategies, as every command that runs strategies names it: every
  /// strategy when not given.
  package static func strategies(help: String, example: String) -> Option<[String]> {
    Option.names("--strategies", "LIST", help, example: example, from: Registry.names, kind: "strategy")
      .default(Registry.names)
  }

  /// --operations, as every command that runs operations names them.
  package static func operations(help: String, example: String, valid: [String]) -> Option<[String]?> {
    .names("--operations", "LIST", help, example: example, from: valid, kind: "operation")
  }

  package init(_ arguments: OptionValues<Options>) throws(CommandError) {
    file = try Self.file(arguments)
    sizes = try arguments.sizes
    distributions = try arguments.distributions?.compactMap(KindDistribution.init(rawValue:))
    kinds = try arguments.kinds
    seed = try arguments.seed
    strategies = try arguments.strategies
    let operationNames = try arguments.operations
    let namedDomains = try arguments.domains
    let domains = namedDomains ?? Self.defaultDomains
    operations = operationNames.map { names in SpecOperation.allCases.filter { names.contains($0.rawValue) } }
    if !domains.contains(Domain.share.rawValue) || !domains.contains(Domain.feed.rawValue) {
      operations = (operations ?? SpecOperation.allCases).filter { domains.contains($0.domain.rawValue) }
    }
    syntheticOperations =
      !domains.contains(PlannedSynthetic.domain) || file != nil
      ? []
      : operationNames.map { names in SyntheticRegistry.operations.filter(names.contains) }
        ?? SyntheticRegistry.operations
    syntheticKinds = SyntheticRegistry.kindCounts
    existentialOperations = Self.existentialOperations(
      domains: namedDomains, operations: operationNames, feedFile: file != nil)
    filters = try arguments.filter?.map(GlobPattern.init) ?? []
    modes = try arguments.modes
    if let file { operations = try Self.operations(operations, tiling: file) }
    if let kinds {
      // Beyond the share and feed domains' six, only the synthetic domain's.
      let valid = Set(2...FeedKind.allCases.count).union(SyntheticRegistry.kindCounts)
      if let bad = kinds.first(where: { !valid.contains($0) }) {
        throw arguments.invalid(
          \.kinds, String(bad),
          "is not a number of kinds any domain has: 2…\(FeedKind.allCases.count) for share and feed, "
            + "\(SyntheticRegistry.kindCounts.map { String($0) }.joined(separator: ", ")) for synthetic")
      }
      syntheticKinds = SyntheticRegistry.kindCounts.filter(kinds.contains)
      if syntheticKinds.isEmpty { syntheticOperations = [] }
      if kinds.allSatisfy({ $0 > FeedKind.allCases.count }) { operations = [] }
    }
    if operations?.isEmpty == true && syntheticOperations.isEmpty && existentialOperations.isEmpty {
      let options = arguments.group
      throw .usage(
        "\(options.domains.name), \(options.operations.name) and \(options.kinds.name) leave nothing to time",
        command: arguments.command)
    }
  }

  /// Whether a dimension was chosen: a feed file, or any of --sizes,
  /// --distributions, --kinds and --operations.
  package var choosesADimension: Bool {
    sizes != nil || distributions != nil || kinds != nil || operations != nil || file != nil
  }

  /// The benchmark cases selected, with `sizes` and `distributions` standing for those
  /// options when they are not given.
  package func matrix(
    shape: RunMatrix.Shape, sizes defaultSizes: [Int], distributions defaultDistributions: [KindDistribution]
  )
    -> RunMatrix
  {
    RunMatrix(
      shape: shape, operations: operations ?? SpecOperation.allCases, sizes: sizes ?? defaultSizes,
      distributions: distributions ?? defaultDistributions, kinds: kinds, seed: seed, strategies: strategies,
      filters: filters, file: file, atFileSize: file != nil && sizes == nil, modes: modes,
      syntheticOperations: syntheticOperations,
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
  private static func file(_ arguments: OptionValues<Options>) throws(CommandError)
    -> (path: String, contents: FeedFile)?
  {
    guard let path = try arguments.feed else { return nil }
    if let option = arguments.given([\.distributions, \.kinds]).first {
      throw .usage(
        "\(option.name) applies to generated feeds and cannot be used with \(arguments.group.feed.name)",
        command: arguments.command)
    }
    do {
      return (path, try FeedFile.load(path: path))
    } catch {
      throw .dataError(error.description)
    }
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
