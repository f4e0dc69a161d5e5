// Writes the synthetic domain's sources, and what a change to them costs.
//
//   swift run generate-synthetic           # write them
//   swift run generate-synthetic --check   # exit 1 if out of date
//
// For each pattern, one module, `Sources/Synthetic/<Pattern>`, holds a file
// per number of kinds (2, 4, 8, 16, 32, 64), `generated/Kinds<N>.swift` (a
// folder named so, where a reader sees the code is generated), with the
// namespace `Kinds<N>`: N kinds, each a small value with a 64-bit payload,
// the operations of `SyntheticDomain.operations` written in the pattern's own
// idiom, and a `Workload` (BenchmarkSupport's `SyntheticWorkload`) whose
// loops the harness times (`SyntheticSource`, in a file per part).
// `Sources/SyntheticRegistry/generated/SyntheticRegistry.swift` lists them all
// (`SyntheticRegistrySource`). It also writes
// `results/reference/scaling/edit-cost.csv`: for each pattern, the lines a
// team adds and changes to add one kind (N to N+1) and one operation (M to
// M+1), counted by diffing this generator's own output (`EditCost`,
// `LineDiff`).
//
// `--check` renders everything in memory and compares it with the committed
// files; when any differ it writes the fresh set to a temporary directory,
// names every file that is out of date (or should not be there) and exits 1.
// The output is deterministic: no dates, files and lines in a fixed order.
// Exit statuses: 0 done or up to date, 1 out of date, 64 bad usage, 73 a
// file cannot be written.
//
// SyntheticTests import this module and call the generator and the line diff
// directly (a test target can import an executable's module; this file's
// top-level code never runs there).

import Foundation

/// The package root: this file is Benchmarks/generate-synthetic/main.swift.
let packageRoot = URL(fileURLWithPath: #filePath).standardizedFileURL
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: swift run generate-synthetic [--check]"
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
if let unknown = arguments.first(where: { $0 != "--check" }) {
  fail("error: unknown argument \(unknown)\n\(usage)", status: 64)
}

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(status)
}

/// Writes `files` under `root`, or exits 73 saying what could not be written.
func write(_ files: [(path: String, text: String)], root: String) {
  do {
    try SyntheticGenerator.write(files, root: root)
  } catch {
    fail("error: cannot write under \(root): \(error.localizedDescription)", status: 73)
  }
}

let files = SyntheticGenerator.files
if arguments.contains("--check") {
  let problems = SyntheticGenerator.outOfDate(files, root: packageRoot)
  if problems.isEmpty {
    print("generate-synthetic: \(files.count) files up to date")
    exit(0)
  }
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("generate-synthetic-\(ProcessInfo.processInfo.processIdentifier)").path
  write(files, root: scratch)
  var message = "error: the synthetic sources are out of date:\n"
  for problem in problems { message += "  \(problem)\n" }
  message += "The fresh files are in \(scratch); regenerate with\n"
  message += "  swift run generate-synthetic"
  fail(message, status: 1)
}

write(files, root: packageRoot)
for path in SyntheticGenerator.strayFiles(files, root: packageRoot) {
  do {
    try FileManager.default.removeItem(atPath: packageRoot + "/" + path)
  } catch {
    fail("error: cannot remove \(path): \(error.localizedDescription)", status: 73)
  }
  print("removed \(path)")
}
print("generate-synthetic: wrote \(files.count) files under \(packageRoot)")
