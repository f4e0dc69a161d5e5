import BenchmarkResults

/// Why a run stopped.
enum RunFailure: Error {
  /// A strategy's outputs differ from the reference strategy's.
  case mismatch(Mismatch)
  /// The user interrupted the run.
  case interrupted
}

struct Mismatch: CustomStringConvertible {
  var strategy: String
  var reference: String
  var operation: String
  /// The feed as the message names it: its seed and title.
  var feed: String
  var index: Int
  var expected: String
  var actual: String

  var description: String {
    """
    strategies disagree: \(strategy) and \(reference) on \(operation), \(feed), first at element \(index):
      \(reference): \(JSONText.quoted(expected))
      \(strategy): \(JSONText.quoted(actual))
    No timings were written.
    """
  }
}
