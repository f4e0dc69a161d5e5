import BenchmarkResults
/// Progress on standard error: step k of n, elapsed, estimated remaining.
///
/// Quiet unless standard error is a terminal, or when asked to be.
final class Progress {
  private let console: Console
  private let enabled: Bool
  private let total: Int
  private var done = 0
  private let start = MonotonicClock.now()
  private var stepStart = MonotonicClock.now()
  private var current = ""
  /// Put before every line: which launch this is, when there are several.
  private let prefix: String

  init(console: Console, total: Int, enabled: Bool, prefix: String = "") {
    self.console = console
    self.total = total
    self.enabled = enabled
    self.prefix = prefix
  }

  func begin(_ description: String) {
    current = description
    stepStart = MonotonicClock.now()
    draw()
  }

  func end() {
    done += 1
    draw()
  }

  func finish() {
    if enabled { console.writeError("\r\u{1B}[2K") }
  }

  private func draw() {
    guard enabled else { return }
    let elapsed = Double(MonotonicClock.now() - start) / 1e9
    var line = "\(prefix)[\(min(done + 1, total))/\(total)] \(current) · \(Self.duration(elapsed))"
    if done > 0 && done < total {
      let remaining = elapsed / Double(done) * Double(total - done)
      line += " elapsed, ~\(Self.duration(remaining)) left"
    } else {
      line += " elapsed"
    }
    console.writeError("\r\u{1B}[2K" + line)
  }

  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return whole >= 60 ? "\(whole / 60)m\(String(twoDigits: whole % 60))s" : "\(whole)s"
  }
}

extension String {
  /// Two digits, zero-padded.
  init(twoDigits value: Int) {
    self = value < 10 ? "0\(value)" : "\(value)"
  }
}
