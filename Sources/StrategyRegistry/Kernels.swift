import BenchmarkSupport
import DispatchModel

/// The timed loops: one per operation, generic over the strategy and
/// specialised for each, so a call into the strategy is a direct call.
///
/// A loop hands the strategy its own array and an index, as a table view asks
/// its data source for a row; it never copies a strategy's element itself.
/// It visits the elements of `range`, a slice of the feed (the whole feed, or
/// one slice of a large feed per sample), `repetitions` times.
/// Inputs pass through `opaque(_:)` so the optimiser cannot fold the loop,
/// and every output goes to `blackHole(_:)`. `@inline(never)` keeps each
/// loop a function of its own, which is what `profile` finds under valgrind.
///
/// The registry's module is built with LLVM's function-merging pass off:
/// otherwise loops of different strategies that compile alike are merged into
/// one that reaches the strategy through a function pointer, an indirect call
/// some strategies would pay and others not.
enum Kernels {
  @inline(never)
  static func share<S: ClientStrategy>(
    _: S.Type, _ elements: [S.ShareElement], to target: [S.ShareTarget], range: Range<Int>, repetitions: Int
  ) {
    let elements = opaque(elements)
    let target = opaque(target)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(S.share(elements, at: index, to: target, at: 0))
      }
    }
  }

  /// `share.mixed`: element *i* goes to `targets[platforms[i]]`.
  @inline(never)
  static func shareMixed<S: ClientStrategy>(
    _: S.Type, _ elements: [S.ShareElement], to targets: [S.ShareTarget], platforms: [UInt8],
    range: Range<Int>, repetitions: Int
  ) {
    let elements = opaque(elements)
    let targets = opaque(targets)
    opaque(platforms).withUnsafeBufferPointer { platforms in
      for _ in 0..<repetitions {
        for index in range {
          blackHole(S.share(elements, at: index, to: targets, at: Int(platforms[index])))
        }
      }
    }
  }

  @inline(never)
  static func identifier<S: ClientStrategy>(
    _: S.Type, _ rows: [S.FeedElement], _ controller: S.FeedController, range: Range<Int>, repetitions: Int
  ) {
    let rows = opaque(rows)
    let controller = opaque(controller)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(S.identifier(of: rows, at: index, using: controller))
      }
    }
  }

  @inline(never)
  static func height<S: ClientStrategy>(
    _: S.Type, _ rows: [S.FeedElement], _ controller: S.FeedController, range: Range<Int>, repetitions: Int
  ) {
    let rows = opaque(rows)
    let controller = opaque(controller)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(S.height(of: rows, at: index, using: controller))
      }
    }
  }

  /// Configuring writes into cell objects, which outlive the loop, so the
  /// writes are observable without a black hole.
  @inline(never)
  static func configure<S: ClientStrategy>(
    _: S.Type, _ rows: [S.FeedElement], _ cells: [FeedCell], _ controller: S.FeedController,
    range: Range<Int>, repetitions: Int
  ) {
    let rows = opaque(rows)
    let cells = opaque(cells)
    let controller = opaque(controller)
    for _ in 0..<repetitions {
      for index in range {
        S.configure(cells, at: index, with: rows, at: index, using: controller)
      }
    }
  }

  /// A shown cell's colour: the strategy receives the array of what its app
  /// keeps for each shown row, and an index.
  @inline(never)
  static func color<S: ClientStrategy>(
    _: S.Type, _ shown: [S.ShownCell], _ controller: S.FeedController, range: Range<Int>, repetitions: Int
  ) {
    let shown = opaque(shown)
    let controller = opaque(controller)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(S.color(of: shown, at: index, using: controller))
      }
    }
  }

  /// Setting a background writes into cell objects, which outlive the loop.
  @inline(never)
  static func applyBackground<S: ClientStrategy>(
    _: S.Type, _ shown: [S.ShownCell], _ controller: S.FeedController, range: Range<Int>, repetitions: Int
  ) {
    let shown = opaque(shown)
    let controller = opaque(controller)
    for _ in 0..<repetitions {
      for index in range {
        S.applyBackground(to: shown, at: index, using: controller)
      }
    }
  }

  @inline(never)
  static func render<S: ClientStrategy>(
    _: S.Type, _ rows: [S.FeedElement], _ pool: ReusePool<S>, _ controller: S.FeedController,
    range: Range<Int>, repetitions: Int
  ) {
    let rows = opaque(rows)
    let pool = opaque(pool)
    let controller = opaque(controller)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(render(S.self, rows, at: index, pool, controller))
      }
    }
  }

  /// What a table view does for one row while scrolling: identifier, dequeue,
  /// configure, height, background (from what the app keeps for the row it
  /// has just shown). The same driver for every strategy; each
  /// step is the strategy's.
  static func render<S: ClientStrategy>(
    _: S.Type, _ rows: [S.FeedElement], at index: Int, _ pool: ReusePool<S>,
    _ controller: S.FeedController
  ) -> Rendered {
    let identifier = S.identifier(of: rows, at: index, using: controller)
    let cell = pool.dequeue(identifier)
    let cells = pool.cells
    S.configure(cells, at: cell, with: rows, at: index, using: controller)
    let height = S.height(of: rows, at: index, using: controller)
    pool.show(S.shownCell(cells[cell], showing: rows, at: index, using: controller))
    S.applyBackground(to: pool.shown, at: 0, using: controller)
    return Rendered(identifier: identifier, height: height, cell: cell)
  }
}

/// What rendering one row yields.
struct Rendered {
  var identifier: String
  var height: Double
  /// The index of the cell in the reuse pool.
  var cell: Int
}
