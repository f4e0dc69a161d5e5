@testable import Statistics
import BenchmarkResults
import DispatchModel
import Foundation
import Testing

/// The run-CSV reader never crashes: valid files, mutated at random, are
/// either read or refused with a message and exit status 65. (A crash would
/// take the test process down, so reaching the end is the assertion.)
/// Benchmarks/Fuzz/fuzz.sh does the same with libFuzzer, for longer.
@Suite struct CSVMutationTests {
  static let valid: [String] = {
    var info = SampleRuns.info
    info.schemaVersion = Schema.profileVersion
    let counts: [Double] = [59, 8, 1, 1, 0, 0, 1, 0, 0]
    let row = ProfileRow(
      key: SampleRuns.feed(size: 10).key("feed.color", "naive"),
      counts: Dictionary(uniqueKeysWithValues: zip(ProfileMetric.all, counts)))
    return [
      SampleRuns.results().document, ProfileFile.document(info: info, tool: "valgrind", rows: [row]),
    ]
  }()

  enum Mutation: CaseIterable {
    case truncate, flipBytes, dropColumn, reorderColumns, duplicateColumn, swapLines, insertQuote,
      insertLineBreak, emptyField
  }

  /// Applies a mutation; byte-level ones may leave invalid UTF-8, which is
  /// read as replacement characters, as a file would be.
  static func mutate(_ text: String, _ mutation: Mutation, _ random: inout SplitMix64) -> String {
    var bytes = Array(text.utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func fields(_ line: String) -> [String] {
      (try? CSVReader.parse(line + "\n").header) ?? line.split(separator: ",").map(String.init)
    }
    switch mutation {
    case .truncate:
      bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
    case .flipBytes:
      for _ in 0..<random.draw(1...8) where !bytes.isEmpty {
        bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
      }
    case .dropColumn, .reorderColumns, .duplicateColumn:
      let table = lines.filter { !$0.isEmpty }.map(fields)
      guard let width = table.first?.count, width > 1 else { return text }
      var order = Array(0..<width)
      switch mutation {
      case .dropColumn: order.remove(at: random.below(width))
      case .duplicateColumn: order.insert(random.below(width), at: random.below(width))
      default: order.shuffle(using: &random)
      }
      return table.map { row in
        CSVWriter.record(order.map { $0 < row.count ? row[$0] : "" })
      }.joined()
    case .swapLines:
      var lines = lines
      if lines.count > 2 { lines.swapAt(random.below(lines.count), random.below(lines.count)) }
      return lines.joined(separator: "\n")
    case .insertQuote, .insertLineBreak:
      let insert: [UInt8] = mutation == .insertQuote ? [0x22] : [0x0D, 0x0A]
      bytes.insert(contentsOf: insert, at: random.below(bytes.count + 1))
    case .emptyField:
      let table = lines.filter { !$0.isEmpty }.map(fields)
      guard table.count > 1 else { return text }
      var rows = table
      let row = 1 + random.below(rows.count - 1)
      if !rows[row].isEmpty { rows[row][random.below(rows[row].count)] = "" }
      return rows.map(CSVWriter.record).joined()
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What a file holds, to compare a mutated file's reading with the
  /// original's: its rows' keys and medians (or counts), in order.
  static func contents(_ contents: Schema.Contents) -> [String] {
    switch contents {
    case .run(let file): file.rows.map { "\($0.key) \($0.median)" }
    case .profile(let file): file.rows.map { "\($0.key) \($0.counts.sorted { $0.key.column < $1.key.column })" }
    }
  }

  @Test(arguments: Mutation.allCases)
  func mutatedRunsAreReadOrRefusedNeverACrash(mutation: Mutation) throws {
    var random = SplitMix64(seed: UInt64(try #require(Mutation.allCases.firstIndex(of: mutation))) + 1)
    var refused = 0
    var refusedText: String?
    for round in 0..<120 {
      let original = Self.valid[round % Self.valid.count]
      let text = Self.mutate(original, mutation, &random)
      do throws(ResultsError) {
        let read = try Schema.parse(text, path: "mutated.csv")
        switch read {
        case .run(let file): #expect(!file.rows.isEmpty)
        case .profile(let file): #expect(!file.rows.isEmpty)
        }
        let expected = Self.contents(try Schema.parse(original, path: "original.csv"))
        switch mutation {
        // The reader finds columns by name: reordered, the file says the same.
        case .reorderColumns: #expect(Self.contents(read) == expected, "round \(round)")
        // Two rows swapped, or nothing: the same rows, perhaps in another order.
        case .swapLines: #expect(Self.contents(read).sorted() == expected.sorted(), "round \(round)")
        default: break
        }
      } catch {
        refused += 1
        refusedText = refusedText ?? text
        #expect(error.message.hasPrefix("mutated.csv"), "\(error.message)")
      }
    }
    // The mutations bite: most of them are refused. Reordered columns never
    // are; lines swapped are when the header moves.
    if mutation == .reorderColumns {
      #expect(refused == 0)
    } else {
      #expect(refused > 0, "\(mutation) never made a file the reader refused")
    }
    // A refused file is refused by the command line with exit status 65, as
    // Guides/BadInput.md promises.
    if let refusedText {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("mutated-\(UUID()).csv").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      try refusedText.write(toFile: path, atomically: true, encoding: .utf8)
      let result = InProcess.main(["compare", path])
      #expect(result.status == 65, "\(mutation): compare exited \(result.status): \(result.errors)")
    }
  }
}
