// The app-mode loops of three patterns, timed by package-benchmark (the
// ordo-one harness a Swift developer reaches for), as an independent check of
// dispatch-bench's ratios. Not a target of this package: package-benchmark.sh
// copies it into a throwaway package, beside the app modules built from this
// package's sources as the AppModeSources plugin builds them, and runs it
// with `swift package benchmark`.
//
// Each benchmark is one operation of one pattern: an iteration runs the
// pattern's app-mode loop once over the whole feed, 100,000 uniform rows of
// seed 1 (dispatch-bench's defaults), through the same `AppModeWorkload`
// entry point dispatch-bench calls. By default each benchmark builds only its
// own pattern's feed, in its setup, as a package-benchmark user would; the
// harness runs each benchmark in a process of its own.
//
// The script's experiments change how it is timed through the environment,
// which `swift package benchmark` hands down to every benchmark process;
// unset, package-benchmark's defaults hold:
//   PKGBENCH_METRICS=wall-clock   time only the wall clock (the default set
//                                 also counts mallocs, CPU time, instructions
//                                 and the peak resident memory)
//   PKGBENCH_MAX_DURATION_MS=N    the time each benchmark runs for
//   PKGBENCH_MAX_ITERATIONS=N     the most iterations each benchmark runs
//   PKGBENCH_WARMUP=N             untimed iterations before the first timed one
//   PKGBENCH_ITERATION_ELEMENTS=N an iteration times N elements, the next
//                                 slice of the feed in turn, not all 100,000
//   PKGBENCH_ORDER=reversed       the six benchmarks run in the reverse of
//                                 their usual (alphabetical) order
//   PKGBENCH_REPRESENTATIONS=all  every benchmark builds all three patterns'
//                                 feeds and times its own, as a dispatch-bench
//                                 launch holds every contender's at once

import AppClassicVisitor
import AppEnumSwitch
import AppProtocolGetter
import Benchmark
import BenchmarkSupport
import Foundation

/// The patterns timed, in dispatch-bench's names: the first is the baseline
/// of every ratio.
let patterns: [(name: String, type: any AppModeWorkload.Type)] = [
  ("enum-switch", AppEnumSwitch.AppLoops.self),
  ("protocol-getter", AppProtocolGetter.AppLoops.self),
  ("classic-visitor", AppClassicVisitor.AppLoops.self),
]
let operations = ["feed.color", "feed.identifier"]
let size = 100_000

/// What the environment asks of this run (see the header).
struct Settings {
  var configuration = Benchmark.defaultConfiguration
  var reversed = false
  var iterationElements = size
  var buildsEveryPattern = false

  init(_ environment: [String: String]) {
    func number(_ name: String) -> Int? {
      guard let text = environment[name] else { return nil }
      guard let value = Int(text), value >= 0 else { fatalError("\(name)=\(text) is not a whole number") }
      return value
    }
    if let metrics = environment["PKGBENCH_METRICS"] {
      guard metrics == "wall-clock" else { fatalError("PKGBENCH_METRICS=\(metrics): the only other set is wall-clock") }
      configuration.metrics = [.wallClock]
    }
    if let milliseconds = number("PKGBENCH_MAX_DURATION_MS") { configuration.maxDuration = .milliseconds(milliseconds) }
    if let iterations = number("PKGBENCH_MAX_ITERATIONS") { configuration.maxIterations = iterations }
    if let warmup = number("PKGBENCH_WARMUP") { configuration.warmupIterations = warmup }
    if let elements = number("PKGBENCH_ITERATION_ELEMENTS") {
      guard (1...size).contains(elements) else {
        fatalError("PKGBENCH_ITERATION_ELEMENTS=\(elements) is not 1 to \(size)")
      }
      iterationElements = elements
    }
    reversed = environment["PKGBENCH_ORDER"] == "reversed"
    buildsEveryPattern = environment["PKGBENCH_REPRESENTATIONS"] == "all"
  }
}

/// The feeds one benchmark process holds: made in its setup, before any
/// timing, and released in its teardown.
final class Feeds: @unchecked Sendable {
  var timed: (any AppModeWorkload)?
  var others: [any AppModeWorkload] = []
  /// The slice the next iteration times.
  var slice = 0

  func build(_ pattern: Int, everyPattern: Bool) {
    for index in patterns.indices where index == pattern || everyPattern {
      let workload = patterns[index].type.init(
        domain: "feed", size: size, seed: 1, distribution: "uniform", kinds: 6, feedFile: nil)
      if index == pattern { timed = workload } else { others.append(workload) }
    }
  }

  func release() {
    timed = nil
    others = []
  }
}

let benchmarks: @Sendable () -> Void = {
  let settings = Settings(ProcessInfo.processInfo.environment)
  let cases = operations.flatMap { operation in patterns.indices.map { (operation, $0) } }
  for (position, (operation, pattern)) in cases.enumerated() {
    // package-benchmark runs benchmarks in the order of their names: the
    // leading digit sets it, and the script reads the last two words.
    let rank = settings.reversed ? cases.count - position : position + 1
    let feeds = Feeds()
    Benchmark(
      "\(rank) \(operation) \(patterns[pattern].name)", configuration: settings.configuration,
      closure: { benchmark in
        let workload = feeds.timed!
        let elements = settings.iterationElements
        for _ in benchmark.scaledIterations {
          let start = feeds.slice * elements
          workload.run(operation, range: start..<start + elements, repetitions: 1)
          feeds.slice = (feeds.slice + 1) % (size / elements)
        }
      },
      setup: { feeds.build(pattern, everyPattern: settings.buildsEveryPattern) },
      teardown: { feeds.release() })
  }
}
