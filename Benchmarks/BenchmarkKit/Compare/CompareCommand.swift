import BenchmarkResults

/// `dispatch-bench compare`: strategies against a baseline within one run, or
/// two runs row by row with a verdict.
struct CompareCommand {
  static let spec = CommandSpec(
    name: "compare",
    summary: "Compare strategies within a run, or two runs row by row.",
    synopsis: "compare RUN.csv [NEW.csv] [OPTIONS]",
    positionals: 1...2, positionalName: "RUN.csv",
    options: [
      .value(
        "--baseline-strategy", "NAME",
        "With one run: the strategy the others are compared\nwith (default: the run's baseline, enum-switch).",
        example: "--baseline-strategy protocol-getter"),
      .value(
        "--threshold", "PERCENT",
        "With two runs: the noise band; a change counts only when\nits whole 95% interval lies beyond it (default: 2 for runs\nwith launch statistics, 5 for older runs).",
        example: "--threshold 2"),
      .value(
        "--samples", "LIST",
        "Raw samples (run --samples-csv) for each run, in order:\nthe rank test and bootstrap intervals use them.",
        example: "--samples base-samples.csv,new-samples.csv"),
      .choice(
        "--format", "FORMAT", "table (default), markdown, csv or json.",
        choices: OutputFormat.allCases.map(\.rawValue), example: "--format markdown"),
      DispatchBench.wideFlag,
    ],
    discussion: """
      With one run: for each operation, size, distribution and kinds, every
      strategy's median against the baseline strategy's, as a ratio with a 95%
      interval, and a ranking (1 = fastest).

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
      must have the same launch count. Older runs are compared on medians: by
      the Mann–Whitney rank test at 5% when both runs' raw samples are given,
      else by the medians' 95% intervals not overlapping.

      Rows in one run only are listed. Runs made on different machines,
      systems, Swift versions or build flags are warned about first.
      Exit status: 0 no regression, 2 at least one regression, 64 bad usage,
      65 an input file unreadable, not a dispatch-bench run, or runs with
      different launch counts.
      """,
    examples: [
      "dispatch-bench compare results/2026-11-22T13-46-40Z.csv",
      "dispatch-bench compare results/base.csv results/new.csv --threshold 10 --format markdown",
      "dispatch-bench compare base.csv new.csv --samples base-samples.csv,new-samples.csv",
    ])

  var paths: [String]
  /// `nil`: the run's own baseline.
  var baseline: StrategyID?
  /// `nil`: the default for the runs' kind.
  var threshold: Double?
  var samplesPaths: [String]?
  var format: OutputFormat

  init(_ arguments: ParsedArguments) throws(CommandError) {
    paths = arguments.positionals
    baseline = arguments.value("--baseline-strategy").map { StrategyID($0) }
    if let text = arguments.value("--threshold") {
      let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
      guard let percent = Double(digits), percent.isFinite else {
        throw arguments.badValue("--threshold", text, "is not a percentage")
      }
      guard percent > 0 && percent < 1000 else {
        throw arguments.badValue("--threshold", text, "is outside 0…1000 (exclusive)")
      }
      threshold = percent / 100
    }
    if let text = arguments.value("--samples") {
      let list = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard list.count == paths.count, !list.contains(where: \.isEmpty) else {
        throw arguments.badValue(
          "--samples", text, "must name one samples file per run file (\(paths.count))")
      }
      samplesPaths = list
    }
    format = try arguments.choice("--format").flatMap(OutputFormat.init(rawValue:)) ?? .table
  }

  func run(console: Console) throws(CommandError) -> Int32 {
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
    let samples = try samplesPaths.map { list throws(CommandError) in
      try zip(list, runs).map { path, run throws(CommandError) in
        let file: SamplesFile
        do throws(ResultsError) {
          file = try SamplesFile.load(path)
        } catch {
          throw .dataError(error.message)
        }
        try Self.checkPairing(file, with: run)
        return file.samples.mapValues { $0.map(\.nanosecondsPerElement) }
      }
    }
    if runs.count == 1 {
      let run = runs[0]
      let baseline = baseline ?? run.info.baseline
      guard run.rows.contains(where: { $0.key.strategy == baseline }) else {
        let message = Self.missingBaseline(baseline, in: run, fromFlag: self.baseline != nil)
        // Only a flag naming a strategy the run has not is a usage error;
        // a run without strategies is a problem with the file.
        let fileHasStrategies = run.rows.contains { !$0.key.strategy.isReference }
        throw self.baseline != nil && fileHasStrategies ? .usage(message, command: Self.spec.name) : .dataError(message)
      }
      let groups = Comparison.within(run, baseline: baseline, samples: samples?[0])
      console.write(CompareOutput.within(groups, run: run, hasSamples: samples != nil, format: format))
      return ExitStatus.success
    }
    let (base, new) = (runs[0], runs[1])
    let launches = [base, new].map { run in Set(run.rows.compactMap { $0.tracked?.launches }).max() }
    if let a = launches[0], let b = launches[1], a != b {
      throw .dataError(
        "\(paths[0]) was timed in \(a) launch\(a == 1 ? "" : "es") and \(paths[1]) in \(b): launch-to-launch variation is estimated from the launches, so compare runs made with the same --launches"
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
    if tracked, let fewest = launches.compactMap({ $0 }).min(), fewest < Comparison.minimumLaunches {
      console.errorLine(
        "note: these runs have \(fewest.counted("launch")) each, too few to tell a change from the layout a process draws: "
          + "no row is called regressed or improved. Compare runs of --launches \(Comparison.minimumLaunches) or more "
          + "(the default run has 6), or time both builds in one run with --alternate-with and --launches \(Comparison.minimumLaunches) or more.")
    }
    let result = Comparison.between(
      base, new, threshold: threshold, baseSamples: samples?[0], newSamples: samples?[1])
    console.write(
      CompareOutput.between(
        result, base: base, new: new, threshold: threshold, warnings: warnings, format: format))
    // The floor and the null never fail a run (`holdsForTheRun` leaves them out).
    let fails = result.changes.contains {
      tracked ? $0.holdsForTheRun : $0.verdict == .regressed && !$0.key.strategy.isReference
    }
    return fails ? ExitStatus.regression : ExitStatus.success
  }

  /// Refuses a samples file that is not its run's: another run's ID, or
  /// samples whose rounds do not pair with the baseline's of the same case
  /// and launch (every ratio of a run since schema 4 is paired by round).
  static func checkPairing(_ samples: SamplesFile, with run: MeasuredFile) throws(CommandError) {
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
          "\(samples.path): \(key)'s sample of launch \(unpaired.launch), round \(unpaired.round) has no \(baseline) sample in the same round; its rounds do not pair with \(run.path)"
        )
      }
    }
  }

  /// Why a run cannot be compared against `baseline`, and what to do.
  static func missingBaseline(_ baseline: StrategyID, in run: MeasuredFile, fromFlag: Bool) -> String {
    let present = unique(run.rows.map(\.key.strategy).filter { !$0.isReference }).map(\.rawValue)
    let whose = fromFlag ? "--baseline-strategy \(baseline)" : "the run's baseline, \(baseline)"
    guard !present.isEmpty else {
      let references = unique(run.rows.map(\.key.strategy)).map(\.rawValue).joined(separator: " and ")
      let held = run.rows.isEmpty ? "no rows at all" : "only \(run.rows.count.counted("row")) (\(references))"
      let why =
        run.info.complete
        ? ""
        : ": it is an interrupted run (complete=false), stopped before any strategy's benchmark case finished"
      return "\(run.path) has no strategy rows to compare, \(held)\(why). Run it again and let it finish, or compare a complete run"
    }
    let rows = run.rows.count.counted("row")
    return "\(run.path) has no rows for \(whose) among its \(rows); its strategies are \(present.joined(separator: ", ")) (pass one with --baseline-strategy)"
  }
}

/// Reads a run or profile CSV, as exit status 65 when it cannot.
func loadResults(_ path: String) throws(CommandError) -> Schema.Contents {
  do {
    return try Schema.load(path)
  } catch {
    throw .dataError(error.message)
  }
}

/// How `compare` prints.
enum CompareOutput {
  static func within(_ groups: [GroupStanding], run: MeasuredFile, hasSamples: Bool, format: OutputFormat)
    -> String
  {
    let paired = groups.allSatisfy { $0.baseline == run.info.baseline } && run.rows.allSatisfy { $0.ratio != nil }
    let method =
      hasSamples
      ? "bootstrap of the raw samples"
      : paired
        ? "paired rounds, over launches; strategies whose intervals overlap share a rank"
        : "from the medians' intervals, conservative; pass --samples for a bootstrap"
    switch format {
    case .csv:
      var rows: [[String]] = []
      for group in groups {
        for standing in group.standings {
          rows.append(
            groupFields(group.group) + [
              standing.key.strategy.rawValue, String(standing.rank), number(standing.median),
              number(standing.ratio), standing.interval.map { number($0.lowerBound) } ?? "",
              standing.interval.map { number($0.upperBound) } ?? "", group.baseline.rawValue,
            ])
        }
      }
      return CSVWriter.document(
        header: groupColumns + [
          "strategy", "rank", "median_ns", "ratio", "ratio_ci95_low", "ratio_ci95_high", "baseline",
        ], rows: rows)
    case .json:
      var items: [String] = []
      for group in groups {
        for standing in group.standings {
          items.append(
            "{" + groupJSON(group.group)
              + ", \"strategy\": \(JSONText.quoted(standing.key.strategy.rawValue)), \"rank\": \(standing.rank), "
              + "\"median_ns\": \(JSONText.number(standing.median)), \"ratio\": \(JSONText.number(standing.ratio)), "
              + "\"ratio_ci95\": \(standing.interval.map { "[\(JSONText.number($0.lowerBound)), \(JSONText.number($0.upperBound))]" } ?? "null"), "
              + "\"baseline\": \(JSONText.quoted(group.baseline.rawValue))}")
        }
      }
      return "{\"run\": \(JSONText.quoted(run.path)), \"groups\": [\n  " + items.joined(separator: ",\n  ") + "\n]}\n"
    case .table, .markdown:
      let markdown = format == .markdown
      var text =
        markdown
        ? "## \(run.path): each strategy against \(groups.first?.baseline.rawValue ?? "the baseline")\n\nRatio of medians with a 95% interval (\(method)); rank 1 is the fastest.\n\n"
        : TextTable.wrap(
          "\(run.path): each strategy against \(groups.first?.baseline.rawValue ?? "the baseline"); ratio of medians with a 95% interval (\(method)); rank 1 is the fastest")
          + "\n\n"
      for group in groups {
        let header = ["rank", "strategy", run.measure == .time ? "median ns" : run.measure.unit, "ratio", "95% interval"]
        let rows = group.standings.map { standing in
          [
            String(standing.rank), standing.key.strategy.rawValue, ResultsTable.nanoseconds(standing.median),
            ResultsTable.ratioText(standing.ratio),
            standing.interval.map { "\(ResultsTable.ratioText($0.lowerBound)) – \(ResultsTable.ratioText($0.upperBound))" } ?? "",
          ]
        }
        text += markdown ? "### \(groupTitle(group.group))\n\n" : TextTable.wrap(groupTitle(group.group), indent: 2) + "\n"
        text += TextTable.render(header: header, rows: rows, markdown: markdown, rightAligned: [0, 2, 3, 4]) + "\n"
      }
      return text
    }
  }

  static func between(
    _ result: (changes: [CellChange], onlyInBase: [ResultKey], onlyInNew: [ResultKey]),
    base: MeasuredFile, new: MeasuredFile, threshold: Double, warnings: [String], format: OutputFormat
  ) -> String {
    let order: [Verdict] = [.regressed, .improved, .withinResolution, .unchanged]
    let tracked = result.changes.contains { $0.method == "launches" }
    let changes = result.changes.sorted {
      (order.firstIndex(of: $0.verdict)!, $0.key) < (order.firstIndex(of: $1.verdict)!, $1.key)
    }
    // The floor and the null are the harness's own loops: no change to a
    // strategy moves them, so their moves are the machine's. They are
    // listed with the rest, and counted apart from the strategies' rows.
    let strategyChanges = changes.filter { !$0.key.strategy.isReference }
    let references = changes.filter { $0.key.strategy.isReference }
    let counts = order.map { verdict in strategyChanges.filter { $0.verdict == verdict }.count }
    let holding = changes.filter(\.holdsForTheRun).count
    let moved = references.filter { $0.verdict == .regressed || $0.verdict == .improved }.count
    let summary =
      "\(counts[0]) regressed\(tracked ? " (\(holding) significant with every row counted)" : ""), \(counts[1]) improved, "
      + (tracked ? "\(counts[2]) within resolution, " : "") + "\(counts[3]) unchanged"
      + (references.isEmpty ? "" : " of \(strategyChanges.count.counted("strategy row"))")
      + "; \(result.onlyInBase.count) only in \(base.path), \(result.onlyInNew.count) only in \(new.path)"
      + (references.isEmpty
        ? ""
        : ". The harness's own loops (\(references.count.counted("floor and null row"))), "
          + "whose moves are the machine's and never fail a run: \(moved) moved beyond the band.")
    switch format {
    case .csv:
      var rows = changes.map { change in
        cellFields(change.key) + [
          number(change.baseMedian), number(change.newMedian), number(change.ratio),
          number(change.interval.lowerBound), number(change.interval.upperBound), change.method,
          change.pValue.map(number) ?? "", change.verdict.rawValue, change.holdsForTheRun ? "true" : "false",
        ]
      }
      rows += result.onlyInBase.map { cellFields($0) + ["", "", "", "", "", "", "", "only in base", ""] }
      rows += result.onlyInNew.map { cellFields($0) + ["", "", "", "", "", "", "", "only in new", ""] }
      let measured = tracked ? ["base_tracked_ratio", "new_tracked_ratio"] : ["base_median_ns", "new_median_ns"]
      return CSVWriter.document(
        header: cellColumns + measured + [
          "ratio", "ratio_ci95_low", "ratio_ci95_high", "method", "p_value", "verdict", "fails_run",
        ], rows: rows)
    case .json:
      let items = changes.map { change in
        "{" + cellJSON(change.key) + ", \"base_median_ns\": \(JSONText.number(change.baseMedian)), "
          + "\"new_median_ns\": \(JSONText.number(change.newMedian)), \"ratio\": \(JSONText.number(change.ratio)), "
          + "\"ratio_ci95\": [\(JSONText.number(change.interval.lowerBound)), \(JSONText.number(change.interval.upperBound))], "
          + "\"method\": \(JSONText.quoted(change.method)), \"p_value\": \(change.pValue.map(JSONText.number) ?? "null"), "
          + "\"verdict\": \"\(change.verdict.rawValue)\", \"fails_run\": \(change.holdsForTheRun)}"
      }
      return "{\"base\": \(JSONText.quoted(base.path)), \"new\": \(JSONText.quoted(new.path)), "
        + "\"threshold\": \(JSONText.number(threshold)), "
        + "\"warnings\": [\(warnings.map(JSONText.quoted).joined(separator: ", "))],\n"
        + "\"cells\": [\n  " + items.joined(separator: ",\n  ") + "\n],\n"
        + "\"only_in_base\": [\(result.onlyInBase.map { JSONText.quoted($0.description) }.joined(separator: ", "))],\n"
        + "\"only_in_new\": [\(result.onlyInNew.map { JSONText.quoted($0.description) }.joined(separator: ", "))]}\n"
    case .table, .markdown:
      let markdown = format == .markdown
      var text = markdown ? "## \(base.path) → \(new.path)\n\n" : TextTable.wrap("\(base.path) → \(new.path)") + "\n"
      for warning in warnings {
        text += markdown ? "> **Warning:** \(warning)\n" : TextTable.wrap("warning: \(warning)", indent: 2) + "\n"
      }
      if !warnings.isEmpty && markdown { text += "\n" }
      let explanation =
        base.measure.isExact
        ? "\(base.measure.unit.capitalizedFirst) per element are exact counts: a verdict needs a change beyond \(number(threshold * 100))%.\n\n"
        : tracked
          ? "Each row's ratio to the baseline (the baseline's to the floor), new over base, with a 95% interval over launches. "
            + "A verdict needs the whole interval beyond ±\(number(threshold * 100))%; \"within resolution\": the runs cannot tell. "
            + "A regression marked ! stays significant with all \(changes.count.counted("row")) counted (Holm, 5%) and fails the run.\n\n"
          : "A verdict needs a change beyond \(number(threshold * 100))% and significance "
            + "(rank test on raw samples where given, else non-overlapping 95% intervals).\n\n"
      text += markdown ? explanation : TextTable.wrap(explanation)
      let header =
        tracked
        ? ["row", "base ratio", "new ratio", "new/base", "95% interval", "verdict"]
        : ["row", "base \(base.measure.unit)", "new \(new.measure.unit)", "new/base", "95% interval", "verdict"]
      let rows = changes.map { change in
        [
          change.key.description,
          change.method == "launches"
            ? ResultsTable.ratioText(change.baseMedian) : ResultsTable.nanoseconds(change.baseMedian) + (tracked ? " ns" : ""),
          change.method == "launches"
            ? ResultsTable.ratioText(change.newMedian) : ResultsTable.nanoseconds(change.newMedian) + (tracked ? " ns" : ""),
          ResultsTable.ratioText(change.ratio),
          "\(ResultsTable.ratioText(change.interval.lowerBound)) – \(ResultsTable.ratioText(change.interval.upperBound))",
          change.verdict.rawValue + (change.holdsForTheRun ? " !" : ""),
        ]
      }
      text += TextTable.render(header: header, rows: rows, markdown: markdown, rightAligned: [1, 2, 3, 4])
      text += "\n" + (markdown ? summary : TextTable.wrap(summary)) + "\n"
      for (path, keys) in [(base.path, result.onlyInBase), (new.path, result.onlyInNew)] where !keys.isEmpty {
        text += "\n" + (markdown ? "only in \(path):" : TextTable.wrap("only in \(path):")) + "\n"
        text += keys.map { markdown ? "  \($0)" : TextTable.wrap("  \($0)", indent: 4) }.joined(separator: "\n") + "\n"
      }
      return text
    }
  }

  static let groupColumns = ["domain", "operation", "size", "distribution", "kinds", "mode"]
  static let cellColumns = ["domain", "operation", "strategy", "size", "distribution", "kinds", "mode"]

  static func groupFields(_ group: BenchmarkCase) -> [String] {
    [
      group.feed.domain, group.operation, String(group.feed.size), group.feed.layout,
      String(group.feed.kinds), group.mode.rawValue,
    ]
  }

  static func cellFields(_ key: ResultKey) -> [String] {
    let group = groupFields(key.benchmarkCase)
    return Array(group[0..<2]) + [key.strategy.rawValue] + Array(group[2...])
  }

  static func groupJSON(_ group: BenchmarkCase) -> String {
    "\"domain\": \(JSONText.quoted(group.feed.domain)), \"operation\": \(JSONText.quoted(group.operation)), "
      + "\"size\": \(group.feed.size), \"distribution\": \(JSONText.quoted(group.feed.layout)), "
      + "\"kinds\": \(group.feed.kinds), \"mode\": \(JSONText.quoted(group.mode.rawValue))"
  }

  static func cellJSON(_ key: ResultKey) -> String {
    groupJSON(key.benchmarkCase) + ", \"strategy\": \(JSONText.quoted(key.strategy.rawValue))"
  }

  /// The case's title with its mode, boundary too (`BenchmarkCase.title`
  /// names only app, and seeds the run's shuffles, so it stays as it is).
  static func groupTitle(_ group: BenchmarkCase) -> String {
    "\(group.feed.domain) · \(group.operation) · \(group.feed.size.groupedDigits) elements · \(group.feed.layout) · "
      + "\(group.feed.kindsText) · \(group.mode.heading)"
  }

  static func number(_ value: Double) -> String { CSVNumber.text(value) }
}

extension String {
  /// The string with its first letter in upper case.
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
