#if APP_MODE
// Compiled only in app mode, where this model is copied into each strategy's
// app module beside the strategy and its Loops.swift (Plugins/AppModeSources):
// the timed loops every strategy's `AppLoops` shares, written once. Each app
// module compiles them for its own `AppLoops`, so each loop calls that
// strategy's per-element code directly, as if written in its Loops.swift;
// check-kernels.py checks it on the binary. The boundary model never sees it.
import BenchmarkSupport

// MARK: The loops

extension AppLoops {
  @inline(never)
  func shareLoop(_ range: Range<Int>, to target: Int, repetitions: Int) {
    let feed = shareFeed!
    let elements = opaque(feed.elements)
    let target = opaque(feed.targets)[target]
    for _ in 0..<repetitions {
      for index in range {
        blackHole(Self.share(elements, at: index, to: target))
      }
    }
  }

  @inline(never)
  func shareMixedLoop(_ range: Range<Int>, repetitions: Int) {
    let feed = shareFeed!
    let elements = opaque(feed.elements)
    let targets = opaque(feed.targets)
    opaque(feed.platforms).withUnsafeBufferPointer { platforms in
      for _ in 0..<repetitions {
        for index in range {
          blackHole(Self.share(elements, at: index, to: targets[Int(platforms[index])]))
        }
      }
    }
  }

  @inline(never)
  func identifierLoop(_ range: Range<Int>, repetitions: Int) {
    let feed = tableFeed!
    let rows = opaque(feed.rows)
    let controller = opaque(feed.controller)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(Self.identifier(of: rows, at: index, using: controller))
      }
    }
  }

  @inline(never)
  func heightLoop(_ range: Range<Int>, repetitions: Int) {
    let feed = tableFeed!
    let rows = opaque(feed.rows)
    let controller = opaque(feed.controller)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(Self.height(of: rows, at: index, using: controller))
      }
    }
  }

  /// Configuring writes into cell objects, which outlive the loop.
  @inline(never)
  func configureLoop(_ range: Range<Int>, repetitions: Int) {
    let feed = tableFeed!
    let rows = opaque(feed.rows)
    let cells = opaque(feed.cells)
    let controller = opaque(feed.controller)
    for _ in 0..<repetitions {
      for index in range {
        Self.configure(cells, at: index, with: rows, at: index, using: controller)
      }
    }
  }

  @inline(never)
  func colorLoop(_ range: Range<Int>, repetitions: Int) {
    let feed = tableFeed!
    let cells = opaque(feed.shownCells)
    let controller = opaque(feed.controller)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(Self.color(of: cells, at: index, using: controller))
      }
    }
  }

  /// Setting a background writes into cell objects, which outlive the loop.
  @inline(never)
  func applyBackgroundLoop(_ range: Range<Int>, repetitions: Int) {
    let feed = tableFeed!
    let cells = opaque(feed.shownCells)
    let controller = opaque(feed.controller)
    for _ in 0..<repetitions {
      for index in range {
        Self.applyBackground(to: cells, at: index, using: controller)
      }
    }
  }

  @inline(never)
  func renderLoop(_ range: Range<Int>, repetitions: Int) {
    let feed = tableFeed!
    let rows = opaque(feed.rows)
    let pool = opaque(feed.pool)
    let controller = opaque(feed.controller)
    for _ in 0..<repetitions {
      for index in range {
        blackHole(Self.render(rows, at: index, pool, using: controller))
      }
    }
  }
}
#endif
