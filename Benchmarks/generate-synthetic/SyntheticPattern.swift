/// The patterns, in the strategies' registry order, under its names.
public enum SyntheticPattern: String, CaseIterable, Sendable {
  case naive
  case protocolGetter = "protocol-getter"
  case classicVisitor = "classic-visitor"
  case genericVisitor = "generic-visitor"
  case enumSwitch = "enum-switch"
  case classHierarchy = "class-hierarchy"
  case castChain = "cast-chain"
  case typeEraser = "type-eraser"
  case handlerTable = "handler-table"
  case taggedVisitor = "tagged-visitor"

  /// Patterns whose synthetic code is another pattern's: each one that
  /// `dispatch-bench new-strategy` added, written as its template until it is
  /// given an idiom of its own (a `SyntheticIdiom` case under its name, and
  /// its arms in `SyntheticSource`). See Guides/Strategies.md, "Adding a
  /// strategy".
  public static let writtenLike: [SyntheticPattern: SyntheticPattern] = [:]

  /// How this pattern's code is written: its own idiom, or its template's.
  public var idiom: SyntheticIdiom {
    if let template = Self.writtenLike[self] { return template.idiom }
    guard let own = SyntheticIdiom(rawValue: rawValue) else {
      preconditionFailure(
        "\(rawValue) has no idiom: add a SyntheticIdiom case for it, or an entry in SyntheticPattern.writtenLike")
    }
    return own
  }

  /// The strategy module's name, and its synthetic module's directory under
  /// Sources/Synthetic.
  public var directory: String {
    rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The synthetic module: `SyntheticEnumSwitch`.
  public var module: String { "Synthetic" + directory }
}

/// How a pattern's synthetic code is written: the ten patterns' idioms,
/// under their names, each with its arms in `SyntheticSource` (its doc
/// comment, its domain and its workload's plumbing).
public enum SyntheticIdiom: String, CaseIterable, Sendable {
  case naive
  case protocolGetter = "protocol-getter"
  case classicVisitor = "classic-visitor"
  case genericVisitor = "generic-visitor"
  case enumSwitch = "enum-switch"
  case classHierarchy = "class-hierarchy"
  case castChain = "cast-chain"
  case typeEraser = "type-eraser"
  case handlerTable = "handler-table"
  case taggedVisitor = "tagged-visitor"
}
