import BenchmarkResults
import BenchmarkSupport
import CMeasurementSupport
import DispatchModel
import StrategyRegistry

/// The process `run` starts under callgrind to find the code each share
/// and feed operation of one strategy runs (see `CodeSizeProbe`).
///
/// For one strategy, in each mode asked for, it builds a uniform share feed
/// and a uniform feed with every kind, and for each operation in turn runs
/// one pass to warm up, then one pass inside `dbms_code_window`. Callgrind
/// collects only inside that window and writes its counts each time the
/// window returns, so the run gets one part per mode and operation, in the
/// order of `--modes` and then of `SpecOperation`, with the operation's
/// steady state and nothing else. Not a public command:
/// `dispatch-bench _code-size-cell`.
enum CodeSizeCell {
  static let name = "_code-size-cell"
  /// Elements per feed: enough that every kind appears many times.
  static let size = 120

  static func arguments(strategy: String, modes: [BuildMode], seed: UInt64) -> [String] {
    [name, "--strategy", strategy, "--modes", modes.map(\.rawValue).joined(separator: ","), "--seed", String(seed)]
  }

  /// The operations the child runs, one window each, in this order.
  static let operations = SpecOperation.allCases

  /// Runs the child: `arguments` without the subcommand.
  static func main(_ arguments: [String]) -> Int32 {
    guard let values = ProfileCell.options(arguments), let strategyName = values["--strategy"], let modeList = values["--modes"],
      let seed = values["--seed"].flatMap(UInt64.init)
    else { return ExitStatus.usage }
    let modes = modeList.split(separator: ",").map { BuildMode(rawValue: String($0)) }
    guard !modes.isEmpty, modes.allSatisfy({ $0 == .boundary || $0 == .app }) else { return ExitStatus.usage }
    for mode in modes {
      let status = mode == .app ? app(strategyName, seed: seed) : boundary(strategyName, seed: seed)
      guard status == ExitStatus.success else { return status }
    }
    return ExitStatus.success
  }

  private static let distribution = KindDistribution.uniform
  private static let kinds: [Domain: Int] = [.share: 3, .feed: 6]

  private static func app(_ strategyName: String, seed: UInt64) -> Int32 {
    guard let type = AppModeWorkloads.workload(named: strategyName) else { return ExitStatus.usage }
    var workloads: [Domain: any AppModeWorkload] = [:]
    for domain in [Domain.share, .feed] {
      workloads[domain] = type.init(
        domain: domain.rawValue, size: size, seed: seed, distribution: distribution.rawValue,
        kinds: kinds[domain]!, feedFile: nil)
    }
    for operation in operations {
      let workload = workloads[operation.domain]!
      workload.run(operation.rawValue, range: 0..<workload.count, repetitions: 1)
      window { workload.run(operation.rawValue, range: 0..<workload.count, repetitions: 1) }
    }
    return ExitStatus.success
  }

  private static func boundary(_ strategyName: String, seed: UInt64) -> Int32 {
    guard let strategy = Registry.strategy(named: strategyName) else { return ExitStatus.usage }
    let source: [Domain: ElementSource] = [
      .share: .generated(seed: seed, distribution: distribution, kinds: kinds[.share]!),
      .feed: .generated(seed: seed, distribution: distribution, kinds: kinds[.feed]!),
    ]
    let prepared = [
      Domain.share: strategy.prepare(ShareItemSequence(source: source[.share]!, count: size)),
      .feed: strategy.prepare(FeedItemSequence(source: source[.feed]!, count: size)),
    ]
    for operation in operations {
      let cell = prepared[operation.domain]!
      cell.run(operation, repetitions: 1)
      window { cell.run(operation, repetitions: 1) }
    }
    return ExitStatus.success
  }

  /// Runs `body` inside `dbms_code_window`.
  private static func window(_ body: @escaping () -> Void) {
    final class Body {
      let run: () -> Void
      init(_ run: @escaping () -> Void) { self.run = run }
    }
    let box = Unmanaged.passRetained(Body(body))
    dbms_code_window({ Unmanaged<Body>.fromOpaque($0!).takeUnretainedValue().run() }, box.toOpaque())
    box.release()
  }
}
