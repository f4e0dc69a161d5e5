import BenchmarkResults
/// Something a cell times: a name and one pass over its whole feed, repeated.
struct Participant {
  var name: String
  /// Elements one pass processes.
  var elements: Int
  /// Runs `repetitions` passes.
  var run: (_ repetitions: Int) -> Void
}

/// How long and how precisely a cell samples.
struct SamplingSettings: Equatable {
  /// Samples every participant gets, whatever the time cap.
  var minimumSamples = 10
  /// Sampling stops once every participant's median is known within this
  /// fraction (0.01: the 95% interval is within ±1% of the median)…
  var targetPrecision = 0.01
  /// …or once the cell has run this long, in seconds.
  var maximumTimePerCell = 2.0
  /// A sample repeats the feed until it lasts at least this long, in seconds,
  /// so the clock's resolution and overhead stay far below what is measured.
  var minimumSampleDuration = 0.001
  /// Warm-up before sampling, after the calibration passes: at least this
  /// many samples and this long.
  var warmUpRuns = 1
  var warmUpDuration = 0.02
}

/// What a cell measured for one participant.
struct ParticipantSamples {
  var name: String
  /// Nanoseconds per element, one value per sample, in the order taken.
  var nanosecondsPerElement: [Double]
  /// The round each sample was taken in, and the participant's place in it.
  var rounds: [Int]
  var elementsPerSample: Int
  /// Hardware counts summed over every sample, where counters are available.
  var counters: HardwareCounters.Counts?

  /// A hardware count per element, over every sample.
  func perElement(_ count: KeyPath<HardwareCounters.Counts, UInt64>) -> Double? {
    guard let counters, !nanosecondsPerElement.isEmpty else { return nil }
    return Double(counters[keyPath: count])
      / Double(nanosecondsPerElement.count * max(1, elementsPerSample))
  }
}

/// Takes samples of several participants, interleaved.
///
/// Each participant's repetitions are calibrated so a sample lasts at least
/// `minimumSampleDuration`; every participant is warmed up; then rounds take
/// one sample of each participant, the order rotating by one each round so no
/// participant always runs first or after the same neighbour. Machine drift
/// then hits every participant alike. Rounds continue until each participant
/// has `minimumSamples` and its median is known within `targetPrecision`, or
/// the cell's time is up, or `shouldStop` says so (an interrupt).
struct Sampler {
  var settings: SamplingSettings
  var shouldStop: () -> Bool = { false }
  /// Read around every sample when the hardware allows; the reads are outside
  /// the timed interval.
  var counters: HardwareCounters? = nil

  func measure(_ participants: [Participant]) -> [ParticipantSamples] {
    let start = MonotonicClock.now()
    let deadline = start + UInt64(settings.maximumTimePerCell * 1e9)
    let repetitions = participants.map(calibrate)
    for (participant, repetitions) in zip(participants, repetitions) {
      warmUp(participant, repetitions: repetitions)
    }
    var results = zip(participants, repetitions).map { participant, repetitions in
      ParticipantSamples(
        name: participant.name, nanosecondsPerElement: [], rounds: [],
        elementsPerSample: participant.elements * repetitions,
        counters: counters == nil ? nil : HardwareCounters.Counts())
    }
    var round = 0
    while true {
      for offset in participants.indices {
        let index = (offset + round) % participants.count
        var elapsed: UInt64 = 0
        if let counters {
          let counts = counters.count {
            elapsed = time(participants[index], repetitions: repetitions[index])
          }
          results[index].counters = results[index].counters.map { $0 + counts }
        } else {
          elapsed = time(participants[index], repetitions: repetitions[index])
        }
        results[index].nanosecondsPerElement.append(
          Double(elapsed) / Double(max(1, results[index].elementsPerSample)))
        results[index].rounds.append(round)
        // An interrupt stops after the current sample; the caller drops the
        // unfinished cell.
        if shouldStop() { return results }
      }
      round += 1
      guard round >= settings.minimumSamples else { continue }
      if MonotonicClock.now() >= deadline { break }
      let converged = results.allSatisfy {
        SampleStatistics($0.nanosecondsPerElement).relativeIntervalHalfWidth <= settings.targetPrecision
      }
      if converged { break }
    }
    return results
  }

  /// The repetitions that make one sample last at least the minimum.
  private func calibrate(_ participant: Participant) -> Int {
    let target = settings.minimumSampleDuration * 1e9
    var repetitions = 1
    while true {
      let elapsed = Double(time(participant, repetitions: repetitions))
      if elapsed >= target || repetitions >= 1 << 30 { return repetitions }
      // Aim 20% past the target, at least doubling, from what one pass took.
      let estimate = Double(repetitions) * target * 1.2 / max(elapsed, 1)
      repetitions = min(1 << 30, max(repetitions * 2, Int(estimate.rounded(.up))))
    }
  }

  private func warmUp(_ participant: Participant, repetitions: Int) {
    let start = MonotonicClock.now()
    var runs = 0
    while runs < settings.warmUpRuns
      || Double(MonotonicClock.now() - start) < settings.warmUpDuration * 1e9
    {
      participant.run(repetitions)
      runs += 1
    }
  }

  private func time(_ participant: Participant, repetitions: Int) -> UInt64 {
    let start = MonotonicClock.now()
    participant.run(repetitions)
    return MonotonicClock.now() - start
  }
}
