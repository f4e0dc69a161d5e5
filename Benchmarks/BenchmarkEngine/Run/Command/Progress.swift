#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CommandLineSupport

/// Progress on standard error: benchmark case k of n (the unit the run's
/// header counts), elapsed, and the time left, revised as cases finish and
/// counting down between them.
///
/// On a terminal, one line redrawn in place; when standard error is a file or
/// a pipe, a line of its own every `interval` seconds, whether or not a case
/// finished. Quiet when asked to be.
package final class Progress: @unchecked Sendable {
  /// How they are written.
  package enum Style {
    case none
    /// Redrawn in place.
    case terminal
    /// One line every so often.
    case lines
  }

  /// Seconds between lines when standard error is not a terminal.
  package static let interval = 5.0
  /// Seconds between redraws on a terminal, and between checks whether a
  /// line is due otherwise.
  package static let terminalInterval = 1.0

  private let console: Console
  private let style: Style
  private let total: Int
  /// Seconds the whole launch was estimated to take, before any case ended.
  private let estimate: Double?
  /// Launches still to run after this one, each assumed to take as long.
  private let launchesAfter: Int
  /// Put before every line: which launch this is, when there are several.
  private let prefix: String

  // Guarded by `lock`: the ticker draws from its own thread.
  private let lock = Lock()
  private var done = 0.0
  private var elapsedAtLastEnd = 0.0
  private var current = ""
  private var lastLine: UInt64 = 0
  private var finished = false
  /// Nanoseconds on a monotonic clock: the real one, or a test's.
  private let now: @Sendable () -> UInt64
  private let start: UInt64
  private var ticker: Ticker?

  /// - Parameters:
  ///   - total: Benchmark cases in this launch.
  ///   - estimate: The launch's estimated seconds, shown until a case ends.
  ///   - clock: Nanoseconds on a monotonic clock (a test's, to decide when a
  ///     line is due without waiting for it).
  package init(
    console: Console, total: Int, style: Style, estimate: Double? = nil,
    launchesAfter: Int = 0, prefix: String = "", clock: @escaping @Sendable () -> UInt64 = { MonotonicClock.now() }
  ) {
    self.now = clock
    self.start = clock()
    self.console = console
    self.total = total
    self.style = style
    self.estimate = estimate
    self.launchesAfter = launchesAfter
    self.prefix = prefix
    if style != .none {
      // Every second; in lines, a line once `interval` has passed since the last.
      ticker = Ticker(every: Self.terminalInterval) { [weak self] in
        self?.tick()
      }
    }
  }

  /// On a terminal, redrawn; otherwise lines every so often; or nothing.
  package convenience init(
    console: Console, total: Int, enabled: Bool, quiet: Bool = false, estimate: Double? = nil,
    launchesAfter: Int = 0, prefix: String = ""
  ) {
    self.init(
      console: console, total: total, style: quiet ? .none : enabled ? .terminal : .lines,
      estimate: estimate, launchesAfter: launchesAfter, prefix: prefix)
  }

  deinit { ticker?.cancel() }

  package func begin(_ description: String) {
    lock.locked {
      current = description
      draw(force: lastLine == 0)
    }
  }

  /// Ends a step of `worth` cases: a whole case, or a block of one sampled
  /// in passes, or one strategy's share of a case timed one at a time.
  package func end(worth: Double = 1) {
    lock.locked {
      done = min(Double(total), done + worth)
      elapsedAtLastEnd = elapsed
      draw(force: style == .terminal)
    }
  }

  package func finish() {
    ticker?.cancel()
    lock.locked {
      guard !finished else { return }
      finished = true
      if style == .terminal { console.writeError("\r\u{1B}[2K") }
    }
  }

  private func tick() {
    lock.locked {
      if !finished { draw(force: style == .terminal) }
    }
  }

  private var elapsed: Double { Double(now() - start) / 1e9 }

  /// Seconds left in this launch and the ones after it: from the cases
  /// done so far once one has ended, else from the estimate; counting down
  /// as time passes, never below what the cases not yet begun should take.
  package var remaining: Double? {
    let elapsed = self.elapsed
    let projected: Double
    if done > 0 {
      projected = elapsedAtLastEnd / done * Double(total)
    } else if let estimate {
      projected = estimate
    } else {
      return nil
    }
    let perCase = projected / Double(max(total, 1))
    let thisLaunch = max(projected - elapsed, perCase * max(0, Double(total) - done - 1))
    return thisLaunch + Double(launchesAfter) * projected
  }

  /// Draws a line; when standard error is not a terminal, only if `force`
  /// or `interval` seconds have passed since the last one.
  private func draw(force: Bool) {
    guard style != .none, !finished else { return }
    let now = self.now()
    if style == .lines && !force && Double(now - lastLine) / 1e9 < Self.interval - 0.05 { return }
    lastLine = now
    let caseNumber = min(Int(done.rounded(.down)) + 1, total)
    var line = "\(prefix)[case \(caseNumber)/\(total)] \(current) · \(Self.duration(elapsed)) elapsed"
    if let remaining, done < Double(total) { line += ", ~\(Self.duration(remaining)) left" }
    line = Self.fitted(line, to: console.width)
    console.writeError(style == .terminal ? "\r\u{1B}[2K" + line : line + "\n")
  }

  /// A progress line cut to `width` columns, its middle (the case's
  /// name) shortened with `…`: a wrapped line would break a terminal's
  /// redraw and widen a log's.
  package static func fitted(_ line: String, to width: Int?) -> String {
    guard let width, line.count > width, width > 10 else { return line }
    let keep = width - 1
    let head = line.prefix(keep * 2 / 3)
    let tail = line.suffix(keep - head.count)
    return head + "…" + tail
  }

  package static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return whole >= 60 ? "\(whole / 60)m\(String(twoDigits: whole % 60))s" : "\(whole)s"
  }
}

/// A mutual-exclusion lock.
package final class Lock: @unchecked Sendable {
  private var mutex = pthread_mutex_t()

  package init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }

  package func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body()
  }
}

/// Calls a closure every so many seconds on a thread of its own, until
/// cancelled. It sleeps between calls, so a timed loop on another core
/// loses nothing but the call's own few microseconds.
package final class Ticker: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()
  private var cancelled = false
  private var thread: pthread_t?
  private let seconds: Double
  private let tick: () -> Void

  package init(every seconds: Double, _ tick: @escaping () -> Void) {
    self.seconds = seconds
    self.tick = tick
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { context in
        let ticker = Unmanaged<Ticker>.fromOpaque(context!).takeRetainedValue()
        ticker.loop()
        return nil
      }, context)
    if status == 0 {
      self.thread = thread
    } else {
      Unmanaged<Ticker>.fromOpaque(context).release()
    }
  }

  private func loop() {
    pthread_mutex_lock(&mutex)
    while !cancelled {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let nanoseconds = Int(now.tv_nsec) + Int(seconds.truncatingRemainder(dividingBy: 1) * 1e9)
      var deadline = timespec(
        tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
      if pthread_cond_timedwait(&condition, &mutex, &deadline) == ETIMEDOUT && !cancelled {
        pthread_mutex_unlock(&mutex)
        tick()
        pthread_mutex_lock(&mutex)
      }
    }
    pthread_mutex_unlock(&mutex)
  }

  /// Stops the calls and waits for the thread to end; a call under way
  /// finishes first.
  package func cancel() {
    pthread_mutex_lock(&mutex)
    let wasCancelled = cancelled
    cancelled = true
    pthread_cond_signal(&condition)
    pthread_mutex_unlock(&mutex)
    if !wasCancelled, let thread, !pthread_equal(thread, pthread_self()).isTrue { pthread_join(thread, nil) }
  }
}

extension Int32 {
  fileprivate var isTrue: Bool { self != 0 }
}

extension String {
  /// Two digits, zero-padded.
  package init(twoDigits value: Int) {
    self = value < 10 ? "0\(value)" : "\(value)"
  }
}
