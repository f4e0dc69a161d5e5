/// One flag or option a subcommand accepts.
struct OptionSpec {
  /// The long name with its dashes: `--sizes`.
  var name: String
  /// What the value is called in help (`LIST`), or `nil` for a flag.
  var valueName: String?
  var help: String
  /// A complete example of the option in use, quoted in errors.
  var example: String?
  /// The values it accepts, when it takes one of a few names.
  var choices: [String]? = nil
  /// Former names, still accepted (and named in help) so that scripts
  /// written for them keep working.
  var formerNames: [String] = []

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, help: help, example: nil)
  }

  static func value(_ name: String, _ valueName: String, _ help: String, example: String)
    -> OptionSpec
  {
    OptionSpec(name: name, valueName: valueName, help: help, example: example)
  }

  /// An option whose value is one of `choices`.
  static func choice(_ name: String, _ valueName: String, _ help: String, choices: [String], example: String)
    -> OptionSpec
  {
    OptionSpec(name: name, valueName: valueName, help: help, example: example, choices: choices)
  }
}

/// A subcommand's name, arguments and help.
struct CommandSpec {
  var name: String
  var summary: String
  /// The usage line after `dispatch-bench`.
  var synopsis: String
  /// Positional arguments: how many are allowed.
  var positionals: ClosedRange<Int> = 0...0
  var positionalName: String = ""
  var options: [OptionSpec]
  var discussion: String = ""
  var examples: [String]

  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name || $0.formerNames.contains(name) }
  }

  /// The full help text, as `--help` prints it.
  var help: String {
    var lines = ["OVERVIEW: \(summary)", "", "USAGE: dispatch-bench \(synopsis)", ""]
    if !discussion.isEmpty { lines += [discussion, ""] }
    lines.append("OPTIONS:")
    let width = min(34, (options.map { label(of: $0).count }.max() ?? 0) + 2)
    for option in options + [.flag("--help", "Show this help.")] {
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
          "  " + String(repeating: " ", count: width) + "(formerly \(option.formerNames.joined(separator: ", ")), still accepted)")
      }
    }
    if !examples.isEmpty {
      lines += ["", "EXAMPLES:"]
      lines += examples.map { "  \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  /// The usage line and a pointer to `--help`, printed after a usage error.
  var usage: String {
    "USAGE: dispatch-bench \(synopsis)\n  See 'dispatch-bench help \(name)' for every option."
  }

  private func label(of option: OptionSpec) -> String {
    option.valueName.map { "\(option.name) \($0)" } ?? option.name
  }
}
