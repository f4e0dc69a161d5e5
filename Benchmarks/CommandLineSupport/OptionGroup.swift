/// What an `OptionGroup` holds: an `Option` of any value type, seen as its
/// spec.
package protocol DeclaredOption: Sendable {
  var spec: OptionSpec { get }
}

/// A command's options, each declared once as a stored property (an
/// `Option`, or a group two commands share), in the order help lists them.
/// The command's `CommandSpec` lists them from here, and its `init` reads
/// them only through key paths into the group (`OptionValues`), so an
/// option the group does not hold is not read: it does not compile.
package protocol OptionGroup: Sendable {}

extension OptionGroup {
  /// Every option the group holds, its shared groups' in place, in the
  /// order they are declared.
  package var optionSpecs: [OptionSpec] {
    Mirror(reflecting: self).children.flatMap { child -> [OptionSpec] in
      if let option = child.value as? any DeclaredOption { return [option.spec] }
      if let group = child.value as? any OptionGroup { return group.optionSpecs }
      return []
    }
  }
}

/// A command's arguments read through its option group: `try values.sizes`
/// is the `sizes` option's value, typed and defaulted as declared;
/// `values.selection` is the shared group `selection`'s values.
@dynamicMemberLookup
package struct OptionValues<Group: OptionGroup> {
  package let arguments: ParsedArguments
  /// The declarations, for their names in messages.
  package let group: Group

  /// The option's value.
  /// - Precondition: the command's spec declares it (an `Option` the group
  ///   computes rather than stores is not in the spec; reading it stops).
  package subscript<Value>(dynamicMember path: KeyPath<Group, Option<Value>>) -> Value {
    get throws(CommandError) {
      let option = group[keyPath: path]
      arguments.requireDeclared(option.spec)
      return try option.value(in: arguments)
    }
  }

  /// A shared group's values.
  package subscript<Inner: OptionGroup>(dynamicMember path: KeyPath<Group, Inner>) -> OptionValues<Inner> {
    OptionValues<Inner>(arguments: arguments, group: group[keyPath: path])
  }

  /// Whether the option was given, whatever its value.
  package func isGiven(_ path: KeyPath<Group, some DeclaredOption>) -> Bool {
    let option = group[keyPath: path].spec
    arguments.requireDeclared(option)
    return arguments.isGiven(option)
  }

  /// The options of `paths` that were given, in that order.
  package func given(_ paths: [PartialKeyPath<Group>]) -> [OptionSpec] {
    paths.compactMap { path in
      guard let option = group[keyPath: path] as? any DeclaredOption else { return nil }
      arguments.requireDeclared(option.spec)
      return arguments.isGiven(option.spec) ? option.spec : nil
    }
  }

  /// The error for a bad value of the option: names the option and the
  /// text, and gives its example.
  package func invalid(_ path: KeyPath<Group, some DeclaredOption>, _ text: String, _ problem: String) -> CommandError {
    arguments.badValue(group[keyPath: path].spec, text, problem)
  }

  /// The positional arguments.
  package var positionals: [String] { arguments.positionals }

  /// The command's name, for its usage errors.
  package var command: String { arguments.spec.name }
}

extension ParsedArguments {
  /// The arguments, read through `group`: the group the command's spec
  /// was made from.
  /// - Precondition: the spec declares every option of `group`.
  package func reading<Group: OptionGroup>(_ group: Group) -> OptionValues<Group> {
    for option in group.optionSpecs { requireDeclared(option) }
    return OptionValues(arguments: self, group: group)
  }
}

/// The options of a command that takes none but `--help`.
package struct NoOptions: OptionGroup {
  package init() {}
}
