// A pattern's per-element times as an Embedded Swift executable: compiled by
// `bash Benchmarks/Scripts/embedded-check.sh --time` with the model and one
// strategy module (each under Embedded Swift) and `Main.swift`, which the
// script writes: `@main` calling `time(EnumSwitchStrategy.self)`. Not the
// harness: one process, no layouts or launches, no paired ratios; rounds
// over the same elements, the median ns per element of each operation. Read
// its figures beside each other, not beside a run's (Guides/Embedded.md).
import DispatchModel

/// `clock_gettime(CLOCK_MONOTONIC)`, declared here: Embedded Swift imports
/// no C library overlay.
struct Timespec {
  var seconds = 0
  var nanoseconds = 0
}

@_extern(c, "clock_gettime")
func clock_gettime(_ clock: Int32, _ time: UnsafeMutableRawPointer) -> Int32

func now() -> Int {
  var time = Timespec()
  _ = withUnsafeMutableBytes(of: &time) { clock_gettime(1, $0.baseAddress!) }
  return time.seconds * 1_000_000_000 + time.nanoseconds
}

/// Keeps a result alive without letting the optimiser see it used.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// The timed operations, each over every element once.
struct Workload<S: DispatchStrategy> {
  let shareElements: [S.ShareElement]
  let shareTargets: [S.ShareTarget]
  let rows: [S.FeedElement]
  let cells: [FeedCell]
  let shown: [S.ShownCell]
  let controller: S.FeedController

  init(size: Int, seed: UInt64) {
    let source = ElementSource.generated(seed: seed, distribution: .uniform, kinds: 3)
    shareElements = ShareItemSequence(source: source, count: size).map { S.makeShareElement($0.item) }
    shareTargets = Platform.allCases.map { S.makeShareTarget($0) }
    let feedSource = ElementSource.generated(seed: seed, distribution: .uniform, kinds: 6)
    rows = FeedItemSequence(source: feedSource, count: size).map { S.makeFeedElement($0) }
    controller = S.makeFeedController()
    var cells: [FeedCell] = []
    for index in rows.indices {
      let identifier = S.identifier(of: rows, at: index, using: controller)
      cells.append(S.makeCell(reuseIdentifier: identifier)!)
    }
    self.cells = cells
    var shown: [S.ShownCell] = []
    for index in rows.indices {
      S.configure(cells, at: index, with: rows, at: index, using: controller)
      shown.append(S.shownCell(cells[index], showing: rows, at: index, using: controller))
    }
    self.shown = shown
  }

  static var operations: [String] {
    ["share.mixed", "feed.identifier", "feed.height", "feed.configure", "feed.color", "feed.apply-background"]
  }

  func run(_ operation: Int) {
    switch operation {
    case 0:
      for index in shareElements.indices {
        blackHole(S.share(shareElements, at: index, to: shareTargets, at: index & 3))
      }
    case 1: for index in rows.indices { blackHole(S.identifier(of: rows, at: index, using: controller)) }
    case 2: for index in rows.indices { blackHole(S.height(of: rows, at: index, using: controller)) }
    case 3: for index in rows.indices { S.configure(cells, at: index, with: rows, at: index, using: controller) }
    case 4: for index in shown.indices { blackHole(S.color(of: shown, at: index, using: controller)) }
    default: for index in shown.indices { S.applyBackground(to: shown, at: index, using: controller) }
    }
  }
}

/// Prints `pattern,operation,ns per element` for each operation: the median
/// of 31 rounds over 10,000 uniform elements (seed 1), after one untimed.
func time<S: DispatchStrategy>(_ strategy: S.Type) {
  let size = 10_000
  let rounds = 31
  let workload = Workload<S>(size: size, seed: 1)
  for (operation, name) in Workload<S>.operations.enumerated() {
    workload.run(operation)
    var samples: [Int] = []
    for _ in 0..<rounds {
      let start = now()
      workload.run(operation)
      samples.append(now() - start)
    }
    samples.sort()
    let median = samples[rounds / 2]
    // ns per element, to a tenth, without Double's description.
    let tenths = (median * 10 + size / 2) / size
    print("\(S.name),\(name),\(tenths / 10).\(tenths % 10)")
  }
}
