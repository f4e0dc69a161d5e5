// A libFuzzer target for the results reader: what compare and report read
// from files they did not write. Any input must end in a run, a profile or a
// ResultsError, never a crash. Built with the results module's sources by
// fuzz.sh, not by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    // Use what was read, as compare does.
    switch try Schema.parse(text, path: "fuzz.csv") {
    case .run(let file): _ = file.byKey.count
    case .profile(let file): _ = file.rows.count
    }
  } catch {
    // A refusal with a message is the right answer to a bad file.
    _ = error.message.count
  }
  return 0
}
