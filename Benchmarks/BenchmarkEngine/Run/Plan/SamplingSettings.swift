/// How long and how finely a benchmark case is sampled, in each launch.
package struct SamplingSettings: Equatable, Codable {
  /// Rounds every case takes, whatever the time: each contender gets at least
  /// this many samples.
  package var minimumRounds = 30
  /// Sampling time per case and launch, in seconds: rounds continue until it
  /// is spent (and `minimumRounds` are taken). Calibration and warm-up are
  /// not counted.
  package var sampleTime = 0.15
  /// Rounds stop here even with time left.
  package var maximumRounds = 300
  /// A sample repeats its slice until it lasts at least this long, in
  /// seconds, so the clock's resolution and overhead stay far below it.
  package var minimumSampleDuration = 50e-6
  /// Slices are never shorter than this, unless the feed is.
  package var minimumSlice = 256
  /// Blocks a case's rounds are taken in, in each launch: the cases built
  /// together are sampled in this many passes, each taking a block of every
  /// case's rounds in a shuffled order, so that a case's samples are spread
  /// over the launch rather than taken in one stretch of a fraction of a
  /// second (`ElementsRunner.sample(_:into:)`). The sampling time and the
  /// minimum rounds are shared out among the blocks.
  package var passes = 5

  /// The rounds each block takes at least: every contender still gets
  /// `minimumRounds` samples in all.
  package var minimumRoundsPerPass: Int { (minimumRounds + passes - 1) / passes }
  /// The sampling time of each block.
  package var sampleTimePerPass: Double { sampleTime / Double(passes) }

  /// These settings for a case an adaptive launch samples in `rounds`
  /// rounds instead of `minimumRounds` (`AdaptiveLaunches.rounds(_:)`): its
  /// sampling time shrinks with its rounds, so a round's share of it, and
  /// with it the case's slice, stays what it is in every other launch.
  package func sampling(rounds: Int) -> SamplingSettings {
    guard rounds < minimumRounds else { return self }
    var settings = self
    settings.sampleTime = sampleTime * Double(rounds) / Double(minimumRounds)
    settings.minimumRounds = rounds
    // Fewer rounds, fewer blocks: each block's untimed warm-up round then
    // stays a sixth (at 30 rounds in 5 passes) of the rounds or less, not
    // one warm-up for every timed round.
    settings.passes = max(1, min(passes, rounds / minimumRoundsPerPass))
    return settings
  }
}
