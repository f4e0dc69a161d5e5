/// The run CSV: one row per cell, every row carrying what it ran on.
///
/// Columns are documented in the README ("Results CSV"); a reader finds
/// them by name, so adding a column is not a break. `schemaVersion` changes
/// when a column's meaning does.
enum ResultsCSV {
  static let schemaVersion = Schema.runVersion

  static let columns = [
    "schema_version", "run_id", "timestamp_utc", "swift_version", "build_configuration",
    "build_flags", "os", "cpu_model", "cores", "seed", "command", "complete",
    "domain", "operation", "strategy", "size", "distribution", "kinds", "source", "schedule",
    "samples", "elements_per_sample",
    "min_ns", "p25_ns", "median_ns", "p75_ns", "p90_ns", "max_ns", "mean_ns", "stddev_ns",
    "mad_ns", "ci95_low_ns", "ci95_high_ns",
    "ratio_to_enum_switch", "ratio_to_floor",
    "element_stride_bytes", "footprint_bytes_per_element",
    "alloc_calls_per_element", "alloc_bytes_per_element",
    "cycles_per_element", "instructions_per_element", "branch_misses_per_element",
    "checksum", "suspect",
  ]

  static func document(_ results: RunResults) -> String {
    CSVWriter.document(header: columns, rows: results.cells.map { row($0, of: results) })
  }

  static func row(_ cell: CellResult, of results: RunResults) -> [String] {
    let s = cell.statistics
    let machine = results.machine
    return [
      schemaVersion, results.runID, results.timestamp, machine.swiftVersion,
      machine.buildConfiguration, machine.buildFlags, machine.operatingSystem, machine.cpuModel,
      String(machine.cores), String(results.seed), results.command, results.complete ? "true" : "false",
      cell.feed.domain.rawValue, cell.operation, cell.strategy, String(cell.feed.size),
      cell.feed.distribution, String(cell.feed.kinds), cell.feed.source, cell.schedule,
      String(s.count), String(cell.elementsPerSample),
      number(s.min), number(s.p25), number(s.median), number(s.p75), number(s.p90), number(s.max),
      number(s.mean), number(s.standardDeviation), number(s.medianAbsoluteDeviation),
      number(s.medianInterval.lowerBound), number(s.medianInterval.upperBound),
      cell.ratioToBaseline.map(ratio) ?? "", cell.ratioToFloor.map(ratio) ?? "",
      cell.elementStride.map { String($0) } ?? "n/a",
      cell.footprintBytesPerElement.map(number) ?? "n/a",
      cell.allocationsPerElement.map(number) ?? "n/a",
      cell.allocatedBytesPerElement.map(number) ?? "n/a",
      cell.cyclesPerElement.map(number) ?? "n/a",
      cell.instructionsPerElement.map(number) ?? "n/a",
      cell.branchMissesPerElement.map(number) ?? "n/a",
      hex(cell.checksum), cell.suspect ? "true" : "false",
    ]
  }

  /// Raw samples: one row per sample.
  static let sampleColumns = [
    "run_id", "domain", "operation", "strategy", "size", "distribution", "kinds", "source",
    "sample", "round", "elements_per_sample", "ns_per_element",
  ]

  static func samplesDocument(_ results: RunResults) -> String {
    var rows: [[String]] = []
    for cell in results.cells {
      let cellRounds = cell.rounds
      for (index, value) in cell.samples.enumerated() {
        rows.append([
          results.runID, cell.feed.domain.rawValue, cell.operation, cell.strategy,
          String(cell.feed.size), cell.feed.distribution, String(cell.feed.kinds), cell.feed.source,
          String(index), index < cellRounds.count ? String(cellRounds[index]) : "",
          String(cell.elementsPerSample), number(value),
        ])
      }
    }
    return CSVWriter.document(header: sampleColumns, rows: rows)
  }

  /// Nanoseconds with four significant digits after the point at most.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    let rounded = (value * 10_000).rounded() / 10_000
    return rounded == rounded.rounded() && abs(rounded) < 1e15
      ? String(Int(rounded)) : String(rounded)
  }

  static func ratio(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    return String((value * 10_000).rounded() / 10_000)
  }

  /// A 64-bit value as 16 lower-case hex digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
