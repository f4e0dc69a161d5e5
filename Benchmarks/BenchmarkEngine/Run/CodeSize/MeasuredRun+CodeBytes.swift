import BenchmarkResults
import CommandLineSupport
import RunContract

extension MeasuredRun {
  /// Fills `code_bytes` from the binary alone: share and feed rows by their
  /// loops' direct calls (`direct-calls`), synthetic rows by name.
  package mutating func countCode(byDirectCalls code: CodeSize) {
    for index in rows.indices {
      let key = rows[index].key
      guard let bytes = code.bytes(of: key) else { continue }
      rows[index].codeBytes = bytes
      rows[index].codeBytesMethod = key.feed.domain == PlannedSynthetic.domain ? .generatedNames : .directCalls
    }
  }

  /// Replaces the share and feed rows' counts with what their loops called
  /// when run under callgrind (`CodeSizeProbe`); `false`, with a note or a
  /// warning, when that cannot run here or fails.
  package mutating func countCode(
    underCallgrind code: CodeSize, seed: UInt64, cores: Int, console: Console, note: (String) -> Void
  ) -> Bool {
    let probed = Set(
      rows.map(\.key).filter { !$0.strategy.isReference && $0.feed.isSpecDomain }
        .map { CodeSizeProbe.Key($0) })
    guard !probed.isEmpty else { return false }
    if let reason = CodeSizeProbe.unavailable() {
      note("note: \(reason), so code_bytes of share and feed rows counts direct calls only (a lower bound)")
      return false
    }
    let strategies = Set(probed.map(\.strategy)).count
    note(
      "finding the code each operation runs: "
        + "\(strategies.counted("strategy", plural: "strategies")) under callgrind")
    let measured: [CodeSizeProbe.Key: Int]
    do {
      measured = try CodeSizeProbe(code: code, seed: seed, jobs: max(1, cores)).measure(probed)
    } catch {
      console.errorLine(
        "warning: \(error.message)\ncode_bytes of share and feed rows counts direct calls only (a lower bound)")
      return false
    }
    for index in rows.indices {
      guard let bytes = measured[CodeSizeProbe.Key(rows[index].key)] else { continue }
      rows[index].codeBytes = bytes
      rows[index].codeBytesMethod = .callgrind
    }
    return !measured.isEmpty
  }
}

extension CodeSizeProbe.Key {
  /// The probe's key of a row.
  package init(_ key: ResultKey) {
    self.init(strategy: key.strategy.rawValue, mode: key.mode, operation: key.operation)
  }
}
