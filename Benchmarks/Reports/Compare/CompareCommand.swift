import BenchmarkResults
import CommandLineSupport
import RunContract

/// `dispatch-bench compare`: strategies against a baseline within one run, or
/// two runs row by row with a verdict.
package struct CompareCommand {
  package static let spec = CommandSpec(
    name: "compare",
    summary: "Compare strategies within a run, or two runs row by row.",
    synopsis: "compare RUN.csv [NEW.csv] [OPTIONS]",
    positionals: 1...2, positionalName: "RUN.csv",
    options: declared,
    discussion: """
      With one run: for each operation, size, distribution and kinds, every
      strategy's median against the baseline strategy's, as a ratio with a 95%
      interval, and a ranking (1 = fastest); with --profile, each row's counts
      beside it (Guides/Answer.md, "Counts beside every time").

      With two runs: rows are matched by domain, operation, strategy, size,
      distribution, kinds and mode. Runs written since schema 4 are compared on
      each row's tracked ratio (to the baseline; the baseline's own to the
      floor), which cancels the machine's drift between runs: the change gets a
      95% t interval from the two runs' launch-to-launch standard errors, never
      from samples of one process treated as independent. A row regressed (or
      improved) when that whole interval lies beyond the noise band
      (--threshold), is unchanged when it lies within it, and is "within
      resolution" otherwise: the runs cannot tell. Exit status 2 needs a
      regression that stays significant with every compared row counted
      (Holm's correction at 5%), so two runs of the same binary pass. Both runs
      must have the same launch count. Part of what moves a row holds for a
      whole run, so two separate runs' rows differ by more than their
      intervals say: each
      interval is widened by that factor, estimated from the bulk of the rows
      (Efron's empirical null), and the output says by how much; a row its
      launches decide (launch_variance_share 0.5 or more) fails such a
      comparison only beside a calmer row of its strategy and operation that
      regressed too. Neither applies to one run's builds (--alternate-with)
      or with --theoretical-null. A row without launch statistics (a run of
      one launch) is compared on its medians' 95% intervals not overlapping.
      Runs of schema 1 to 3 are refused by name (exit 65).

      Rows in one run only are listed. Runs made on different machines,
      systems, Swift versions or build flags are warned about first; runs
      whose cpu_model differs are said, in the text, to compare machines, not
      builds (the verdicts and exit status are then the machines').
      --show prints another view of two runs instead of the verdicts: drift,
      speed, code-bytes (exit 2 when two builds' code differs), ratios or
      run-level.
      Exit status: 0 no regression, 2 at least one regression, 64 bad usage,
      65 an input file unreadable, not a dispatch-bench run, or runs with
      different launch counts.
      """,
    examples: [
      "dispatch-bench compare results/2026-11-22T13-46-40Z.csv",
      "dispatch-bench compare results/base.csv results/new.csv --threshold 10 --format markdown",
      "dispatch-bench compare base.csv new.csv --samples base-samples.csv,new-samples.csv",
    ])

  package var paths: [String]
  /// `nil`: the run's own baseline.
  package var baseline: StrategyID?
  /// `nil`: the default for the runs' kind.
  package var threshold: Double?
  package var samplesPaths: [String]?
  /// With one run: the counts of the same binary.
  package var profilePath: String?
  /// With two runs: what to show of them.
  package var showing: ShowOptions
  package var format: OutputFormat
  /// With two runs: intervals over launches alone, never widened
  /// (`RunLevel`).
  package var theoreticalNull = false

  package init(_ parsed: ParsedArguments) throws(CommandError) {
    let arguments = parsed.reading(Self.declared)
    paths = arguments.positionals
    baseline = try arguments.baselineStrategy
    threshold = try arguments.threshold
    if let text = try arguments.samples {
      let list = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard list.count == paths.count, !list.contains(where: \.isEmpty) else {
        throw arguments.invalid(\.samples, text, "must name one samples file per run file (\(paths.count))")
      }
      samplesPaths = list
    }
    profilePath = try arguments.profile
    if profilePath != nil && paths.count == 2 {
      throw .usage(
        "\(Self.declared.profile.name) sets counts beside one run's times; give one run", command: Self.spec.name)
    }
    format = try arguments.format
    theoreticalNull = try arguments.theoreticalNull
    showing = try ShowOptions(arguments, format: format)
  }

  package func run(console: Console) throws(CommandError) -> Int32 {
    if paths.count == 2 && sameFile(paths[0], paths[1]) {
      let names = paths[0] == paths[1] ? paths[0] + " twice" : "\(paths[0]) and \(paths[1]), which are the same file"
      throw .usage(
        "compare was given one file twice (\(names)): to rank the strategies within one run, "
          + "pass it once; to look for a change, pass two runs",
        command: Self.spec.name)
    }
    let files = try paths.map { path throws(CommandError) in try loadResults(path) }
    let runs = files.map { MeasuredFile($0) }
    if runs.count == 2 && runs[0].measure.isExact != runs[1].measure.isExact {
      throw .usage(
        "\(paths[0]) and \(paths[1]) are not both runs or both profiles; compare like with like",
        command: Self.spec.name)
    }
    let samplesFiles = try samplesPaths.map { list throws(CommandError) in
      try zip(list, runs).map { path, run throws(CommandError) in
        let file: SamplesFile
        do throws(ResultsError) {
          file = try SamplesFile.load(path)
        } catch {
          throw .dataError(error.message)
        }
        try Self.checkPairing(file, with: run)
        return file
      }
    }
    if showing.check != .verdicts {
      return try showing.run(files, samples: samplesFiles, baseline: baseline, format: format, console: console)
    }
    let samples = samplesFiles?.map { file in file.samples.mapValues { $0.map(\.nanosecondsPerElement) } }
    if runs.count == 1 {
      return try runWithin(runs[0], samples: samples?[0], console: console)
    }
    return try runBetween(runs[0], runs[1], samples: samples, console: console)
  }

  /// One run: every strategy against the baseline.
  private func runWithin(_ run: MeasuredFile, samples: [ResultKey: [Double]]?, console: Console)
    throws(CommandError) -> Int32
  {
    let baseline = baseline ?? run.info.baseline
    guard run.rows.contains(where: { $0.key.strategy == baseline }) else {
      let message = Self.missingBaseline(baseline, in: run, fromFlag: self.baseline != nil)
      // Only a flag naming a strategy the run has not is a usage error;
      // a run without strategies is a problem with the file.
      let fileHasStrategies = run.rows.contains { !$0.key.strategy.isReference }
      throw self.baseline != nil && fileHasStrategies ? .usage(message, command: Self.spec.name) : .dataError(message)
    }
    let groups = Comparison.within(run, baseline: baseline, samples: samples)
    let profile = try loadProfile(beside: run, console: console)
    console.write(
      CompareOutput.within(groups, run: run, hasSamples: samples != nil, format: format, profile: profile))
    return ExitStatus.success
  }

  /// The profile `--profile` names, for a run (not a profile), with a
  /// warning where it was made on another machine or build.
  private func loadProfile(beside run: MeasuredFile, console: Console) throws(CommandError) -> ProfileFile? {
    guard let profilePath else { return nil }
    guard run.measure == .time else {
      throw .usage(
        "\(Self.declared.profile.name) sets counts beside a run's times; \(run.path) is a profile",
        command: Self.spec.name)
    }
    return try Reports.loadProfile(
      profilePath, option: Self.declared.profile.name, command: Self.spec.name, beside: run.info, console: console)
  }

  /// What `compare` says of runs too thin for a verdict.
  package static func thinDataNote(launches: Int) -> String {
    let launchesOption = AdvisedRunOptions.launches.name
    return "note: these runs have \(launches.counted("launch", plural: "launches")) each, "
      + "too few to tell a change from the layout a process draws: "
      + "no row is called regressed or improved. "
      + "Compare runs of \(launchesOption) \(Comparison.minimumLaunches) or more "
      + "(the default run has at least 4), or time both builds in one run with "
      + "\(AdvisedRunOptions.alternateWith.name) and \(launchesOption) \(Comparison.minimumLaunches) or more."
  }

  /// Two runs, row by row; exit status 2 on a regression.
  private func runBetween(
    _ base: MeasuredFile, _ new: MeasuredFile, samples: [[ResultKey: [Double]]]?, console: Console
  ) throws(CommandError) -> Int32 {
    let launches = [base, new].map { run in Set(run.rows.compactMap { $0.tracked?.launches }).max() }
    // Adaptive runs give each case its own launches, and each row's interval
    // has its own degrees of freedom; two fixed designs must match.
    if !base.adaptive && !new.adaptive, let a = launches[0], let b = launches[1], a != b {
      throw .dataError(
        "\(paths[0]) was timed in \(a) launch\(a == 1 ? "" : "es") and \(paths[1]) in \(b): launch-to-launch "
          + "variation is estimated from the launches, so compare runs made with the same --launches"
      )
    }
    let tracked = launches[0] != nil && launches[1] != nil
    // 2%, not Criterion's 1%: two default runs of one binary drift by a
    // median of 0.6-0.7% and a 95th percentile of 3-5% (Guides/
    // Reproducibility.md), part of it common to every launch of a run and so
    // outside the launch-level intervals; a 1% band called up to 11% of an
    // A/A pair's rows changed, a 2% band under 5%.
    let threshold = threshold ?? (tracked ? 0.02 : 0.05)
    let warnings = Comparison.warnings(base.info, new.info)
    for warning in warnings { console.errorLine("warning: \(warning)") }
    // Between two machines a speed apart is theirs, not a swing of one.
    if Comparison.machinesNote(base: base, new: new) == nil, let shift = SpeedShift(base, new), shift.moved {
      console.errorLine(
        "warning: the machine's speed moved between these runs (\(paths[1]) over \(paths[0]), "
          + "median time per domain: \(shift.text)): on a machine whose speed swings, "
          + "the cheap rows' ratios move with it, and a change below may be the machine's. "
          + "Time both builds in one run with --alternate-with, whose launches see the same states"
      )
    }
    for run in [base, new] {
      if let reason = run.disturbance?.reason {
        console.errorLine(
          "warning: \(run.path) was timed on a disturbed machine (\(reason)): "
            + "a change it shows may be the machine's, not the code's")
      }
    }
    if tracked, let fewest = launches.compactMap({ $0 }).min(), fewest < Comparison.minimumLaunches {
      console.errorLine(Self.thinDataNote(launches: fewest))
    }
    let oneRun = Comparison.oneRun(base.info, new.info)
    let widening = tracked && !theoreticalNull && !oneRun ? RunLevel.widening(base, new) : 1
    let result = Comparison.between(
      base, new, threshold: threshold, baseSamples: samples?[0], newSamples: samples?[1], widening: widening,
      oneRun: oneRun || theoreticalNull)
    console.write(
      CompareOutput.between(
        result, base: base, new: new, threshold: threshold, warnings: warnings, format: format, widening: widening))
    // The floor and the null never fail a run (`holdsForTheRun` leaves them out).
    let fails = result.changes.contains {
      tracked ? $0.holdsForTheRun : $0.verdict == .regressed && !$0.key.strategy.isReference
    }
    return fails ? ExitStatus.regression : ExitStatus.success
  }

  /// Refuses a samples file that is not its run's: another run's ID, or
  /// samples whose rounds do not pair with the baseline's of the same case
  /// and launch (every ratio of a run since schema 4 is paired by round).
  package static func checkPairing(_ samples: SamplesFile, with run: MeasuredFile) throws(CommandError) {
    if !samples.runID.isEmpty && !run.info.runID.isEmpty && samples.runID != run.info.runID {
      throw .dataError(
        "\(samples.path) holds the samples of run \(samples.runID), not of \(run.path) (run \(run.info.runID))")
    }
    guard run.rows.contains(where: { $0.ratio != nil }) else { return }
    let baseline = run.info.baseline
    for (key, list) in samples.samples where key.strategy != baseline {
      let theirs = samples.samples[ResultKey(key.benchmarkCase, baseline)] ?? []
      let rounds = Set(theirs.map { [$0.launch, $0.round] })
      if let unpaired = list.first(where: { !rounds.contains([$0.launch, $0.round]) }) {
        throw .dataError(
          "\(samples.path): \(key)'s sample of launch \(unpaired.launch), round \(unpaired.round) "
            + "has no \(baseline) sample in the same round; its rounds do not pair with \(run.path)"
        )
      }
    }
  }

  /// Why a run cannot be compared against `baseline`, and what to do.
  package static func missingBaseline(_ baseline: StrategyID, in run: MeasuredFile, fromFlag: Bool) -> String {
    let present = unique(run.rows.map(\.key.strategy).filter { !$0.isReference }).map(\.rawValue)
    let whose = fromFlag ? "\(Self.declared.baselineStrategy.name) \(baseline)" : "the run's baseline, \(baseline)"
    guard !present.isEmpty else {
      let references = unique(run.rows.map(\.key.strategy)).map(\.rawValue).joined(separator: " and ")
      let held = run.rows.isEmpty ? "no rows at all" : "only \(run.rows.count.counted("row")) (\(references))"
      let why =
        run.info.complete
        ? ""
        : ": it is an interrupted run (complete=false), stopped before any strategy's benchmark case finished"
      return "\(run.path) has no strategy rows to compare, "
        + "\(held)\(why). Run it again and let it finish, or compare a complete run"
    }
    let rows = run.rows.count.counted("row")
    return "\(run.path) has no rows for \(whose) among its \(rows); "
      + "its strategies are \(present.joined(separator: ", ")) (pass one with \(Self.declared.baselineStrategy.name))"
  }
}

/// Reads the profile CSV that `option` (`--profile`) names: a run there is
/// a usage error. Beside `run`, warns of each way the profile is not of the
/// run's binary.
package func loadProfile(_ path: String, option: String, command: String, beside run: RunInfo?, console: Console)
  throws(CommandError) -> ProfileFile
{
  guard case .profile(let profile) = try loadResults(path) else {
    throw .usage("\(option): \(path) is not a profile CSV", command: command)
  }
  for warning in run.map({ Comparison.warnings($0, profile.info) }) ?? [] {
    console.errorLine("warning: the counts must come from the run's binary, but \(warning)")
  }
  return profile
}

/// Reads a run or profile CSV, as exit status 65 when it cannot.
package func loadResults(_ path: String) throws(CommandError) -> Schema.Contents {
  do {
    return try Schema.load(path)
  } catch {
    throw .dataError(error.message)
  }
}
