/// One timed sample of one row, with where it was taken: the launch
/// (process), the round within it, and the place in that round's order.
public struct RawSample: Equatable, Sendable {
  public var key: ResultKey
  /// The sample's index among its row's samples, in the order taken.
  public var index: Int
  /// The process it was taken in, from 0.
  public var launch: Int
  /// The round within its launch: every row of a case is timed once per
  /// round, so samples of one round pair.
  public var round: Int
  /// Its place in the round's shuffled order, from 0; -1 where unknown.
  public var position: Int
  public var elementsPerSample: Int
  public var nanosecondsPerElement: Double

  public init(
    key: ResultKey, index: Int, launch: Int = 0, round: Int, position: Int = -1, elementsPerSample: Int,
    nanosecondsPerElement: Double
  ) {
    self.key = key
    self.index = index
    self.launch = launch
    self.round = round
    self.position = position
    self.elementsPerSample = elementsPerSample
    self.nanosecondsPerElement = nanosecondsPerElement
  }
}

/// A samples row as the file holds it.
public struct SampleRecord: Sendable {
  public var runID: String
  public var sample: RawSample

  public init(runID: String, sample: RawSample) {
    self.runID = runID
    self.sample = sample
  }
}

/// Raw samples written by `run --samples`: what `compare --samples`
/// reads to pair rounds and test ranks.
public struct SamplesFile: Sendable {
  public var path: String
  public var runID: String
  public var samples: [ResultKey: [RawSample]]

  /// The CSV text of a run's samples.
  public static func document(runID: String, samples: [RawSample]) -> String {
    Schema.samples.document(samples.map { SampleRecord(runID: runID, sample: $0) })
  }

  /// Reads a samples CSV, refusing one that is not.
  public static func load(_ path: String) throws(ResultsError) -> SamplesFile {
    let columns = Schema.samples
    let table = try Schema.loadTable(path, columns: columns, hint: " (is this a samples CSV from run --samples?)")
    var runID = ""
    var samples: [ResultKey: [RawSample]] = [:]
    let empty = SampleRecord(
      runID: "",
      sample: RawSample(key: TimingRow.empty.key, index: 0, round: 0, elementsPerSample: 0, nanosecondsPerElement: 0))
    for record in table.records {
      let reader = try FieldReader(path: path, header: table.header, record: record)
      var read = try columns.read(empty, from: reader)
      if !reader.has("sample") { read.sample.index = samples[read.sample.key]?.count ?? 0 }
      if runID.isEmpty { runID = read.runID }
      samples[read.sample.key, default: []].append(read.sample)
    }
    return SamplesFile(path: path, runID: runID, samples: samples)
  }
}

extension Schema {
  /// Every column of the samples CSV, in file order.
  public static var samples: ColumnTable<SampleRecord> {
    ColumnTable(
      [.text("run_id", \.runID)] + keyColumns(\SampleRecord.sample.key) + [
        .integer("sample", \.sample.index),
        .integer("launch", \.sample.launch),
        .integer("round", \.sample.round),
        .integer("position", \.sample.position),
        .integer("elements_per_sample", \.sample.elementsPerSample),
        .number("ns_per_element", \.sample.nanosecondsPerElement, required: true),
      ])
  }
}
