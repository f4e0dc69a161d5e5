import CommandLineSupport
import RunContract

/// How a launch ended.
package enum LaunchOutcome {
  case completed, disagreement, interrupted
}

/// Executes one launch in this process: the plan's steps in order
/// (`RunPlan.steps(_:)`, as the memory plan allows), each feed's strategies
/// built, checked against each other (in the first launch) and sampled with
/// the floor and the null (`ElementsRunner`), every row and sample appended to
/// the results. The run's only launch runs here; with more, each launch
/// child runs one (`LaunchChild`).
package struct LaunchRunner {
  package var plan: LaunchPlan
  package var launch: LaunchContext
  /// Whether to stop early: an interrupt asked.
  package var shouldStop: () -> Bool = { Interrupts.requested }
  /// Never frees the last batch's representations: a launch child exits
  /// right after, and freeing a few hundred megabytes of small objects
  /// would take seconds.
  package var keepingLastBatch = false
  /// Where the launch's time goes.
  package var clock = PhaseClock()

  /// Runs the launch; a disagreement is reported on `console`, and after an
  /// interrupt `results` holds the cases completed.
  package func run(into results: inout MeasuredRun, console: Console) -> LaunchOutcome {
    let progress = self.progress(console)
    defer { progress.finish() }
    do {
      let runner = ElementsRunner(plan: plan, launch: launch, progress: progress, shouldStop: shouldStop, clock: clock)
      try runSteps(runner, into: &results)
    } catch {
      switch error {
      case .mismatch(let mismatch):
        progress.finish()
        console.errorLine("error: \(mismatch)")
        return .disagreement
      case .interrupted:
        return .interrupted
      }
    }
    return .completed
  }

  private func runSteps(_ runner: ElementsRunner, into results: inout MeasuredRun) throws(RunFailure) {
    let steps = plan.plan.steps(plan.memory)
    // A step's time is building, but for the phases timed inside it
    // (sampling, checking, rows): what remains is generating elements,
    // building representations and freeing them, at the step's end.
    for (index, step) in steps.enumerated() {
      try clock.time(.building) { () throws(RunFailure) in
        switch step {
        case .sequential(let planned):
          try runner.run(planned, schedule: .sequential, into: &results)
        case .together(let batch):
          var cases: [ReadyCase] = []
          for planned in batch.feeds { cases += try runner.cases(planned) }
          for planned in batch.synthetic { cases += try runner.syntheticCases(planned) }
          try runner.sample(cases, into: &results)
          if keepingLastBatch && index == steps.count - 1 { LaunchChild.keepUntilExit(cases) }
        }
      }
    }
  }

  /// Progress in cases, from this launch's share of the run's estimate.
  private func progress(_ console: Console) -> Progress {
    let estimate = RunEstimate(plan.plan, sampling: plan.sampling)
    return Progress(
      console: console, total: plan.plan.caseCount, enabled: console.errorIsTerminal, quiet: plan.quiet,
      estimate: estimate.perLaunch + (launch.checks ? estimate.checks : 0),
      launchesAfter: launch.count - 1 - launch.index,
      prefix: launch.count > 1 || launch.adaptiveAfter != nil ? launch.name + " " : "")
  }
}

extension ElementsRunner {
  /// A runner for `launch` of `plan`, reading the hardware counters where
  /// the machine allows.
  package init(
    plan: LaunchPlan, launch: LaunchContext, progress: Progress, shouldStop: @escaping () -> Bool,
    clock: PhaseClock? = nil
  ) {
    let counters = try? HardwareCounters.open().get()
    self.init(
      sampler: Sampler(settings: plan.sampling, shouldStop: shouldStop, counters: counters, clock: clock),
      progress: progress, modes: plan.plan.modes, launch: launch)
  }
}
