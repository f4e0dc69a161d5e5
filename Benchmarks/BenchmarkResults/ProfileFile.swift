/// A count `profile` takes per element under valgrind.
public struct ProfileMetric: Hashable, Sendable, CustomStringConvertible {
  /// The CSV column: `instructions_per_element`.
  public let column: String
  /// How tables and charts name it: `instructions`.
  public let title: String

  public var description: String { title }

  public static let instructions = ProfileMetric(column: "instructions_per_element", title: "instructions")
  public static let conditionalBranches = ProfileMetric(
    column: "conditional_branches_per_element", title: "cond. branches")
  public static let conditionalMispredicts = ProfileMetric(
    column: "conditional_mispredicts_per_element", title: "cond. mispredicts")
  public static let indirectBranches = ProfileMetric(
    column: "indirect_branches_per_element", title: "indirect branches")
  public static let indirectMispredicts = ProfileMetric(
    column: "indirect_mispredicts_per_element", title: "indirect mispredicts")
  public static let retains = ProfileMetric(column: "retains_per_element", title: "retains")
  public static let releases = ProfileMetric(column: "releases_per_element", title: "releases")
  public static let allocations = ProfileMetric(column: "allocations_per_element", title: "allocations")
  public static let frees = ProfileMetric(column: "frees_per_element", title: "frees")
  /// Calls to `swift_beginAccess`: the dynamic exclusivity checks the
  /// compiler kept (Swift's guide on existentials says they dominate a tight
  /// loop's cost). Profiles of schema version 2 and older have no such
  /// column: their rows carry no count for it.
  public static let exclusivityChecks = ProfileMetric(
    column: "exclusivity_checks_per_element", title: "exclusivity checks")

  /// Every count, in column order.
  public static let all: [ProfileMetric] = [
    .instructions, .conditionalBranches, .conditionalMispredicts, .indirectBranches,
    .indirectMispredicts, .retains, .releases, .allocations, .frees, .exclusivityChecks,
  ]
}

/// One profiled row: a strategy's counts per element on one case.
public struct ProfileRow: Equatable, Sendable {
  public var key: ResultKey
  /// Every metric of `ProfileMetric.all`, per element.
  public var counts: [ProfileMetric: Double]

  public init(key: ResultKey, counts: [ProfileMetric: Double]) {
    self.key = key
    self.counts = counts
  }

  public subscript(metric: ProfileMetric) -> Double { counts[metric] ?? 0 }
}

/// A profile row as a file holds it: the run's information and the row's own.
public struct ProfileRecord: Sendable {
  public var info: RunInfo
  /// The tool and method: `valgrind-3.19.0 callgrind --branch-sim=yes; …`.
  public var tool: String
  public var row: ProfileRow

  public init(info: RunInfo, tool: String, row: ProfileRow) {
    self.info = info
    self.tool = tool
    self.row = row
  }
}

extension ProfileRecord: RunInfoCarrying {}
extension ProfileRow: Keyed {}

/// A profile CSV written by `dispatch-bench profile`.
public struct ProfileFile: Sendable {
  public var path: String
  public var info: RunInfo
  public var tool: String
  public var rows: [ProfileRow]

  public init(path: String, info: RunInfo, tool: String, rows: [ProfileRow]) {
    self.path = path
    self.info = info
    self.tool = tool
    self.rows = rows
  }

  /// The CSV text of a profile.
  public static func document(info: RunInfo, tool: String, rows: [ProfileRow]) -> String {
    Schema.profile.document(rows.map { ProfileRecord(info: info, tool: tool, row: $0) })
  }
}

extension Schema {
  /// The profile CSV's version: 2 added the `mode` column, 3
  /// `exclusivity_checks_per_element`.
  public static let profileVersion = "3"
  public static let readableProfileVersions: Set<String> = ["1", "2", profileVersion]

  /// Every column of the profile CSV, in file order.
  public static var profile: ColumnTable<ProfileRecord> {
    ColumnTable(
      infoColumns(
        version: \.info.schemaVersion, versionName: "profile_schema_version",
        readable: readableProfileVersions)
        + [.text("command", \.info.command), .text("tool", \.tool)]
        + keyColumns(\ProfileRecord.row.key)
        + ProfileMetric.all.map { metric in
          Column(
            metric.column, .number, required: metric != .exclusivityChecks,
            write: { CSVNumber.text($0.row[metric]) }
          ) { record, reader throws(ResultsError) in
            guard reader.has(metric.column) else { return }
            record.row.counts[metric] = try reader.double(metric.column)
          }
        })
  }

  static func readProfile(_ table: CSVTable, path: String) throws(ResultsError) -> ProfileFile {
    var tool = ""
    let empty = ProfileRecord(
      info: .unknown, tool: "",
      row: ProfileRow(key: TimingRow.empty.key, counts: [:]))
    let (info, rows) = try readRows(table, path: path, columns: profile, empty: empty) { record, _ in
      if tool.isEmpty { tool = record.tool }
      return (record.info, record.row)
    }
    return ProfileFile(path: path, info: info, tool: tool, rows: rows)
  }
}

// MARK: Counts beside a run's times

extension ProfileFile {
  /// The profile's rows of the same case as `key` (domain, operation, kind
  /// layout, kinds and mode), any strategy, any size: a profile usually runs
  /// a smaller feed than the timing.
  public func rows(ofCase key: ResultKey) -> [ProfileRow] {
    rows.filter {
      $0.key.feed.domain == key.feed.domain && $0.key.operation == key.operation
        && $0.key.feed.distribution == key.feed.distribution && $0.key.feed.kinds == key.feed.kinds
        && $0.key.mode == key.mode
    }
  }

  /// The one size the counts for `key`'s case come from: `key`'s own size
  /// if profiled, else the largest size profiled; `nil` when the profile
  /// does not hold the case.
  public func size(for key: ResultKey) -> Int? {
    let sizes = Set(rows(ofCase: key).map(\.key.feed.size))
    return sizes.contains(key.feed.size) ? key.feed.size : sizes.max()
  }

  /// The counts of `key`'s strategy on its case, at `size(for:)`.
  public func row(for key: ResultKey) -> ProfileRow? {
    guard let size = size(for: key) else { return nil }
    return rows(ofCase: key).first { $0.key.strategy == key.strategy && $0.key.feed.size == size }
  }
}
