#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// Refuses, before any work, an output file that could not be written: a
/// missing or unwritable directory (tried by creating and removing a file in
/// it, since root may pass `access` on a read-only file system), or an
/// existing file without `force`. Exit status 73.
///
/// - Parameter creatingDirectory: Make the directory if it is missing (for
///   default paths such as `results/`).
package func checkOutput(_ path: String, force: Bool, creatingDirectory: Bool) throws(CommandError) {
  let directory = directoryOf(path)
  if creatingDirectory {
    do {
      // Every folder of a default path (results/local) may be missing where
      // the command runs, not only the last.
      let parts = directory.split(separator: "/", omittingEmptySubsequences: false)
      for end in parts.indices.dropFirst(parts.first == "" ? 1 : 0) {
        try makeDirectory(parts[...end].joined(separator: "/"))
      }
    } catch {
      throw CommandError("cannot write \(path): \(error)", exitStatus: ExitStatus.cannotCreate)
    }
  }
  guard isDirectory(directory) else {
    throw CommandError(
      "cannot write \(path): directory \(directory) does not exist", exitStatus: ExitStatus.cannotCreate)
  }
  if !force && fileExists(path) {
    throw CommandError(
      "\(path) already exists; pass --force to overwrite it, or --output another path",
      exitStatus: ExitStatus.cannotCreate)
  }
  let probe = "\(path).probe-\(getpid())"
  let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
  guard descriptor >= 0 else {
    throw CommandError(
      "cannot write \(path): \(String(cString: strerror(errno))) (directory \(directory))",
      exitStatus: ExitStatus.cannotCreate)
  }
  close(descriptor)
  unlink(probe)
}

/// Where a run or profile writes when no --output is given: a folder of the
/// user's own, ignored by git, apart from the reference results committed in
/// `results/`.
package let localResults = "results/local"
