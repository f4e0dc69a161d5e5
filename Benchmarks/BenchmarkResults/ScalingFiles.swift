/// A change whose cost the synthetic generator counts on its own output.
public enum ScalingChange: String, CaseIterable, Sendable {
  /// One more kind, every operation handling it.
  case addKind = "add-kind"
  /// One more operation, over every kind.
  case addOperation = "add-operation"
}

/// One row of `edit-cost.csv` (written by
/// `Benchmarks/generate-synthetic`): what one change to one
/// pattern's generated code touches.
public struct EditCost: Equatable, Sendable {
  public var pattern: StrategyID
  /// `nil` for a change this build does not know.
  public var change: ScalingChange?
  /// How many kinds (for `add-kind`) or operations (for `add-operation`)
  /// there were before the change.
  public var from: Int
  /// The number of kinds the code was generated for.
  public var kinds: Int
  public var linesAdded: Int
  public var linesChanged: Int
  /// Places touched: the diff's hunks.
  public var hunks: Int

  /// Lines added or changed.
  public var lines: Int { linesAdded + linesChanged }

  static let empty = EditCost(
    pattern: "", change: nil, from: 0, kinds: 0, linesAdded: 0, linesChanged: 0, hunks: 0)
}

/// One row of `compile-time.csv` (written by
/// `Benchmarks/Scripts/compile-time.sh`): how long one pattern's code for
/// some number of kinds takes to compile alone.
public struct CompileTime: Equatable, Sendable {
  /// A pattern, or `empty` for the compiler's own start-up.
  public var pattern: StrategyID
  public var kinds: Int
  public var medianSeconds: Double

  static let empty = CompileTime(pattern: "", kinds: 0, medianSeconds: 0)
}

extension Schema {
  /// The columns of `edit-cost.csv` this package reads.
  public static var editCost: ColumnTable<EditCost> {
    ColumnTable([
      Column("pattern", .text, required: true, write: { $0.pattern.rawValue }) { record, reader in
        record.pattern = StrategyID(reader.text("pattern"))
      },
      Column("change", .text, required: true, write: { $0.change?.rawValue ?? "" }) { record, reader in
        record.change = ScalingChange(rawValue: reader.text("change"))
      },
      .integer("from", \.from, required: true),
      .integer("lines_added", \.linesAdded, required: true),
      .integer("lines_changed", \.linesChanged, required: true),
      .integer("hunks", \.hunks, required: true),
      .integer("kinds", \.kinds, required: true),
    ])
  }

  /// The columns of `compile-time.csv` this package reads.
  public static var compileTime: ColumnTable<CompileTime> {
    ColumnTable([
      Column("pattern", .text, required: true, write: { $0.pattern.rawValue }) { record, reader in
        record.pattern = StrategyID(reader.text("pattern"))
      },
      .integer("kinds", \.kinds, required: true),
      .number("median_seconds", \.medianSeconds, required: true),
    ])
  }

  /// Reads `edit-cost.csv`.
  ///
  /// - Throws: `ResultsError` naming the file, and the line and column at
  ///   fault.
  public static func loadEditCosts(_ path: String) throws(ResultsError) -> [EditCost] {
    try loadPlain(path, columns: editCost, empty: .empty)
  }

  /// Reads `compile-time.csv`.
  public static func loadCompileTimes(_ path: String) throws(ResultsError) -> [CompileTime] {
    try loadPlain(path, columns: compileTime, empty: .empty)
  }

  /// Every record of a CSV file without run information, read by `columns`.
  static func loadPlain<Record>(_ path: String, columns: ColumnTable<Record>, empty: Record)
    throws(ResultsError) -> [Record]
  {
    let table = try loadTable(path, columns: columns, failing: "cannot read ")
    var records: [Record] = []
    for record in table.records {
      records.append(try columns.read(empty, from: try FieldReader(path: path, header: table.header, record: record)))
    }
    return records
  }
}

extension Array where Element == EditCost {
  /// The cost of `change` to `pattern` at `kinds` kinds, from `from`.
  public func cost(of change: ScalingChange, to pattern: StrategyID, from: Int, kinds: Int) -> EditCost? {
    first { $0.pattern == pattern && $0.change == change && $0.from == from && $0.kinds == kinds }
  }
}

extension Array where Element == CompileTime {
  /// The median seconds of `pattern` at `kinds` kinds.
  public func seconds(of pattern: StrategyID, kinds: Int) -> Double? {
    first { $0.pattern == pattern && $0.kinds == kinds }?.medianSeconds
  }
}
