import BenchmarkResults
import BenchmarkSupport
import CMeasurementSupport
import DispatchModel
import StrategyRegistry
import CommandLineSupport

/// The process `run` starts under callgrind to find the code each share
/// and feed operation of one strategy runs (see `CodeSizeProbe`).
///
/// For one strategy, in each mode asked for, it builds a uniform share feed
/// and a uniform feed with every kind, and runs one pass of each operation
/// to warm up; then, for each mode and operation in turn, one pass inside
/// `dbms_code_window`. Callgrind collects only inside that window and
/// writes its counts each time the window returns, so the run gets one part
/// per mode and operation, in the order of its plan's modes and then of
/// `SpecOperation`, with the operation's steady state and nothing else.
/// Where it can, the child switches callgrind's instrumentation on only
/// before the first window (`dbms_start_instrumentation`; the probe starts
/// it with `--instr-atstart=no`), so building runs several times faster. Not a public command:
/// `dispatch-bench _code-size-case PLAN`, its `Plan` as JSON.
package enum CodeSizeCase {
  package static let name = "_code-size-case"
  /// Elements per feed: enough that every kind appears many times.
  package static let size = 120

  /// What one child runs: one strategy's operations in each mode asked
  /// for, on feeds drawn from the run's seed.
  package struct Plan: Equatable, Codable {
    package var strategy: String
    package var modes: [BuildMode]
    package var seed: UInt64
  }

  /// The arguments that start a child on `plan`: the plan as one JSON
  /// argument.
  package static func arguments(_ plan: Plan) throws(PlanCodingError) -> [String] {
    [name, try PlanCoding.encode(plan)]
  }

  /// The operations the child runs, one window each, in this order.
  package static let operations = SpecOperation.allCases

  /// Runs the child: `arguments` without the subcommand.
  package static func main(_ arguments: [String]) -> Int32 {
    guard arguments.count == 1, let plan = try? PlanCoding.decode(Plan.self, from: arguments[0]),
      !plan.modes.isEmpty, plan.modes.allSatisfy(BuildMode.all.contains)
    else { return ExitStatus.usage }
    // Every mode's feeds are built and each operation warmed up first;
    // callgrind's instrumentation, off until then where the child can
    // switch it on, then runs through the windows alone.
    var passes: [() -> Void] = []
    for mode in plan.modes {
      guard let built = mode == .app ? app(plan.strategy, seed: plan.seed) : boundary(plan.strategy, seed: plan.seed)
      else { return ExitStatus.usage }
      passes += built
    }
    for pass in passes { pass() }
    _ = dbms_start_instrumentation()
    for pass in passes { window(pass) }
    return ExitStatus.success
  }

  private static let distribution = KindDistribution.uniform
  private static let kinds: [Domain: Int] = [.share: 3, .feed: 6]

  /// One pass of each operation over the strategy's app-mode feeds, in
  /// `operations` order; `nil` for an unknown strategy.
  private static func app(_ strategyName: String, seed: UInt64) -> [() -> Void]? {
    guard let type = AppModeWorkloads.workload(named: strategyName) else { return nil }
    var workloads: [Domain: any AppModeWorkload] = [:]
    for domain in [Domain.share, .feed] {
      workloads[domain] = type.init(
        domain: domain.rawValue, size: size, seed: seed, distribution: distribution.rawValue,
        kinds: kinds[domain]!, feedFile: nil)
    }
    return operations.map { operation in
      let workload = workloads[operation.domain]!
      return { workload.run(operation.rawValue, range: 0..<workload.count, repetitions: 1) }
    }
  }

  /// The same over its boundary-mode feeds.
  private static func boundary(_ strategyName: String, seed: UInt64) -> [() -> Void]? {
    guard let strategy = Registry.strategy(named: strategyName) else { return nil }
    let source: [Domain: ElementSource] = [
      .share: .generated(seed: seed, distribution: distribution, kinds: kinds[.share]!),
      .feed: .generated(seed: seed, distribution: distribution, kinds: kinds[.feed]!),
    ]
    let prepared = [
      Domain.share: strategy.prepare(ShareItemSequence(source: source[.share]!, count: size)),
      .feed: strategy.prepare(FeedItemSequence(source: source[.feed]!, count: size)),
    ]
    return operations.map { operation in
      let domain = prepared[operation.domain]!
      return { domain.run(operation, repetitions: 1) }
    }
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
