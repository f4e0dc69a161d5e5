import BenchmarkResults
import CommandLineSupport

/// A row's counts from a profile of the same binary, set beside its time:
/// what `answer --profile` and `compare RUN.csv --profile` print for each
/// row, so that a time ratio can be read against the instructions behind
/// it.
///
/// The profile runs its own feed size (1,000 elements by default); the
/// counts per element are the loop's, from the size `ProfileFile.size(for:)`
/// picks.
package struct CountsBesideTime {
  package var key: ResultKey
  package var counts: ProfileRow
  /// The baseline strategy's counts on the same case and size.
  package var baselineCounts: ProfileRow?

  /// Time and instruction ratios further apart than this factor get a note
  /// naming the count that explains them.
  package static let disagreement = 2.0

  /// The counts of `key` and of `baseline` on its case; `nil` when the
  /// profile does not hold the row.
  package init?(_ key: ResultKey, baseline: StrategyID, profile: ProfileFile) {
    guard let counts = profile.row(for: key) else { return nil }
    self.key = key
    self.counts = counts
    baselineCounts = profile.row(for: ResultKey(key.benchmarkCase, baseline))
  }

  /// The elements the counts were taken over.
  package var size: Int { counts.key.feed.size }

  /// Instructions per element over the baseline's.
  package var instructionRatio: Double? {
    guard let base = baselineCounts?[.instructions], base > 0 else { return nil }
    return counts[.instructions] / base
  }

  /// Conditional and indirect branches per element.
  package var branches: Double { counts[.conditionalBranches] + counts[.indirectBranches] }
  /// Their mispredictions per element (callgrind's simulated predictor).
  package var mispredicts: Double { CostlyCount.mispredicts.value(counts) }

  /// Why the time ratio and the instruction ratio differ by more than
  /// `disagreement`: of the counts that cost time beyond their
  /// instructions, the one whose share per instruction differs most (by
  /// its nominal cost) between the row and the baseline, in the direction
  /// of the gap; `nil` when the ratios agree.
  ///
  /// Time above instructions: the row pays more per instruction than the
  /// baseline (say, a mispredict per call); time below: the baseline does
  /// (its few instructions wait on a mispredict or a release each).
  package func explanation(timeRatio: Double?) -> Explanation? {
    guard let time = timeRatio, let instructions = instructionRatio, let base = baselineCounts, time > 0,
      instructions > 0
    else { return nil }
    let gap = time / instructions
    guard gap > Self.disagreement || gap < 1 / Self.disagreement else { return nil }
    let (payer, other) = gap > 1 ? (counts, base) : (base, counts)
    func perInstruction(_ count: CostlyCount, _ row: ProfileRow) -> Double {
      count.value(row) / max(row[.instructions], 1)
    }
    let scored = CostlyCount.all.map { ($0, $0.cycles * (perInstruction($0, payer) - perInstruction($0, other))) }
    let head =
      "time \(DecimalText.fixed(time, 2))× the \(base.key.strategy)'s, "
      + "instructions \(DecimalText.fixed(instructions, 2))×"
    let explaining = scored.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }.map(\.0)
    guard let count = explaining.first else {
      return Explanation(
        count: nil,
        text: "\(head): no count explains it (none of \(CostlyCount.all.map(\.title).joined(separator: ", ")) "
          + "is more frequent per instruction where the time is)")
    }
    let figures = explaining.map { count in
      let per100 = { (row: ProfileRow) in DecimalText.fixed(perInstruction(count, row) * 100, 2) }
      return "\(count.title), \(per100(payer)) "
        + "per 100 instructions for \(payer.key.strategy) against \(per100(other)) for \(other.key.strategy) "
        + "(\(counted(count.value(payer))) and \(counted(count.value(other))) per element)"
    }
    return Explanation(count: count, text: "\(head): " + figures.joined(separator: "; then "))
  }

  /// Whether this is the baseline's own row.
  package var isBaseline: Bool { baselineCounts?.key.strategy == key.strategy }

  /// The titles of `cells(explanation:)`.
  package static let header = ["instructions ratio", "branches", "mispredicts", "explained by"]

  /// The instruction ratio (the baseline's own instructions per element),
  /// branches and mispredicts per element, and the name of what explains a
  /// gap between time and instructions.
  package func cells(explanation: Explanation?) -> [String] {
    let instructions =
      isBaseline
      ? "1 (\(DecimalText.fixed(counts[.instructions], 1)))"
      : instructionRatio.map { DecimalText.fixed($0, 2) + "×" } ?? missingFigure
    return [instructions, counted(branches), counted(mispredicts), explanation?.name ?? ""]
  }

  /// A count per element: two decimals.
  private func counted(_ value: Double) -> String { DecimalText.fixed(value, 2) }
}

/// Why a row's time and instructions disagree, as a short name for a table
/// column and a sentence for the note under it.
package struct Explanation {
  /// `nil`: none of the costly counts explains the gap.
  package var count: CostlyCount?
  package var text: String

  /// The count's name, or `none`.
  package var name: String { count?.title ?? "none" }
}

/// A count that costs time beyond its share of instructions.
package struct CostlyCount: Sendable {
  package var title: String
  /// A nominal cost of one, in cycles, on a current x86 core: used only to
  /// choose which count to name, never printed as a figure.
  package var cycles: Double
  package var value: @Sendable (ProfileRow) -> Double

  /// A mispredicted branch flushes the pipeline: 15–20 cycles.
  package static let mispredicts = CostlyCount(title: "mispredicts", cycles: 15) {
    $0[.conditionalMispredicts] + $0[.indirectMispredicts]
  }
  /// `swift_retain` and `swift_release` are atomic read-modify-writes:
  /// about 20 cycles each, uncontended.
  package static let retainsAndReleases = CostlyCount(title: "retains and releases", cycles: 20) {
    $0[.retains] + $0[.releases]
  }
  /// An allocation and its free, beyond their instructions: the cache
  /// misses of new memory.
  package static let allocations = CostlyCount(title: "allocations", cycles: 20) { $0[.allocations] + $0[.frees] }

  package static let all = [mispredicts, retainsAndReleases, allocations]
}
