@testable import Statistics
import BenchmarkResults
import Foundation
import TestSupport
import Testing

/// Bad command lines, bad files, unwritable outputs and interruptions, each
/// as a user meets them: the built executable as a subprocess.
@Suite struct RobustnessTests {
  static let subcommands = ["run", "compare", "report", "profile", "dump", "new-strategy"]

  // MARK: Command line

  @Test(arguments: [
    ("run", "--formt"), ("compare", "--treshold"), ("report", "--forse"), ("profile", "--jobz"),
    ("dump", "--operatons"),
  ])
  func anUnknownFlagShowsTheUsageAndAGuess(subcommand: String, flag: String) throws {
    let result = try Subprocess.run([subcommand, flag, "x"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("unknown option '\(flag)' for '\(subcommand)'"))
    #expect(result.standardError.contains("did you mean"))
    #expect(result.standardError.contains("USAGE: dispatch-bench"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test(arguments: subcommands)
  func helpWorksBothWays(subcommand: String) throws {
    let viaHelp = try Subprocess.run(["help", subcommand])
    let viaFlag = try Subprocess.run([subcommand, "--help"])
    #expect(viaHelp.status == 0 && viaFlag.status == 0)
    #expect(viaHelp.standardOutput == viaFlag.standardOutput)
    #expect(viaHelp.standardOutput.contains("USAGE: dispatch-bench"))
    #expect(viaHelp.standardOutput.contains("EXAMPLES:"))
  }

  @Test(arguments: [
    (["help", "rnu"], "unknown subcommand 'rnu' (did you mean 'run'?)"),
    (["--verbose"], "unknown option '--verbose' for 'run'"),
    (["profile", "--jobs", "0"], #"--jobs: "0" is too small: the allowed range is 1…64"#),
    (["compare", "a.csv", "--threshold", "0"], #"--threshold: "0" is outside 0…1000"#),
    (["compare", "a.csv", "--samples", "a,b"], "must name one samples file per run file"),
    (["report", "a.csv", "b.csv", "--scaling", "results/reference/scaling"], "--scaling go with one run"),
    (["run", "--sizes", "100,abc"], #"--sizes: "abc" is not a whole number"#),
    (["run", "--quick", "--full"], "--quick and --full cannot be used together"),
  ])
  func badUsageExitsWith64BeforeAnyWork(arguments: [String], message: String) throws {
    let result = try Subprocess.run(arguments)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  @Test func aProfileSizeThatCannotFitIsRefusedWithTheEstimate() throws {
    let result = try Subprocess.run(
      [
        "profile", "--allow-debug-build", "--operations", "share.line", "--sizes", "40000000000",
        "--output", "/tmp/never-\(UUID()).csv",
      ], environment: ["PATH": "/nonexistent"])
    // Refused before valgrind is even looked for.
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains("would need about"))
  }

  // MARK: Feed files

  static func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID()).json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: [
    ("not json at all", "not valid JSON: line 1, column 1"),
    (#"{"feed": [{"kind": "poem", "id": "1"}]}"#, #"feed[0]: field "kind": unknown kind "poem""#),
    (
      #"{"feed": [{"kind": "memories", "id": "1", "year": "2013", "photoURL": "p", "caption": ""}]}"#,
      #"feed[0] (memories): field "year": expected a whole number, found a string"#
    ),
    (
      #"{"share": [{"kind": "user", "id": "1", "name": "A", "profileImageURL": "p", "followerCount": -3}]}"#,
      #"share[0] (user): field "followerCount": a count cannot be negative"#
    ),
    (
      #"{"share": [{"kind": "playlist", "id": "p", "name": "P", "coverImageURL": "c", "createdAt": 0, "user": {"id": "1", "name": "A", "profileImageURL": "p", "followerCount": 1}, "songs": [{"id": "1", "name": "S", "coverImageURL": "c", "playCount": 9223372036854775807, "createdAt": 0, "user": {"id": "1", "name": "A", "profileImageURL": "p", "followerCount": 1}}, {"id": "2", "name": "S", "coverImageURL": "c", "playCount": 1, "createdAt": 0, "user": {"id": "1", "name": "A", "profileImageURL": "p", "followerCount": 1}}]}]}"#,
      #"share[0] (playlist): field "songs[1].playCount": the songs' play counts sum past Int.max"#
    ),
  ])
  func aBadFeedFileForRunExitsWith65NamingTheItemAndField(text: String, message: String) throws {
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Subprocess.run(["run", "--feed", path, "--allow-debug-build", "--list"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("\(path): \(message)"), "\(result.standardError)")
    #expect(result.standardOutput.isEmpty)
  }

  @Test func aDirectoryIsNotAFeedFile() throws {
    let result = try Subprocess.run(["run", "--feed", "/tmp", "--list"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("/tmp: not a regular file"))
  }

  /// 100 MB of valid rows and one bad one at the end: refused whole, naming
  /// the last item; nothing is half-loaded or printed.
  @Test func aHundredMegabyteFileWithABadLastItem() throws {
    let row =
      #"{"kind": "plainText", "id": "f", "author": "Zoë", "text": "A post that is long enough to need two lines, and then a few more words."}"#
    let count = 100 * 1024 * 1024 / (row.utf8.count + 2)
    var text = "{\"feed\": [" + String(repeating: row + ", ", count: count)
    text += #"{"kind": "plainText", "id": "bad", "author": "a", "text": 7}]}"#
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Subprocess.run(["dump", "--feed", path, "--operations", "feed.height"])
    #expect(result.status == 65)
    #expect(
      result.standardError.contains(#"feed[\#(count)] (plainText): field "text": expected a string, found a number"#))
    #expect(result.standardOutput.isEmpty)
  }

  // MARK: Outputs

  @Test(arguments: [
    ("/nonexistent-directory/run.csv", "directory /nonexistent-directory does not exist"),
    ("/proc/run.csv", "cannot write /proc/run.csv"),
  ])
  func anUnwritableOutputExitsWith73BeforeAnyWork(output: String, message: String) throws {
    let result = try Subprocess.run(["run", "--quick", "--allow-debug-build", "--output", output])
    #expect(result.status == 73)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(!result.standardError.contains("dispatch-bench run:"), "work started")
  }

  /// A full disk, simulated by a file-size limit: the write fails, the
  /// temporary file is removed, nothing is left half-written, and the files
  /// already in the directory are untouched.
  @Test func aFailedWriteLeavesNothingBehind() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "earlier results\n".write(toFile: directory + "/earlier.csv", atomically: true, encoding: .utf8)
    let result = try Subprocess.run(
      [
        "-c",
        "ulimit -f 2; exec \"$0\" run --quick --allow-debug-build --operations feed.color --output \"$1\"",
        Subprocess.executable, directory + "/run.csv",
      ], program: "/bin/sh")
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("cannot write results"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["earlier.csv"])
    #expect(try String(contentsOfFile: directory + "/earlier.csv", encoding: .utf8) == "earlier results\n")
  }

  // MARK: Interruptions

  @Test(arguments: [SIGINT, SIGTERM])
  func anInterruptWritesThePartialResultsAndExits130(signal: Int32) throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "earlier results\n".write(toFile: directory + "/earlier.csv", atomically: true, encoding: .utf8)
    let output = directory + "/run.csv"
    // Interrupted once the progress says the second launch has begun
    // ("launch 2 of 4 (then adaptive)"), so the first launch's rows are in and three launches
    // of ten cases are still ahead: a point of the run, not a number of
    // seconds.
    let result = try Subprocess.run(
      [
        "run", "--allow-debug-build", "--operations",
        "share.line,share.wechat,share.facebook,share.instagram,share.mixed", "--sizes", "2000",
        "--output", output,
      ], interruptWhen: { $0.contains("launch 2 of 4 (then adaptive) [case") }, signal: signal)
    #expect(result.status == 130, "\(result.standardError)")
    let partial = output + ".partial"
    #expect(result.standardError.contains("wrote the"))
    #expect(result.standardError.contains(partial))
    #expect(!FileManager.default.fileExists(atPath: output))
    let table = try CSVReader.parse(try String(contentsOfFile: partial, encoding: .utf8))
    let complete = try #require(table.header.firstIndex(of: "complete"))
    #expect(!table.records.isEmpty)
    #expect(table.records.allSatisfy { $0.fields[complete] == "false" })
    // It is a run CSV that compare and report read.
    guard case .run(let file) = try Schema.load(partial) else {
      Issue.record("not a run")
      return
    }
    #expect(file.rows.count == table.records.count)
    #expect(try String(contentsOfFile: directory + "/earlier.csv", encoding: .utf8) == "earlier results\n")
  }

  /// The run the interruption tests stop once its second launch has begun.
  static func interruptedRun(
    output: String, signalCount: Int = 1
  ) throws -> Subprocess.Result {
    try Subprocess.run(
      [
        "run", "--allow-debug-build", "--operations", "share.line,share.wechat", "--sizes", "2000",
        "--output", output,
      ], interruptWhen: { $0.contains("launch 2 of 4 (then adaptive) [case") }, signal: SIGINT,
      signalCount: signalCount)
  }

  /// A second SIGINT, sent while the run finishes its sample for the first,
  /// exits at once with 130: no partial file is written, no message of one.
  /// (SIGINTs every 2 ms: two sent closer than the process is scheduled
  /// arrive as one.)
  @Test func aSecondInterruptExitsAtOnce() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/run.csv"
    let result = try Self.interruptedRun(output: output, signalCount: 20)
    #expect(result.status == 130, "\(result.standardError)")
    #expect(!result.standardError.contains("wrote the"), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
  }

  /// With `<output>.partial` there from an earlier interruption, the next
  /// is `<output>.2.partial`, then `.3.partial`; the earlier ones are kept.
  /// `report` reads a partial file, saying it is incomplete.
  @Test func aLaterInterruptWritesTheNextPartialNumberAndReportReadsIt() throws {
    let directory = try RunCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/run.csv"
    try "earlier partial\n".write(toFile: output + ".partial", atomically: true, encoding: .utf8)
    for number in [2, 3] {
      let result = try Self.interruptedRun(output: output)
      #expect(result.status == 130, "\(result.standardError)")
      let partial = "\(output).\(number).partial"
      #expect(result.standardError.contains("to \(partial) (marked complete=false)"), "\(result.standardError)")
      guard case .run(let file) = try Schema.load(partial) else {
        Issue.record("\(partial) is not a run")
        return
      }
      #expect(!file.rows.isEmpty)
    }
    #expect(try String(contentsOfFile: output + ".partial", encoding: .utf8) == "earlier partial\n")
    #expect(!FileManager.default.fileExists(atPath: output))

    let report = directory + "/report"
    let result = try Subprocess.run(["report", output + ".2.partial", "--output-dir", report])
    #expect(result.status == 0, "\(result.standardError)")
    let markdown = try String(contentsOfFile: report + "/report.md", encoding: .utf8)
    #expect(markdown.contains("share.line"), "\(markdown)")
    #expect(markdown.contains("**(interrupted: incomplete)**"), "\(markdown)")
  }
}
