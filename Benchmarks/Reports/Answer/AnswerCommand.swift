import BenchmarkResults
import Claims
import DispatchModel
import CommandLineSupport
import RunContract

/// `dispatch-bench answer`: the README's answer, and the Results guide's
/// tables, from any run, the user's own included.
package struct AnswerCommand {
  package static let spec = CommandSpec(
    name: "answer",
    summary: "Print the README's answer from a run: which pattern when, and the tables behind it.",
    synopsis:
      "answer RUN.csv [RUN.csv ...] [--profile PROFILE.csv] "
      + "[--edit-cost EDIT.csv] [--compile-time COMPILE.csv] [--sections LIST] [--format table|markdown]",
    positionals: 1...Int.max, positionalName: "RUN.csv",
    options: declared,
    discussion: """
      Sections, in the order printed by default:
      \(AnswerSection.help)

      Every figure is read from the files given; a figure they lack prints
      as –. Ranges are spans of 95% intervals over launches. A named section
      the files cannot fill is an error; by default such a section is
      skipped, with a note on standard error.

      Given several runs (or a folder of them), answer prints the machines
      section alone: each claim read on every CPU model's runs (their
      cpu_model column; a model's runs pooled), a column each, the range
      over the machines, and whether the claim holds on every machine or
      moves. Given one run, the machines section places it among the
      committed machines, whose figures this binary carries.

      Exit status: 0 printed, 64 bad usage, 65 an input file unreadable or a
      named section without data.
      """,
    examples: [
      "dispatch-bench answer results/local/run.csv",
      "dispatch-bench answer results/reference/run.csv "
        + "--edit-cost results/reference/scaling/edit-cost.csv --sections decision,stakes --format markdown",
      "dispatch-bench answer results/local/run.csv --profile results/local/run-profile.csv --sections counts",
      "dispatch-bench answer results/reference/machines/*.csv",
    ])

  /// The options, each declared once with its type and default, in help's
  /// order.
  package struct Options: OptionGroup {
    package let profile = Option.profile
    package let editCost = Option.value(
      "--edit-cost", "EDIT.csv",
      """
      Lines and places each change touches (the synthetic
      generator's edit-cost.csv): the extensibility figures.
      """,
      example: "--edit-cost results/reference/scaling/edit-cost.csv")
    package let compileTime = Option.value(
      "--compile-time", "COMPILE.csv",
      """
      Compile time per pattern (compile-time.sh's CSV): the
      patterns section's compile column.
      """,
      example: "--compile-time results/reference/scaling/compile-time.csv")
    /// Not `--builds`: `run --builds` names binaries, these their runs.
    package let buildRuns = Option.list(
      "--build-runs", "RUN.csv,...",
      """
      Each build's run of a build matrix (run --builds, one file
      per build), and any build's profile (matched by its build
      flags): the builds section.
      """,
      example: "--build-runs results/reference/builds/run.release.csv,results/reference/builds/run.osize.csv",
      item: "file"
    ).default([])
    /// A list, so plural as every list option is (formerly `--section`).
    package let sections = Option.names(
      "--sections", "LIST",
      """
      The sections to print, in order (default: every one the
      files given allow; see below).
      """,
      example: "--sections decision,stakes", from: AnswerSection.allCases.map(\.rawValue), kind: "section",
      formerNames: ["--section"]
    ).map { names, _ in names?.compactMap(AnswerSection.init(rawValue:)) }
    package let size = Option.integer(
      "--size", "N",
      """
      The feed size the answer reads (default: 100000 when the
      run has it, else its largest).
      """,
      example: "--size 1000", in: 1...Int.max)
    package let distribution = Option.choice(
      "--distribution", "NAME", "The kind layout it reads (default: uniform).",
      choices: KindDistribution.allCases.map(\.rawValue), example: "--distribution skewed"
    ).default(KindDistribution.uniform.rawValue)
    package let format = Option.choice(
      "--format", "FORMAT", "table (default) or markdown, as the README quotes it.",
      choices: QuotedFormat.allCases.map(\.rawValue), example: "--format markdown"
    ).map { name, _ in name.flatMap(QuotedFormat.init(rawValue:)) ?? .table }
    package let wide = Option.wide
  }

  package static let declared = Options()

  package var path: String
  /// Every run given: one, or one per CPU model for the machines section.
  package var paths: [String]
  package var profilePath: String?
  package var editCostPath: String?
  package var compileTimePath: String?
  package var buildPaths: [String]
  /// `nil`: every section the files allow.
  package var sections: [AnswerSection]?
  /// `nil`: 100,000 when the run has it, else its largest size.
  package var size: Int?
  package var layout: String
  package var format: QuotedFormat

  package init(_ parsed: ParsedArguments) throws(CommandError) {
    let arguments = parsed.reading(Self.declared)
    paths = try Self.expandingFolders(arguments.positionals)
    path = paths[0]
    profilePath = try arguments.profile
    editCostPath = try arguments.editCost
    compileTimePath = try arguments.compileTime
    buildPaths = try arguments.buildRuns
    sections = try arguments.sections
    size = try arguments.size
    layout = try arguments.distribution
    format = try arguments.format
    if paths.count > 1 { try Self.checkSeveralRuns(arguments, sections: sections) }
  }

  package func run(console: Console) throws(CommandError) -> Int32 {
    if paths.count > 1 { return try runMachines(console: console) }
    let answer = try load(console: console)
    var printed: [String] = []
    var needsEditCosts = false
    for section in sections ?? AnswerSection.allCases {
      do throws(SectionUnavailable) {
        printed += try answer.blocks(section).map { $0.render(format) }
        needsEditCosts = needsEditCosts || section == .decision || section == .patterns
      } catch {
        guard sections == nil else { throw .dataError(error.reason) }
        if (section != .counts || profilePath != nil) && (section != .builds || !buildPaths.isEmpty)
          && section != .machines && section != .existential
        {
          console.errorLine("note: no \(section) section: \(error.reason)")
        }
      }
    }
    guard !printed.isEmpty else { throw .dataError("\(path): nothing to answer from") }
    let borrowed = SyntheticBorrowing.borrowed(in: answer.run.rows)
    if !borrowed.isEmpty { console.errorLine(SyntheticBorrowing.note(borrowed)) }
    if editCostPath == nil && needsEditCosts {
      console.errorLine(
        "note: pass \(Self.declared.editCost.name) results/reference/scaling/edit-cost.csv "
          + "for the extensibility figures")
    }
    console.write(printed.joined(separator: "\n"))
    return ExitStatus.success
  }

  /// The run and the files beside it, read; warnings for a profile of
  /// another build.
  private func load(console: Console) throws(CommandError) -> Answer {
    guard case .run(let run) = try loadResults(path) else {
      throw .usage(
        "\(path) is a profile; pass a run CSV, and the profile with \(Self.declared.profile.name)",
        command: Self.spec.name)
    }
    let profile = try profilePath.map { path throws(CommandError) in
      try loadProfile(
        path, option: Self.declared.profile.name, command: Self.spec.name, beside: run.info, console: console)
    }
    var scaling: ScalingTables?
    if editCostPath != nil || compileTimePath != nil {
      scaling = ScalingTables(
        compileTimes: try compileTimePath.map { path throws(CommandError) in
          try ScalingTables.read(Self.declared.compileTime.spec, Schema.loadCompileTimes, path)
        } ?? [],
        editCosts: try editCostPath.map { path throws(CommandError) in
          try ScalingTables.read(Self.declared.editCost.spec, Schema.loadEditCosts, path)
        } ?? [])
    }
    let size = answerSize(run)
    var builds: [AnswerRows] = []
    var buildProfiles: [ProfileFile] = []
    for buildPath in buildPaths {
      switch try loadResults(buildPath) {
      case .run(let file): builds.append(AnswerRows(run: file, size: size, layout: layout))
      case .profile(let file): buildProfiles.append(file)
      }
    }
    var answer = Answer(
      rows: AnswerRows(run: run, size: size, layout: layout), profile: profile, scaling: scaling, builds: builds)
    answer.buildProfiles = try Self.match(buildProfiles, to: builds)
    return answer
  }

  /// Each build's profile, found by its build flags (a profile is of one
  /// binary, whose flags its rows name as the run's do).
  ///
  /// - Throws: A usage error naming a profile whose flags are no build's, or
  ///   two profiles of one build.
  static func match(_ profiles: [ProfileFile], to builds: [AnswerRows]) throws(CommandError) -> [ProfileFile?] {
    var matched = [ProfileFile?](repeating: nil, count: builds.count)
    for profile in profiles {
      let flags = profile.info.machine.buildFlags
      guard let index = builds.firstIndex(where: { $0.run.info.machine.buildFlags == flags }) else {
        throw .usage(
          "\(Self.declared.buildRuns.name): "
            + "\(profile.path) is a profile of a build none of the runs is (build_flags \(flags))",
          command: Self.spec.name)
      }
      if let earlier = matched[index] {
        throw .usage(
          "\(Self.declared.buildRuns.name): "
            + "\(earlier.path) and \(profile.path) are profiles of one build (build_flags \(flags))",
          command: Self.spec.name)
      }
      matched[index] = profile
    }
    return matched
  }

  /// The feed size the answer reads in `run`: `--size`, else 100,000 when
  /// the run has it, else its largest.
  /// The paths given, a folder replaced by the `*.csv` directly in it, in
  /// name order (`answer results/reference/machines`), so that a command
  /// typed without a shell's glob reads the same runs.
  static func expandingFolders(_ paths: [String]) throws(CommandError) -> [String] {
    var expanded: [String] = []
    for path in paths {
      guard isDirectory(path) else {
        expanded.append(path)
        continue
      }
      let names: [String]
      do throws(FileError) {
        names = try directoryEntries(path).filter { $0.hasSuffix(".csv") }.sorted()
      } catch {
        throw .dataError(error.description)
      }
      guard !names.isEmpty else { throw .dataError("\(path) is a folder with no .csv in it") }
      let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
      expanded += names.map { folder + "/" + $0 }
    }
    return expanded
  }

  func answerSize(_ run: RunFile) -> Int {
    size ?? AnswerRows.defaultSize(run)
  }
}
