import BenchmarkResults
import DispatchModel
import RunContract

extension ElementsRunner {
  /// Samples cases built together in passes, so that each case's samples
  /// are spread over the launch.
  ///
  /// A machine's speed wanders over seconds (other tenants of a virtual
  /// machine, frequency, memory traffic), and not every contender's time
  /// moves with it alike, so a ratio taken in one stretch of a fraction of a
  /// second carries that stretch's error, which pairing within rounds does
  /// not cancel. Here every case is calibrated first; then each of
  /// `passes` passes takes a block of every case's rounds, the cases in an
  /// order shuffled per pass and launch, each block after an untimed
  /// warm-up round. A case's rounds are numbered on across its blocks, so
  /// they all pair. Rows are written once every pass is done; after an
  /// interrupt, for every case with at least one whole block.
  package func sample(_ cases: [ReadyCase], into results: inout MeasuredRun) throws(RunFailure) {
    let samplers = cases.map { ready in
      var sampler = sampler
      if let rounds = ready.rounds { sampler.settings = sampler.settings.sampling(rounds: rounds) }
      return sampler
    }
    var measured: [CaseSamples] = []
    for (ready, sampler) in zip(cases, samplers) {
      if sampler.shouldStop() { throw .interrupted }
      measured.append(sampler.calibrate(ready.contenders, shuffleSeed: ready.shuffleSeed, slice: ready.slice))
    }
    var blocks = Array(repeating: 0, count: cases.count)
    var generator = SplitMix64(seed: launch.passSeed(cases.map(\.benchmarkCase)))
    var interrupted = false
    let passes = sampler.settings.passes
    passes: for pass in 0..<passes {
      for index in Array(cases.indices).shuffled(using: &generator) {
        // A case in fewer passes (fewer rounds: `sampling(rounds:)`) takes
        // its blocks in passes spread over the launch.
        let settings = samplers[index].settings
        guard (pass + 1) * settings.passes / passes > pass * settings.passes / passes else { continue }
        progress.begin(cases[index].label)
        var block = measured[index]
        samplers[index].sample(
          cases[index].contenders, into: &block, rounds: settings.minimumRoundsPerPass,
          seconds: settings.sampleTimePerPass)
        // An interrupted block is dropped whole.
        if sampler.shouldStop() {
          interrupted = true
          break passes
        }
        measured[index] = block
        blocks[index] += 1
        progress.end(worth: 1 / Double(settings.passes))
      }
    }
    // Rows: statistics, and in the first launch the allocation counts.
    timed(launch.checks ? .checking : .launching) {
      for index in cases.indices where blocks[index] > 0 { cases[index].finish(measured[index], &results) }
    }
    if interrupted { throw .interrupted }
  }
}
