import BenchmarkResults
/// Progress on standard error: step k of n, elapsed, estimated remaining.
///
/// On a terminal, one line redrawn in place; when standard error is a file or
/// a pipe, a line of its own at most every `interval` seconds (and never
/// none for long). Quiet when asked to be.
final class Progress {
  /// How they are written.
  enum Style {
    case none
    /// Redrawn in place.
    case terminal
    /// One line every so often.
    case lines
  }

  private let console: Console
  private let style: Style
  private var lastLine: UInt64 = 0
  static let interval = 10.0
  private let total: Int
  private var done = 0
  private let start = MonotonicClock.now()
  private var stepStart = MonotonicClock.now()
  private var current = ""
  /// Put before every line: which launch this is, when there are several.
  private let prefix: String

  init(console: Console, total: Int, style: Style, prefix: String = "") {
    self.console = console
    self.total = total
    self.style = style
    self.prefix = prefix
  }

  /// On a terminal, redrawn; otherwise lines every so often; or nothing.
  convenience init(console: Console, total: Int, enabled: Bool, quiet: Bool = false, prefix: String = "") {
    self.init(
      console: console, total: total, style: quiet ? .none : enabled ? .terminal : .lines, prefix: prefix)
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
    if style == .terminal { console.writeError("\r\u{1B}[2K") }
  }

  private func draw() {
    guard style != .none else { return }
    if style == .lines {
      let now = MonotonicClock.now()
      guard Double(now - lastLine) / 1e9 >= Self.interval else { return }
      lastLine = now
    }
    let elapsed = Double(MonotonicClock.now() - start) / 1e9
    var line = "\(prefix)[\(min(done + 1, total))/\(total)] \(current) · \(Self.duration(elapsed))"
    if done > 0 && done < total {
      let remaining = elapsed / Double(done) * Double(total - done)
      line += " elapsed, ~\(Self.duration(remaining)) left"
    } else {
      line += " elapsed"
    }
    console.writeError(style == .terminal ? "\r\u{1B}[2K" + line : line + "\n")
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
