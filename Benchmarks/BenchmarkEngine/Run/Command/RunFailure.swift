import BenchmarkResults

/// Why a run stopped.
package enum RunFailure: Error {
  /// A strategy's outputs differ from the reference strategy's.
  case mismatch(Mismatch)
  /// The user interrupted the run.
  case interrupted
}

package struct Mismatch: CustomStringConvertible {
  package var strategy: String
  package var reference: String
  package var operation: String
  /// The feed as the message names it: its seed and title.
  package var feed: String
  package var index: Int
  package var expected: String
  package var actual: String

  package var description: String {
    """
    strategies disagree: \(strategy) and \(reference) on \(operation), \(feed), first at element \(index):
      \(reference): \(JSONText.quoted(expected))
      \(strategy): \(JSONText.quoted(actual))
    No timings were written.
    """
  }
}
