/// The versions and shared column names of the CSV files the package writes
/// and reads, in one place so that readers need nothing else (the CSV
/// fuzzer compiles the readers alone).
enum Schema {
  /// The run CSV's version: 2 added the allocation and hardware columns.
  static let runVersion = "2"
  /// Run CSV versions `compare` and `report` read.
  static let readableRunVersions: Set<String> = ["1", runVersion]
  /// The profile CSV's version.
  static let profileVersion = "1"
  /// The profile CSV's counts, in column order.
  static let profileMetricColumns = [
    "instructions_per_element", "conditional_branches_per_element",
    "conditional_mispredicts_per_element", "indirect_branches_per_element",
    "indirect_mispredicts_per_element", "retains_per_element", "releases_per_element",
    "allocations_per_element", "frees_per_element",
  ]
}
