#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// Starting and waiting for child processes, without Foundation.
package enum Spawn {
  /// Starts `arguments[0]` (looked up in `PATH`) with extra environment
  /// variables, standard output and error going to the files given (or
  /// `/dev/null`; `nil` for standard error: this process's), and returns its
  /// process id.
  package static func start(
    _ arguments: [String], environment extra: [String: String] = [:],
    standardOutput: String = "/dev/null", standardError: String? = "/dev/null"
  ) throws(FileError) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, STDOUT_FILENO, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if let standardError {
      posix_spawn_file_actions_addopen(
        &actions, STDERR_FILENO, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }

    var environment: [String] = []
    var index = 0
    while let entry = environ[index] {
      let text = String(cString: entry)
      let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
      if extra[name] == nil { environment.append(text) }
      index += 1
    }
    environment += extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }

    var pid = pid_t()
    let status = withCStrings(arguments) { argv in
      withCStrings(environment) { envp in
        posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
      }
    }
    guard status == 0 else {
      errno = status
      throw .system(arguments[0], "cannot start")
    }
    return pid
  }

  /// Waits for any child and returns its id and exit status (128 + signal
  /// when it was killed).
  package static func waitAny() -> (pid: pid_t, status: Int32)? {
    var status: Int32 = 0
    while true {
      let pid = waitpid(-1, &status, 0)
      if pid < 0 {
        if errno == EINTR { continue }
        return nil
      }
      return (pid, exitStatus(status))
    }
  }

  /// Runs a command to completion and returns its exit status.
  package static func run(
    _ arguments: [String], environment: [String: String] = [:], standardOutput: String = "/dev/null",
    standardError: String? = "/dev/null"
  ) throws(FileError) -> Int32 {
    let pid = try start(
      arguments, environment: environment, standardOutput: standardOutput, standardError: standardError)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return -1 }
    }
    return exitStatus(status)
  }

  /// Whether a program is on `PATH`.
  package static func isAvailable(_ program: String) -> Bool {
    guard let path = getenv("PATH").map({ String(cString: $0) }) else { return false }
    return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
  }

  private static func exitStatus(_ status: Int32) -> Int32 {
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros in C.
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}

/// This executable's own path.
package func executablePath() -> String {
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard count > 0 else { return CommandLine.arguments[0] }
  return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
