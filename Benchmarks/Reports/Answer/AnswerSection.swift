/// A part of the answer `answer` prints: the README's (the decision table,
/// the stakes and the ranges its opening sentences quote), the counts beside
/// the cheap rows' times, and the Results guide's tables.
package enum AnswerSection: String, CaseIterable {
  /// Which pattern to pick in which situation, with the figures that say so.
  case decision
  /// What the slowest of the articles' patterns adds over the enum, per
  /// frame.
  case stakes
  /// The ranges of ratios the README's opening sentences quote.
  case ranges
  /// The cheap rows' time ratios beside the profile's counts (`--profile`).
  case counts
  /// Per pattern: what it costs to run, to build and to change.
  case patterns
  /// Every strategy's ratio to the baseline in both modes.
  case modes
  /// The synthetic domain at every number of kinds.
  case kinds
  /// Bytes of machine code each operation runs.
  case code
  /// The answer in each build of a build matrix (`--build-runs`).
  case builds
  /// The answer's claims on each of several machines' runs, and whether
  /// each holds on every one (two runs or more, one per CPU model).
  case machines
  /// The existential domain: `any P` and the alternatives Swift's guide
  /// names, with counts (`--profile`).
  case existential

  /// The sections that compare with the enum by name, and so need a run
  /// whose baseline it is.
  package var speaksOfTheEnum: Bool {
    switch self {
    case .decision, .stakes, .ranges, .counts: true
    case .patterns, .modes, .kinds, .code, .builds, .machines, .existential: false
    }
  }

  /// What the section prints, in a line of `help answer`.
  package var summary: String {
    switch self {
    case .decision: "which pattern to pick in which situation, and why"
    case .stakes: "what the articles' patterns add per 120 Hz frame"
    case .ranges: "the spans of ratios the README's sentences quote"
    case .counts: "cheap rows: time ratios beside instruction ratios,\nbranches and mispredicts (needs --profile)"
    case .patterns: "each pattern's costs to run, to build and to change"
    case .modes: "every ratio to the baseline, in both modes"
    case .kinds: "the synthetic domain at every number of kinds"
    case .code: "bytes of machine code each operation runs"
    case .builds: "does the answer hold in your build? one row per build\nand mode (needs --build-runs)"
    case .machines:
      "does the answer hold on every machine? a column per\n"
        + "CPU model; given one run, where it sits among the\ncommitted machines"
    case .existential: "any P and the alternatives Swift's guide names, with\ncounts (needs run --domains existential)"
    }
  }

  /// Every section with its summary, for `help answer`.
  package static var help: String {
    let width = allCases.map(\.rawValue.count).max()! + 2
    return allCases.map { section in
      let padding = String(repeating: " ", count: width - section.rawValue.count)
      let indent = "\n  " + String(repeating: " ", count: width)
      return "  " + section.rawValue + padding + section.summary.split(separator: "\n").joined(separator: indent)
    }.joined(separator: "\n")
  }
}

/// Why a section has nothing to print for the files given, as the user is
/// told.
package struct SectionUnavailable: Error {
  package var reason: String
}
