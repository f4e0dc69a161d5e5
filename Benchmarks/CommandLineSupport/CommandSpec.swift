/// What parsing and `--help` know of one flag or option: the `spec` of an
/// `Option`, declared once in its command's `OptionGroup`.
package struct OptionSpec: Sendable {
  /// The long name with its dashes: `--sizes`.
  package var name: String
  /// What the value is called in help (`LIST`), or `nil` for a flag.
  package var valueName: String?
  package var help: String
  /// A complete example of the option in use, quoted in errors.
  package var example: String?
  /// The values it accepts, when it takes one of a few names.
  package var choices: [String]? = nil
  /// Former names, still accepted (and named in help) so that scripts
  /// written for them keep working.
  package var formerNames: [String] = []

  /// A flag: an option that takes no value.
  package static func flag(_ name: String, _ help: String, formerNames: [String] = []) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, help: help, example: nil, formerNames: formerNames)
  }

  /// An option with a value, called `valueName` in help.
  package static func value(
    _ name: String, _ valueName: String, _ help: String, example: String, formerNames: [String] = []
  ) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, help: help, example: example, formerNames: formerNames)
  }

  /// An option whose value is one of `choices`.
  package static func choice(
    _ name: String, _ valueName: String, _ help: String, choices: [String], example: String,
    formerNames: [String] = []
  ) -> OptionSpec {
    OptionSpec(
      name: name, valueName: valueName, help: help, example: example, choices: choices, formerNames: formerNames)
  }

  /// Whether `name` is this option's name or one of its former names.
  package func isNamed(_ name: String) -> Bool {
    name == self.name || formerNames.contains(name)
  }

  /// Tables at full width: the flag of every command that prints tables.
  package static let wide = OptionSpec.flag(
    "--wide", "Print tables at full width (default: fit COLUMNS, the\nterminal, or 80 columns, wrapping into panels).")
  /// Every command's help flag (`-h` too); not listed in a spec's options.
  package static let helpFlag = OptionSpec.flag("--help", "Show this help.")
  /// `dispatch-bench --version`: the version and the build.
  package static let versionFlag = OptionSpec.flag("--version", "Print the version and the build.")

  package init(
    name: String,
    valueName: String? = nil,
    help: String,
    example: String? = nil,
    choices: [String]? = nil,
    formerNames: [String] = []
  ) {
    self.name = name
    self.valueName = valueName
    self.help = help
    self.example = example
    self.choices = choices
    self.formerNames = formerNames
  }
}

/// A subcommand's name, arguments and help.
package struct CommandSpec {
  package var name: String
  package var summary: String
  /// The usage line after `dispatch-bench`.
  package var synopsis: String
  /// Positional arguments: how many are allowed.
  package var positionals: ClosedRange<Int> = 0...0
  package var positionalName: String = ""
  package var options: [OptionSpec]
  package var discussion: String = ""
  package var examples: [String]

  /// The declared option called `name` (or formerly so).
  package func option(named name: String) -> OptionSpec? {
    options.first { $0.isNamed(name) }
  }

  /// The full help text, as `--help` prints it.
  package var help: String {
    var lines = ["OVERVIEW: \(summary)", "", "USAGE: dispatch-bench \(synopsis)", ""]
    if !discussion.isEmpty { lines += [discussion, ""] }
    lines.append("OPTIONS:")
    let width = min(34, (options.map { label(of: $0).count }.max() ?? 0) + 2)
    for option in options + [.helpFlag] {
      let label = label(of: option)
      let helpLines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
      let padding = String(repeating: " ", count: max(1, width - label.count))
      lines.append("  \(label)\(padding)\(helpLines.first ?? "")")
      for line in helpLines.dropFirst() {
        lines.append("  " + String(repeating: " ", count: width) + line)
      }
      if let example = option.example {
        lines.append("  " + String(repeating: " ", count: width) + "(example: \(example))")
      }
      if !option.formerNames.isEmpty {
        lines.append(
          "  " + String(repeating: " ", count: width)
            + "(formerly \(option.formerNames.joined(separator: ", ")), still accepted)")
      }
    }
    if !examples.isEmpty {
      lines += ["", "EXAMPLES:"]
      lines += examples.map { "  \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  /// The usage line and a pointer to `--help`, printed after a usage error.
  package var usage: String {
    "USAGE: dispatch-bench \(synopsis)\n  See 'dispatch-bench help \(name)' for every option."
  }

  private func label(of option: OptionSpec) -> String {
    option.valueName.map { "\(option.name) \($0)" } ?? option.name
  }

  /// A command whose options are `group`'s, in its order.
  package init(
    name: String,
    summary: String,
    synopsis: String,
    positionals: ClosedRange<Int> = 0...0,
    positionalName: String = "",
    options group: some OptionGroup,
    discussion: String = "",
    examples: [String]
  ) {
    self.init(
      name: name, summary: summary, synopsis: synopsis, positionals: positionals, positionalName: positionalName,
      options: group.optionSpecs, discussion: discussion, examples: examples)
  }

  /// A command whose options are listed: the parser's own tests'.
  init(
    name: String,
    summary: String,
    synopsis: String,
    positionals: ClosedRange<Int> = 0...0,
    positionalName: String = "",
    options: [OptionSpec],
    discussion: String = "",
    examples: [String]
  ) {
    self.name = name
    self.summary = summary
    self.synopsis = synopsis
    self.positionals = positionals
    self.positionalName = positionalName
    self.options = options
    self.discussion = discussion
    self.examples = examples
  }
}
