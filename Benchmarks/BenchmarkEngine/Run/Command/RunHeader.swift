import BenchmarkResults
import CommandLineSupport
import StrategyRegistry
import RunContract

/// What a run says on standard error before it starts: its benchmark
/// cases, feeds, modes, launches and seed; a rough estimate of its
/// duration; where its rows go; the machine; and what this machine cannot
/// count.
package struct RunHeader {
  package var plan: LaunchPlan
  package var options: RunOptions
  package var outputPath: String
  package var machine: Machine

  package var lines: [String] {
    let plan = plan.plan
    let feeds = plan.feeds.count + plan.synthetic.count
    let modes = plan.modes.map(\.rawValue).joined(separator: " and ")
    var lines = [
      "dispatch-bench run: \(plan.caseCount.counted("benchmark case")) at \(plan.sizesText) elements, "
        + "on \(feeds.counted("feed")) in \(modes) mode, \(launchesText), seed \(options.matrix.seed)",
      "estimated duration: about \(Progress.duration(estimatedSeconds))"
        + "\(options.design.adaptive == nil ? "" : " for the first launches") "
        + "(a rough model: sampling time, building and checking per case and launch; progress revises it)",
      "writing \(plan.rowCount.counted("row")), the floors and nulls included, to \(outputPath)"
        + (options.builds.named == nil ? "" : " for each build"),
    ]
    switch options.builds {
    case .this: break
    case .alternate(let alternate):
      lines.append(
        "and the same rows of \(alternate.binary), its launches alternating with these, to \(alternate.output)")
    case .named(let builds):
      lines.append("in \(builds.count) builds, their launches alternating, each to its own file:")
      for build in builds { lines.append("  \(build.name): \(build.binary) → \(build.output(outputPath))") }
    case .layouts(let seeds):
      lines.append(
        "in \(seeds.count) layouts of this build (its code relinked in \(seeds.count) function orders, "
          + "\(seeds.text)), their launches alternating; each row's interval over layouts")
    }
    lines.append(
      "machine: \(machine.cpuModel), \(machine.cores) cores; \(machine.operatingSystem); "
        + "Swift \(machine.swiftVersion), \(machine.buildConfiguration)"
    )
    if let note = firstLaunchesNote { lines.append(note) }
    if let note = baselineNote { lines.append(note) }
    if let note = borrowedSyntheticNote { lines.append(note) }
    return lines + countersNotes
  }

  /// `6 launches`, or what adaptive launches will do.
  private var launchesText: String {
    guard let adaptive = options.design.adaptive else {
      return options.launches.counted("launch", plural: "launches")
    }
    return "\(adaptive.initialLaunches) launches of every case, "
      + "then more of those whose ratios' resolution is over \(CSVNumber.text(adaptive.targetResolution * 100))% "
      + "(up to \(adaptive.maxLaunches) launches, within \(Progress.duration(adaptive.maxTime)))"
  }

  /// The whole run's estimated seconds (`RunEstimate`).
  package var estimatedSeconds: Double {
    RunEstimate(plan.plan, sampling: plan.sampling).total(
      launches: plan.launches, builds: options.builds.count, probed: plan.plan.strategies.count,
      probing: machine.buildConfiguration == "release" && CodeSizeProbe.unavailable() == nil, cores: machine.cores)
  }

  /// Notes on a sanitizer's checks, and on the heap and hardware counters
  /// this build or machine does not have.
  private var countersNotes: [String] {
    var notes: [String] = []
    if let sanitizer = Machine.sanitizer {
      notes.append(
        "note: this build is instrumented with -sanitize=\(sanitizer): "
          + "every timing includes its checks (build_flags says so)")
    }
    if let reason = HeapCounter.unavailable {
      notes.append("note: \(reason); the strategies' footprint and allocation columns say n/a")
    }
    if case .failure(let unavailable) = HardwareCounters.open() {
      notes.append(
        "note: hardware counters are not available here (perf_event_open: \(unavailable.reason)); "
          + "the cycles, instructions and branch-miss columns say n/a"
      )
    }
    return notes
  }

  /// Said up front when the first launches are expected to run past
  /// `--max-time` on their own: every case needs them for its interval, so
  /// they run in full, and the time left decides only the launches after.
  package var firstLaunchesNote: String? {
    guard let adaptive = options.design.adaptive, estimatedSeconds > adaptive.maxTime else { return nil }
    return "note: the first launches are expected to take about \(Progress.duration(estimatedSeconds)), past "
      + "\(RunOptions.declared.design.maxTime.name) \(Progress.duration(adaptive.maxTime)): every case needs them for "
      + "its interval, so they run in full, and no adaptive launch follows"
  }

  /// Said up front when a pattern's synthetic rows time another pattern's
  /// code: a scaffold's, until it has an idiom of its own.
  var borrowedSyntheticNote: String? {
    var borrowed: [String: String] = [:]
    for planned in plan.plan.synthetic {
      for name in planned.strategies {
        if let template = PlannedSynthetic.workload(domain: planned.domain, named: name, kinds: planned.kinds)?
          .writtenAs
        {
          borrowed[name] = template
        }
      }
    }
    guard !borrowed.isEmpty else { return nil }
    return SyntheticBorrowing.note(borrowed)
  }

  /// Said up front when the strategies timed leave out the baseline every
  /// ratio is taken against: the run's rows then have no ratio, and its
  /// answer no decision.
  package var baselineNote: String? {
    let strategies = plan.plan.strategies
    guard !strategies.isEmpty, !strategies.contains(Registry.baselineName) else { return nil }
    let named = (strategies.sorted() + [Registry.baselineName]).joined(separator: ",")
    return "note: \(Registry.baselineName), the baseline every ratio is taken against, is not among the strategies "
      + "timed, so no row will have a ratio: add it (\(RunOptions.declared.selection.strategies.name) \(named))"
  }
}
