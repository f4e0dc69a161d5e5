import BenchmarkResults

/// A subcommand's arguments, split into flags, option values and positionals,
/// and checked against its `CommandSpec`.
package struct ParsedArguments {
  package let spec: CommandSpec
  /// What was given, by the option's declared name (a former name counts
  /// as the option's own); read through the option's declaration, below.
  private var flags: Set<String> = []
  private var values: [String: String] = [:]
  package private(set) var positionals: [String] = []
  package private(set) var wantsHelp = false

  /// Splits `arguments` (without the subcommand), refusing unknown flags,
  /// repeated options, missing values and a wrong number of positionals.
  package init(_ arguments: [String], spec: CommandSpec) throws(CommandError) {
    self.spec = spec
    var remaining = arguments[...]
    var onlyPositionals = false
    while let argument = remaining.popFirst() {
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
      } else if argument == "--" {
        onlyPositionals = true
      } else if OptionSpec.helpFlag.isNamed(argument) || argument == "-h" {
        wantsHelp = true
      } else {
        try take(option: argument, from: &remaining)
      }
    }
    try checkPositionals()
  }

  /// One option: a flag, or an option with its value (`--name=value`, or
  /// `--name value`, the value then taken from `remaining`).
  private mutating func take(option argument: String, from remaining: inout ArraySlice<String>)
    throws(CommandError)
  {
    var name = argument
    var inlineValue: String?
    if let equals = argument.firstIndex(of: "=") {
      name = String(argument[..<equals])
      inlineValue = String(argument[argument.index(after: equals)...])
    }
    guard let option = spec.option(named: name) else {
      var message = "unknown option '\(name)' for '\(spec.name)'"
      if let suggestion = Suggestion.closest(to: name, among: spec.options.map(\.name)) {
        message += " (did you mean '\(suggestion)'?)"
      }
      throw .usage(message, command: spec.name)
    }
    // A former name counts as the option's own.
    name = option.name
    guard !flags.contains(name), values[name] == nil else {
      throw .usage("\(name) is given more than once", command: spec.name)
    }
    if option.valueName == nil {
      guard inlineValue == nil else {
        throw .usage("\(name) takes no value, but was given '\(inlineValue!)'", command: spec.name)
      }
      flags.insert(name)
    } else if let inlineValue {
      values[name] = inlineValue
    } else if let next = remaining.first, !next.hasPrefix("--") {
      values[name] = next
      remaining.removeFirst()
    } else {
      throw .usage(
        "\(name) needs a value (example: \(option.example ?? "\(name) \(option.valueName!)"))",
        command: spec.name)
    }
  }

  /// Refuses more or fewer positionals than the spec takes, unless help is
  /// asked for.
  private func checkPositionals() throws(CommandError) {
    guard wantsHelp || spec.positionals.contains(positionals.count) else {
      if positionals.count > spec.positionals.upperBound {
        let extra = positionals[spec.positionals.upperBound]
        var message = "unexpected argument '\(extra)'"
        if spec.positionals.upperBound == 0,
          let suggestion = Suggestion.closest(to: "--" + extra, among: spec.options.map(\.name))
        {
          message += " (did you mean '\(suggestion)'?)"
        }
        throw .usage(message, command: spec.name)
      }
      throw .usage("missing \(spec.positionalName)", command: spec.name)
    }
  }

  // MARK: Reading an option through its declaration
  //
  // A command reads its options through its `OptionGroup`
  // (`arguments.reading(Self.declared)`), never by name or by `OptionSpec`:
  // these readers are the parser's own, which `Option`'s constructors call.
  // An option the command's spec does not list stops the program
  // (`requireDeclared`): read, it could never have been given, and would
  // silently read as absent.

  /// Whether the flag was given (by its name or a former one).
  /// - Precondition: the command's spec declares `flag`.
  func has(_ flag: OptionSpec) -> Bool {
    requireDeclared(flag)
    return flags.contains(flag.name)
  }

  /// The option's value as given, or `nil` when it was not.
  /// - Precondition: the command's spec declares `option`.
  func value(_ option: OptionSpec) -> String? {
    requireDeclared(option)
    return values[option.name]
  }

  /// Whether the option (a flag or one with a value) was given.
  func isGiven(_ option: OptionSpec) -> Bool {
    flags.contains(option.name) || values[option.name] != nil
  }

  /// Whether tables fit the console: the command prints tables (declares
  /// `--wide`) and was not given `--wide`.
  package var fitsTables: Bool {
    spec.option(named: OptionSpec.wide.name) != nil && !flags.contains(OptionSpec.wide.name)
  }

  /// Stops on a read of an option the spec does not list: a programming
  /// error (an `Option` outside the command's group), which every test that
  /// reaches the read then reports.
  func requireDeclared(_ option: OptionSpec) {
    precondition(
      spec.option(named: option.name) != nil,
      "'\(spec.name)' reads \(option.name), "
        + "which its CommandSpec does not declare: make it a stored property of the command's OptionGroup")
  }

  /// The error for a bad value: names the option and value, gives the
  /// example the command's help gives.
  func badValue(_ option: OptionSpec, _ value: String, _ problem: String) -> CommandError {
    var message = "\(option.name): \"\(value)\" \(problem)"
    if let example = (spec.option(named: option.name) ?? option).example { message += " (example: \(example))" }
    return .usage(message, command: spec.name)
  }

  // MARK: Typed values

  /// A whole number in `range`; `unit` (plural: "elements") follows the
  /// range in errors.
  func integer(_ option: OptionSpec, in range: ClosedRange<Int>, unit: String? = nil) throws(CommandError) -> Int? {
    guard let text = value(option) else { return nil }
    return try Self.integer(text, option: option, in: range, unit: unit, arguments: self)
  }

  /// A comma-separated list, each item trimmed of spaces; refuses an empty
  /// item, calling it `item` in the error ("has an empty pattern").
  func list(_ option: OptionSpec, item: String = "item") throws(CommandError) -> [String]? {
    guard let text = value(option) else { return nil }
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimming(" ")
    }
    guard !items.contains(where: \.isEmpty) else {
      throw badValue(option, text, "has an empty \(item)")
    }
    return items
  }

  /// A comma-separated list of whole numbers in `range`; `_` may group digits.
  /// `unit` (plural: "elements") follows the range in errors.
  func integers(_ option: OptionSpec, in range: ClosedRange<Int>, unit: String? = nil) throws(CommandError) -> [Int]? {
    // "1,000,000": one number with thousands separators, not three numbers.
    if let text = value(option), let items = Optional(text.split(separator: ",", omittingEmptySubsequences: false)),
      items.count > 1, (1...3).contains(items[0].count), items.dropFirst().allSatisfy({ $0.count == 3 }),
      items.allSatisfy({ $0.allSatisfy(\.isNumber) })
    {
      throw badValue(
        option, text,
        "reads as \(items.count) numbers, since commas separate the values: "
          + "thousands separators are not accepted; write \(items.joined()) (or \(items.joined(separator: "_")))")
    }
    guard let items = try list(option) else { return nil }
    var result: [Int] = []
    for item in items {
      result.append(try Self.integer(item, option: option, in: range, unit: unit, arguments: self))
    }
    return result
  }

  /// A percentage strictly between 0 and `limit` (`3`, `3%` or `2.5`), as a
  /// fraction: `3` → 0.03.
  func fraction(_ option: OptionSpec, percentBelow limit: Double) throws(CommandError) -> Double? {
    guard let text = value(option) else { return nil }
    let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let percent = Double(digits), percent.isFinite else {
      throw badValue(option, text, "is not a percentage")
    }
    guard percent > 0 && percent < limit else {
      throw badValue(option, text, "is outside 0…\(format(limit)) (exclusive)")
    }
    return percent / 100
  }

  /// A positive number of seconds.
  func seconds(_ option: OptionSpec, in range: ClosedRange<Double>) throws(CommandError) -> Double? {
    guard let text = value(option) else { return nil }
    guard let seconds = Double(text), seconds.isFinite else {
      throw badValue(option, text, "is not a number of seconds")
    }
    guard range.contains(seconds) else {
      throw badValue(option, text, "is outside \(format(range.lowerBound))…\(format(range.upperBound)) seconds")
    }
    return seconds
  }

  /// A comma-separated list of names, each one of `valid`.
  func names(_ option: OptionSpec, from valid: [String], kind: String) throws(CommandError)
    -> [String]?
  {
    guard let items = try list(option) else { return nil }
    var result: [String] = []
    for name in items {
      guard valid.contains(name) else {
        var problem = "is not a known \(kind)"
        if let suggestion = Suggestion.closest(to: name, among: valid) {
          problem += " (did you mean '\(suggestion)'?)"
        }
        problem += "; valid: \(valid.joined(separator: ", "))"
        throw badValue(option, name, problem)
      }
      if !result.contains(name) { result.append(name) }
    }
    return result
  }

  /// One name out of `valid`.
  func choice(_ option: OptionSpec, from valid: [String]) throws(CommandError) -> String? {
    guard let text = value(option) else { return nil }
    guard valid.contains(text) else {
      throw badValue(option, text, "is not one of \(valid.joined(separator: ", "))")
    }
    return text
  }

  private static func integer(
    _ text: String, option: OptionSpec, in range: ClosedRange<Int>, unit: String?, arguments: ParsedArguments
  ) throws(CommandError) -> Int {
    let digits = text.filter { $0 != "_" }
    let allowed = "the allowed range is " + rangeText(range, unit: unit)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else {
      throw arguments.badValue(option, text, "is not a whole number")
    }
    guard let value = Int(digits) else {
      // Digits, but more than an Int holds.
      let isNumeral = digits.dropFirst(digits.hasPrefix("-") ? 1 : 0).allSatisfy(\.isNumber)
      guard isNumeral, digits.count > 1 else { throw arguments.badValue(option, text, "is not a whole number") }
      if digits.hasPrefix("-") { throw arguments.badValue(option, text, "is negative: \(allowed)") }
      let most =
        range.upperBound == Int.max ? "the largest whole number this reads is \(Int.max.groupedDigits)" : allowed
      throw arguments.badValue(option, text, "is too large: \(most)")
    }
    guard range.contains(value) else {
      let problem =
        value > range.upperBound ? "too large" : value < 0 && range.lowerBound >= 0 ? "negative" : "too small"
      throw arguments.badValue(option, text, "is \(problem): \(allowed)")
    }
    return value
  }

  /// `1 or more elements`, `2…64`.
  package static func rangeText(_ range: ClosedRange<Int>, unit: String?) -> String {
    let numbers =
      range.upperBound == Int.max
      ? "\(range.lowerBound.groupedDigits) or more"
      : "\(range.lowerBound.groupedDigits)…\(range.upperBound.groupedDigits)"
    return numbers + (unit.map { " \($0)" } ?? "")
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
