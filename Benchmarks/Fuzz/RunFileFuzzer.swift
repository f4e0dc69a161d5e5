// A libFuzzer target for the run-CSV reader: what compare and report read
// from files they did not write. Any input must end in a RunFile or a
// CommandError, never a crash. Built and run by fuzz.sh, not by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let file = try RunFile.parse(text, path: "fuzz.csv")
    // Use what was read, as compare does.
    _ = file.byKey.count
  } catch {
    // A refusal with a message is the right answer to a bad file.
    _ = error.message.count
  }
  return 0
}
