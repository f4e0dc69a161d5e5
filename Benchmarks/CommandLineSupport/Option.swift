/// An option declared once: what parsing accepts and `--help` prints (its
/// `spec`: name, value name, help, example), the type its value reads as,
/// and its default, in one expression. It is a stored property of its
/// command's `OptionGroup`, from which the command's `CommandSpec` lists it
/// and through which the command reads it (`try options.sizes`).
package struct Option<Value>: DeclaredOption {
  package let spec: OptionSpec
  private let read: @Sendable (ParsedArguments, OptionSpec) throws(CommandError) -> Value

  private init(
    _ spec: OptionSpec, read: @escaping @Sendable (ParsedArguments, OptionSpec) throws(CommandError) -> Value
  ) {
    self.spec = spec
    self.read = read
  }

  /// The long name with its dashes, for messages: `--sizes`.
  package var name: String { spec.name }

  /// The value in `arguments`, read, checked and defaulted.
  func value(in arguments: ParsedArguments) throws(CommandError) -> Value {
    try read(arguments, spec)
  }

  /// The same option, its value turned into another type, or refused with
  /// `invalid(text, problem)`: the error that names the option, the text
  /// and the example.
  package func map<T>(
    _ transform: @escaping @Sendable (Value, _ invalid: InvalidValue) throws(CommandError) -> T
  ) -> Option<T> {
    let read = self.read
    return Option<T>(spec) { arguments, spec throws(CommandError) in
      try transform(try read(arguments, spec), InvalidValue(arguments: arguments, option: spec))
    }
  }

  /// The same option, `defaultValue` when not given.
  package func `default`<T: Sendable>(_ defaultValue: T) -> Option<T> where Value == T? {
    map { value, _ in value ?? defaultValue }
  }
}

/// The error for a bad value of one option, as `Option.map` hands it over.
package struct InvalidValue {
  let arguments: ParsedArguments
  let option: OptionSpec

  /// `--seed: "x" is not a whole number (example: --seed 42)`, a usage error.
  package func callAsFunction(_ text: String, _ problem: String) -> CommandError {
    arguments.badValue(option, text, problem)
  }
}

// MARK: Declaring an option, by the type its value reads as

extension Option where Value == Bool {
  /// A flag: an option that takes no value; true when given.
  package static func flag(_ name: String, _ help: String, formerNames: [String] = []) -> Option {
    Option(.flag(name, help, formerNames: formerNames)) { arguments, spec in arguments.has(spec) }
  }

  /// Tables at full width: the flag of every command that prints tables.
  package static var wide: Option { Option(.wide) { arguments, spec in arguments.has(spec) } }

  /// Overwrite an existing output file: `--force`, as the commands that
  /// write a CSV (`run`, `profile`, `export`) name it.
  package static var force: Option { Option.flag("--force", "Overwrite an existing output file.") }
}

extension Option where Value == String? {
  /// An option with a value, called `valueName` in help, read as given.
  package static func value(
    _ name: String, _ valueName: String, _ help: String, example: String, formerNames: [String] = []
  ) -> Option {
    Option(.value(name, valueName, help, example: example, formerNames: formerNames)) { arguments, spec in
      arguments.value(spec)
    }
  }

  /// An option whose value is one of `choices`.
  package static func choice(
    _ name: String, _ valueName: String, _ help: String, choices: [String], example: String,
    formerNames: [String] = []
  ) -> Option {
    Option(.choice(name, valueName, help, choices: choices, example: example, formerNames: formerNames)) {
      arguments, spec throws(CommandError) in try arguments.choice(spec, from: choices)
    }
  }
}

extension Option {
  /// A whole number in `range`; `unit` (plural: "elements") follows the
  /// range in errors.
  package static func integer(
    _ name: String, _ valueName: String, _ help: String, example: String, in range: ClosedRange<Int>,
    unit: String? = nil
  ) -> Option where Value == Int? {
    Option(.value(name, valueName, help, example: example)) { arguments, spec throws(CommandError) in
      try arguments.integer(spec, in: range, unit: unit)
    }
  }

  /// A comma-separated list of whole numbers in `range`, as `integer`
  /// reads each.
  package static func integers(
    _ name: String, _ valueName: String, _ help: String, example: String, in range: ClosedRange<Int>,
    unit: String? = nil
  ) -> Option where Value == [Int]? {
    Option(.value(name, valueName, help, example: example)) { arguments, spec throws(CommandError) in
      try arguments.integers(spec, in: range, unit: unit)
    }
  }
}

extension Option where Value == [String]? {
  /// A comma-separated list, each item trimmed; an empty one is refused,
  /// called `item` in the error.
  package static func list(
    _ name: String, _ valueName: String, _ help: String, example: String, item: String = "item"
  ) -> Option {
    Option(.value(name, valueName, help, example: example)) { arguments, spec throws(CommandError) in
      try arguments.list(spec, item: item)
    }
  }

  /// A comma-separated list of names, each one of `valid` (a `kind`, in
  /// errors), repeats dropped. With `namingNone`, a value of spaces alone
  /// is refused with it and the valid names, before its items are read.
  package static func names(
    _ name: String, _ valueName: String, _ help: String, example: String, from valid: [String], kind: String,
    namingNone: String? = nil, formerNames: [String] = []
  ) -> Option {
    Option(.value(name, valueName, help, example: example, formerNames: formerNames)) {
      arguments, spec throws(CommandError) in
      if let namingNone, let text = arguments.value(spec), text.trimming(" ").isEmpty {
        throw arguments.badValue(spec, "", "\(namingNone); valid: \(valid.joined(separator: ", "))")
      }
      return try arguments.names(spec, from: valid, kind: kind)
    }
  }
}

extension Option where Value == Double? {
  /// A percentage strictly between 0 and `limit`, as a fraction.
  package static func fraction(
    _ name: String, _ valueName: String, _ help: String, example: String, percentBelow limit: Double
  ) -> Option {
    Option(.value(name, valueName, help, example: example)) { arguments, spec throws(CommandError) in
      try arguments.fraction(spec, percentBelow: limit)
    }
  }

  /// A number of seconds in `range`.
  package static func seconds(
    _ name: String, _ valueName: String, _ help: String, example: String, in range: ClosedRange<Double>,
    formerNames: [String] = []
  ) -> Option {
    Option(.value(name, valueName, help, example: example, formerNames: formerNames)) {
      arguments, spec throws(CommandError) in try arguments.seconds(spec, in: range)
    }
  }
}
