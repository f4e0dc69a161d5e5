#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// Numbers as the tables a reader quotes print them: a fixed number of
/// decimals or of significant digits, rounded from the exact binary value
/// (C's `printf`, which rounds as Python's `format` does, so tables first
/// printed by a script print the same).
package enum DecimalText {
  /// `value` with `digits` decimals: `fixed(12.345, 1)` is `12.3`; padded
  /// on the left to `width` characters when given.
  package static func fixed(_ value: Double, _ digits: Int, width: Int = 0) -> String {
    printf("%\(width).\(digits)f", value)
  }

  /// `value` with `digits` significant digits, trailing zeros dropped:
  /// `significant(13.84, 3)` is `13.8`, `significant(313.5, 3)` is `314`.
  package static func significant(_ value: Double, _ digits: Int) -> String {
    printf("%.\(digits)g", value)
  }

  private static func printf(_ format: String, _ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 512)
    let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
    return String(
      decoding: buffer.prefix(max(0, min(Int(count), buffer.count - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// What a table shows where a figure is missing from the files it reads.
package let missingFigure = "–"

extension TimingRow {
  /// The row's ratio to `baseline` with its 95% interval, `2.51×
  /// (2.48–2.53)`, as the guides quote it; the baseline's own `1 (12.4 ns)`;
  /// `–` without an interval.
  package func ratioCell(baseline: StrategyID) -> String {
    if key.strategy == baseline { return "1 (\(DecimalText.significant(median, 3)) ns)" }
    guard let ratio = ratioToBaseline, let low = ratioToBaselineLow, let high = ratioToBaselineHigh else {
      return missingFigure
    }
    return "\(DecimalText.fixed(ratio, 2))× (\(DecimalText.fixed(low, 2))–\(DecimalText.fixed(high, 2)))"
  }
}
