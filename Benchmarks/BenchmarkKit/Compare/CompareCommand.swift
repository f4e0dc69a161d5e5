/// `dispatch-bench compare`: strategies against a baseline within one run, or
/// two runs cell by cell with a verdict.
struct CompareCommand {
  static let spec = CommandSpec(
    name: "compare",
    summary: "Compare strategies within a run, or two runs cell by cell.",
    synopsis: "compare RUN.csv [NEW.csv] [OPTIONS]",
    positionals: 1...2, positionalName: "RUN.csv",
    options: [
      .value(
        "--baseline-strategy", "NAME",
        "With one run: the strategy the others are compared\nwith (default: enum-switch).",
        example: "--baseline-strategy protocol-getter"),
      .value(
        "--threshold", "PERCENT",
        "With two runs: the smallest change that counts as a\nregression or improvement (default: 5).",
        example: "--threshold 10"),
      .value(
        "--samples", "LIST",
        "Raw samples (run --samples-csv) for each run, in order:\nthe rank test and bootstrap intervals use them.",
        example: "--samples base-samples.csv,new-samples.csv"),
      .value(
        "--format", "FORMAT", "table (default), markdown, csv or json.", example: "--format markdown"),
    ],
    discussion: """
      With one run: for each operation, size, distribution and kinds, every
      strategy's median against the baseline strategy's, as a ratio with a 95%
      interval, and a ranking (1 = fastest).

      With two runs: cells are matched by domain, operation, strategy, size,
      distribution and kinds. Each gets new/base with a 95% interval and a
      verdict. A cell regressed (or improved) when it moved by more than the
      threshold and the move is significant: by the Mann–Whitney rank test at
      5% when both runs' raw samples are given, else by the two medians' 95%
      intervals not overlapping. Cells in one run only are listed. Runs made on
      different machines, systems, Swift versions or build flags are warned
      about first.

      Ratio intervals are a seeded bootstrap of the raw samples when given,
      else the widest ratio the two medians' intervals allow (conservative).
      Exit status: 0 no regression, 2 at least one regression, 64 bad usage,
      65 an input file unreadable or not a dispatch-bench run.
      """,
    examples: [
      "dispatch-bench compare results/2026-11-22T13-46-40Z.csv",
      "dispatch-bench compare results/base.csv results/new.csv --threshold 10 --format markdown",
      "dispatch-bench compare base.csv new.csv --samples base-samples.csv,new-samples.csv",
    ])

  var paths: [String]
  var baseline: String
  var threshold: Double
  var samplesPaths: [String]?
  var format: OutputFormat

  init(_ arguments: ParsedArguments) throws(CommandError) {
    paths = arguments.positionals
    baseline = arguments.value("--baseline-strategy") ?? "enum-switch"
    if let text = arguments.value("--threshold") {
      let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
      guard let percent = Double(digits), percent.isFinite else {
        throw arguments.badValue("--threshold", text, "is not a percentage")
      }
      guard percent > 0 && percent < 1000 else {
        throw arguments.badValue("--threshold", text, "is outside 0…1000 (exclusive)")
      }
      threshold = percent / 100
    } else {
      threshold = 0.05
    }
    samplesPaths = try arguments.list("--samples", item: "file name")
    if let samplesPaths, let text = arguments.value("--samples"), samplesPaths.count != paths.count {
      throw arguments.badValue("--samples", text, "must name one samples file per run file (\(paths.count))")
    }
    format = try arguments.choice("--format", from: OutputFormat.allCases.map(\.rawValue))
      .flatMap(OutputFormat.init(rawValue:)) ?? .table
  }

  func run(console: Console) throws(CommandError) -> Int32 {
    let runs = try paths.map { path throws(CommandError) in try RunFile.load(path) }
    if runs.count == 2 && runs[0].kind != runs[1].kind {
      throw .usage(
        "\(paths[0]) and \(paths[1]) are not both runs or both profiles; compare like with like",
        command: Self.spec.name)
    }
    let samples = try samplesPaths.map { list throws(CommandError) in
      try list.map { path throws(CommandError) in try SamplesFile.load(path) }
    }
    if runs.count == 1 {
      let run = runs[0]
      guard run.rows.contains(where: { $0.key.strategy == baseline }) else {
        let present = Set(run.rows.map(\.key.strategy)).subtracting(["floor"]).sorted()
        throw .usage(
          "--baseline-strategy: \(run.path) has no rows for \"\(baseline)\"; it has \(present.joined(separator: ", "))",
          command: Self.spec.name)
      }
      let groups = Comparison.within(run, baseline: baseline, samples: samples?[0])
      console.write(CompareOutput.within(groups, run: run, hasSamples: samples != nil, format: format))
      return ExitStatus.success
    }
    let (base, new) = (runs[0], runs[1])
    let warnings = Comparison.warnings(base, new)
    for warning in warnings { console.errorLine("warning: \(warning)") }
    let result = Comparison.between(
      base, new, threshold: threshold, baseSamples: samples?[0], newSamples: samples?[1])
    console.write(
      CompareOutput.between(
        result, base: base, new: new, threshold: threshold, warnings: warnings, format: format))
    return result.changes.contains { $0.verdict == .regressed } ? ExitStatus.regression : ExitStatus.success
  }
}

/// How `compare` prints.
enum CompareOutput {
  static func within(_ groups: [GroupStanding], run: RunFile, hasSamples: Bool, format: OutputFormat)
    -> String
  {
    let method =
      hasSamples
      ? "bootstrap of the raw samples" : "from the medians' intervals, conservative; pass --samples for a bootstrap"
    switch format {
    case .csv:
      var rows: [[String]] = []
      for group in groups {
        for standing in group.standings {
          rows.append(
            groupFields(group.group) + [
              standing.key.strategy, String(standing.rank), number(standing.median),
              number(standing.ratio), standing.interval.map { number($0.lowerBound) } ?? "",
              standing.interval.map { number($0.upperBound) } ?? "", group.baseline,
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
              + ", \"strategy\": \(JSONText.quoted(standing.key.strategy)), \"rank\": \(standing.rank), "
              + "\"median_ns\": \(JSONText.number(standing.median)), \"ratio\": \(JSONText.number(standing.ratio)), "
              + "\"ratio_ci95\": \(standing.interval.map { "[\(JSONText.number($0.lowerBound)), \(JSONText.number($0.upperBound))]" } ?? "null"), "
              + "\"baseline\": \(JSONText.quoted(group.baseline))}")
        }
      }
      return "{\"run\": \(JSONText.quoted(run.path)), \"groups\": [\n  " + items.joined(separator: ",\n  ") + "\n]}\n"
    case .table, .markdown:
      let markdown = format == .markdown
      var text =
        markdown
        ? "## \(run.path): each strategy against \(groups.first?.baseline ?? "the baseline")\n\nRatio of medians with a 95% interval (\(method)); rank 1 is the fastest.\n\n"
        : "\(run.path): each strategy against \(groups.first?.baseline ?? "the baseline"); ratio of medians with a 95% interval (\(method)); rank 1 is the fastest\n\n"
      for group in groups {
        let header = ["rank", "strategy", run.kind == .timing ? "median ns" : "instructions", "ratio", "95% interval"]
        let rows = group.standings.map { standing in
          [
            String(standing.rank), standing.key.strategy, ResultsTable.nanoseconds(standing.median),
            ResultsTable.ratioText(standing.ratio),
            standing.interval.map { "\(ResultsTable.ratioText($0.lowerBound)) – \(ResultsTable.ratioText($0.upperBound))" } ?? "",
          ]
        }
        text += (markdown ? "### " : "") + groupTitle(group.group) + "\n" + (markdown ? "\n" : "")
        text += TextTable.render(header: header, rows: rows, markdown: markdown, rightAligned: [0, 2, 3, 4]) + "\n"
      }
      return text
    }
  }

  static func between(
    _ result: (changes: [CellChange], onlyInBase: [CellKey], onlyInNew: [CellKey]),
    base: RunFile, new: RunFile, threshold: Double, warnings: [String], format: OutputFormat
  ) -> String {
    let order: [Verdict] = [.regressed, .improved, .unchanged]
    let changes = result.changes.sorted {
      (order.firstIndex(of: $0.verdict)!, $0.key) < (order.firstIndex(of: $1.verdict)!, $1.key)
    }
    let counts = order.map { verdict in changes.filter { $0.verdict == verdict }.count }
    let summary =
      "\(counts[0]) regressed, \(counts[1]) improved, \(counts[2]) unchanged; "
      + "\(result.onlyInBase.count) only in \(base.path), \(result.onlyInNew.count) only in \(new.path)"
    switch format {
    case .csv:
      var rows = changes.map { change in
        cellFields(change.key) + [
          number(change.baseMedian), number(change.newMedian), number(change.ratio),
          number(change.interval.lowerBound), number(change.interval.upperBound), change.method,
          change.pValue.map(number) ?? "", change.verdict.rawValue,
        ]
      }
      rows += result.onlyInBase.map { cellFields($0) + ["", "", "", "", "", "", "", "only in base"] }
      rows += result.onlyInNew.map { cellFields($0) + ["", "", "", "", "", "", "", "only in new"] }
      return CSVWriter.document(
        header: cellColumns + [
          "base_median_ns", "new_median_ns", "ratio", "ratio_ci95_low", "ratio_ci95_high", "method",
          "p_value", "verdict",
        ], rows: rows)
    case .json:
      let items = changes.map { change in
        "{" + cellJSON(change.key) + ", \"base_median_ns\": \(JSONText.number(change.baseMedian)), "
          + "\"new_median_ns\": \(JSONText.number(change.newMedian)), \"ratio\": \(JSONText.number(change.ratio)), "
          + "\"ratio_ci95\": [\(JSONText.number(change.interval.lowerBound)), \(JSONText.number(change.interval.upperBound))], "
          + "\"method\": \(JSONText.quoted(change.method)), \"p_value\": \(change.pValue.map(JSONText.number) ?? "null"), "
          + "\"verdict\": \"\(change.verdict.rawValue)\"}"
      }
      return "{\"base\": \(JSONText.quoted(base.path)), \"new\": \(JSONText.quoted(new.path)), "
        + "\"threshold\": \(JSONText.number(threshold)), "
        + "\"warnings\": [\(warnings.map(JSONText.quoted).joined(separator: ", "))],\n"
        + "\"cells\": [\n  " + items.joined(separator: ",\n  ") + "\n],\n"
        + "\"only_in_base\": [\(result.onlyInBase.map { JSONText.quoted($0.description) }.joined(separator: ", "))],\n"
        + "\"only_in_new\": [\(result.onlyInNew.map { JSONText.quoted($0.description) }.joined(separator: ", "))]}\n"
    case .table, .markdown:
      let markdown = format == .markdown
      var text = markdown ? "## \(base.path) → \(new.path)\n\n" : "\(base.path) → \(new.path)\n"
      for warning in warnings { text += (markdown ? "> **Warning:** " : "warning: ") + warning + "\n" }
      if !warnings.isEmpty && markdown { text += "\n" }
      text +=
        base.kind == .profile
        ? "Instructions per element are exact counts: a verdict needs a change beyond \(number(threshold * 100))%.\n\n"
        : "A verdict needs a change beyond \(number(threshold * 100))% and significance "
          + "(rank test on raw samples where given, else non-overlapping 95% intervals).\n\n"
      let header = ["cell", "base \(base.measure)", "new \(new.measure)", "new/base", "95% interval", "verdict"]
      let rows = changes.map { change in
        [
          change.key.description, ResultsTable.nanoseconds(change.baseMedian),
          ResultsTable.nanoseconds(change.newMedian), ResultsTable.ratioText(change.ratio),
          "\(ResultsTable.ratioText(change.interval.lowerBound)) – \(ResultsTable.ratioText(change.interval.upperBound))",
          change.verdict.rawValue,
        ]
      }
      text += TextTable.render(header: header, rows: rows, markdown: markdown, rightAligned: [1, 2, 3, 4])
      text += "\n" + summary + "\n"
      if !result.onlyInBase.isEmpty {
        text += "\nonly in \(base.path):\n" + result.onlyInBase.map { "  \($0)" }.joined(separator: "\n") + "\n"
      }
      if !result.onlyInNew.isEmpty {
        text += "\nonly in \(new.path):\n" + result.onlyInNew.map { "  \($0)" }.joined(separator: "\n") + "\n"
      }
      return text
    }
  }

  static let groupColumns = ["domain", "operation", "size", "distribution", "kinds"]
  static let cellColumns = ["domain", "operation", "strategy", "size", "distribution", "kinds"]

  static func groupFields(_ key: CellKey) -> [String] {
    [key.domain, key.operation, String(key.size), key.distribution, String(key.kinds)]
  }

  static func cellFields(_ key: CellKey) -> [String] {
    [key.domain, key.operation, key.strategy, String(key.size), key.distribution, String(key.kinds)]
  }

  static func groupJSON(_ key: CellKey) -> String {
    "\"domain\": \(JSONText.quoted(key.domain)), \"operation\": \(JSONText.quoted(key.operation)), "
      + "\"size\": \(key.size), \"distribution\": \(JSONText.quoted(key.distribution)), \"kinds\": \(key.kinds)"
  }

  static func cellJSON(_ key: CellKey) -> String {
    groupJSON(key) + ", \"strategy\": \(JSONText.quoted(key.strategy))"
  }

  static func groupTitle(_ key: CellKey) -> String {
    "\(key.domain) · \(key.operation) · \(key.size.groupedDigits) elements · \(key.distribution) · \(key.kinds == 1 ? "1 kind" : "\(key.kinds) kinds")"
  }

  static func number(_ value: Double) -> String { ResultsCSV.number(value) }
}

/// Plain-text and Markdown tables with aligned columns.
enum TextTable {
  static func render(header: [String], rows: [[String]], markdown: Bool, rightAligned: Set<Int>)
    -> String
  {
    if markdown {
      var text = "| " + header.joined(separator: " | ") + " |\n|"
      text += header.indices.map { rightAligned.contains($0) ? "---:" : ":---" }.joined(separator: "|") + "|\n"
      for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
      return text
    }
    let widths = header.indices.map { column in
      ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      let text = cells.enumerated().map { column, value in
        let padding = String(repeating: " ", count: widths[column] - value.count)
        return rightAligned.contains(column) ? padding + value : value + padding
      }.joined(separator: "  ")
      return String(text.reversed().drop { $0 == " " }.reversed())
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
  }
}
