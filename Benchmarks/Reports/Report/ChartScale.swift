/// A map from data values to pixels along one axis, with the values to tick.
///
/// Linear scales start at zero (a bar's length is its value) and tick at nice
/// round steps: 1, 2 or 5 × 10^k, about five of them. Logarithmic scales run
/// from one power of ten to another and tick at each power; when they span
/// less than two decades they also tick at 2 and 5 times each power. Values a
/// scale cannot place (not finite, or ≤ 0 on a logarithmic scale) have no
/// position, so a chart skips them rather than writing `nan` or `inf`.
package struct ChartScale: Equatable {
  package var logarithmic: Bool
  /// The data value at each end of the axis; both positive when logarithmic.
  package var low: Double
  package var high: Double
  /// The values to draw a tick, a grid line and a label at, lowest first.
  package var ticks: [Double]
  /// The pixel positions of `low` and `high`, set once the chart is laid out.
  package var start = 0.0
  package var end = 1.0

  /// Whether values this spread read better on a logarithmic axis: the
  /// largest positive value is more than 20 times the smallest.
  package static func prefersLogarithmic(_ values: [Double]) -> Bool {
    let positive = values.filter { $0.isFinite && $0 > 0 }
    guard let smallest = positive.min(), let largest = positive.max() else { return false }
    return largest > 20 * smallest
  }

  /// A linear scale from zero (or the lowest negative value) to a round
  /// value at or above the highest, ticked every 1, 2 or 5 × 10^k.
  package static func linear(covering values: [Double]) -> ChartScale {
    let finite = values.filter(\.isFinite)
    let lowest = min(0, finite.min() ?? 0)
    var highest = max(0, finite.max() ?? 0)
    if highest - lowest <= 0 { highest = lowest + 1 }
    let step = niceStep(for: (highest - lowest) / 5)
    // The nudges keep 0.30000000000000004 / 0.1 from growing an empty tick.
    let first = Int((lowest / step + 1e-9).rounded(.down))
    let last = Int((highest / step - 1e-9).rounded(.up))
    return ChartScale(
      logarithmic: false, low: Double(first) * step, high: Double(last) * step,
      ticks: (first...last).map { Double($0) * step })
  }

  /// A logarithmic scale from the power of ten at or below the smallest
  /// positive value to the power at or above the largest.
  ///
  /// A single decade's worth of nothing (no positive value, or one value
  /// that is itself a power of ten) is padded to a range a chart can draw.
  package static func logarithmic(covering values: [Double]) -> ChartScale {
    let positive = values.filter { $0.isFinite && $0 > 0 }
    guard let smallest = positive.min(), let largest = positive.max() else {
      return logarithmic(decades: 0...1)
    }
    var lowest = ChartMath.decade(smallest)
    var highest = ChartMath.decade(largest)
    if ChartMath.power10(highest) < largest { highest += 1 }
    if lowest == highest {
      lowest -= 1
      highest += 1
    }
    return logarithmic(decades: lowest...highest)
  }

  private static func logarithmic(decades: ClosedRange<Int>) -> ChartScale {
    let span = decades.upperBound - decades.lowerBound
    // Ticks at every power up to ten decades, then at every n-th power.
    let every = max(1, (span + 7) / 8)
    var ticks = stride(from: decades.lowerBound, through: decades.upperBound, by: every)
      .map(ChartMath.power10)
    if span < 2 {
      for exponent in decades.lowerBound..<decades.upperBound {
        let power = ChartMath.power10(exponent)
        ticks += [2 * power, 5 * power]
      }
      ticks.sort()
    }
    return ChartScale(
      logarithmic: true, low: ChartMath.power10(decades.lowerBound),
      high: ChartMath.power10(decades.upperBound), ticks: ticks)
  }

  /// The step of 1, 2 or 5 × 10^k at or just above `raw`.
  package static func niceStep(for raw: Double) -> Double {
    guard raw.isFinite, raw > 0 else { return 1 }
    let power = ChartMath.power10(ChartMath.decade(raw))
    let fraction = raw / power
    let tolerance = 1e-9
    if fraction <= 1 + tolerance { return power }
    if fraction <= 2 + tolerance { return 2 * power }
    if fraction <= 5 + tolerance { return 5 * power }
    return 10 * power
  }

  /// Whether `value` has a place on this axis.
  package func plots(_ value: Double) -> Bool {
    value.isFinite && (!logarithmic || value > 0)
  }

  /// The pixel position of `value`, or `nil` if the axis cannot place it.
  ///
  /// Positions are clamped to the axis, so a stray value cannot send a mark
  /// off the chart.
  package func position(_ value: Double) -> Double? {
    guard plots(value) else { return nil }
    let fraction: Double
    if logarithmic {
      let lowLog = ChartMath.log10(low)
      fraction = (ChartMath.log10(value) - lowLog) / (ChartMath.log10(high) - lowLog)
    } else {
      fraction = (value - low) / (high - low)
    }
    guard fraction.isFinite else { return nil }
    return start + min(max(fraction, 0), 1) * (end - start)
  }

  /// The pixel position of `value`, or the low end of the axis for a value
  /// the axis cannot place (a whisker's lower bound at or below zero on a
  /// logarithmic axis runs to the bottom).
  package func clampedPosition(_ value: Double) -> Double {
    position(value) ?? start
  }

  /// Where bars grow from: zero on a linear axis, the bottom on a logarithmic one.
  package var baseline: Double {
    logarithmic ? start : position(0) ?? start
  }
}

/// Numbers as a reader sees them on a chart.
package enum ChartNumber {
  /// A tick or tooltip label: `1`, `2.5`, `0.05`, `10k`, `1.5M`.
  ///
  /// Thousands and up take a k, M or G suffix; values below one keep two
  /// significant digits.
  package static func label(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    let magnitude = abs(value)
    for (limit, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "k")] where magnitude >= limit {
      return decimal(value / limit, digits: 2) + suffix
    }
    if magnitude >= 1 || magnitude == 0 { return decimal(value, digits: 2) }
    return decimal(value, digits: min(1 - ChartMath.decade(magnitude), 12))
  }

  /// `value` rounded to at most `digits` decimals, without trailing zeros,
  /// `-0` or an exponent (except for values too large for any chart).
  package static func decimal(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "0" }
    let scaled = (value * ChartMath.power10(digits)).rounded()
    guard abs(scaled) < 9e15 else {
      return (value < 0 ? "-" : "") + "1e\(ChartMath.decade(abs(value)))"
    }
    let integer = Int(scaled)
    if integer == 0 { return "0" }
    var text = String(integer.magnitude)
    if digits > 0 {
      if text.count <= digits { text = String(repeating: "0", count: digits + 1 - text.count) + text }
      text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return (integer < 0 ? "-" : "") + text
  }
}

/// The little arithmetic the charts need, in plain Swift.
///
/// The standard library has no logarithm, and these few lines keep the
/// charts free of Foundation and the C library, and their bytes the same on
/// every platform.
package enum ChartMath {
  private static let ln2 = 0.693_147_180_559_945_3
  private static let ln10 = 2.302_585_092_994_046

  /// The base-ten logarithm of a positive, finite `x`.
  package static func log10(_ x: Double) -> Double {
    precondition(x.isFinite && x > 0, "log10 of \(x)")
    // x = m × 2^e with m in [1, 2); ln m = 2 atanh((m − 1) / (m + 1)), and
    // that ratio is below 1/3, so the series is exact to a double in 30 terms.
    let m = x.significand
    let z = (m - 1) / (m + 1)
    let z2 = z * z
    var term = z
    var sum = 0.0
    var k = 1.0
    while k < 64 {
      sum += term / k
      term *= z2
      k += 2
    }
    return (Double(x.exponent) * ln2 + 2 * sum) / ln10
  }

  /// 10^k, correctly rounded (the standard library parses `1e-7` exactly,
  /// where repeated multiplication would drift).
  package static func power10(_ k: Int) -> Double {
    Double("1e\(k)") ?? (k < 0 ? 0 : .infinity)
  }

  /// The largest k with 10^k ≤ x, for a positive, finite `x`.
  package static func decade(_ x: Double) -> Int {
    var k = Int(log10(x).rounded(.down))
    while power10(k + 1) <= x { k += 1 }
    while power10(k) > x { k -= 1 }
    return k
  }
}
