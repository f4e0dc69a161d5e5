import Foundation

/// Runs the built `dispatch-bench` executable, as a user would.
package enum Subprocess {
  package struct Result {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String
  }

  /// The executable beside the test bundle: SwiftPM builds it first because
  /// the test targets that run it (HarnessTests) depend on it.
  package static let executable: String = {
    let bundleDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    var candidates = [bundleDirectory.appendingPathComponent("dispatch-bench").path]
    for configuration in ["debug", "release"] {
      candidates.append("\(Fixtures.packageRoot)/.build/\(configuration)/dispatch-bench")
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
  }()

  /// Runs `dispatch-bench` with arguments and waits for it to exit.
  /// - Parameters:
  ///   - program: What to run instead of `dispatch-bench` (a shell, say).
  ///   - interruptWhen: Sends `signal` once what the process wrote to
  ///     standard error so far satisfies this: an interruption at a point
  ///     of the run, whatever the machine's speed.
  ///   - signalCount: How many times to send it then, 2 ms apart.
  package static func run(
    _ arguments: [String], currentDirectory: String? = nil, environment: [String: String]? = nil,
    program: String? = nil, interruptWhen: (@Sendable (String) -> Bool)? = nil,
    signal: Int32 = SIGINT, signalCount: Int = 1
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program ?? executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let currentDirectory {
      process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes while the process runs, so a full pipe cannot block it.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    let pid = process.processIdentifier
    DispatchQueue.global().async {
      if let interruptWhen {
        var interrupted = false
        while case let chunk = error.fileHandleForReading.availableData, !chunk.isEmpty {
          errorData += chunk
          if !interrupted && interruptWhen(String(decoding: errorData, as: UTF8.self)) {
            interrupted = true
            // Apart, so that the kernel does not merge them into one
            // pending signal before the process has taken the first.
            for number in 0..<signalCount {
              if number > 0 { usleep(2_000) }
              kill(pid, signal)
            }
          }
        }
      } else {
        errorData = error.fileHandleForReading.readDataToEndOfFile()
      }
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
