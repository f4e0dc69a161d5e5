#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CommandLineSupport

/// A temporary directory, removed with everything in it.
package struct Scratch {
  package let path: String

  package init() throws(CommandError) {
    var template = Array("/tmp/dispatch-bench-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw CommandError("cannot create a temporary directory in /tmp", exitStatus: ExitStatus.cannotCreate)
    }
    path = String(cString: made)
  }

  /// A copy of this executable in the directory without its debug
  /// information (`objcopy --strip-debug`), symbols kept: valgrind 3.19
  /// cannot read the DWARF 5 Swift 6 emits. Returns its path.
  package func strippedCopy() throws(CommandError) -> String {
    let binary = "\(path)/dispatch-bench"
    do {
      guard try Spawn.run(["objcopy", "--strip-debug", executablePath(), binary]) == 0 else {
        throw CommandError("objcopy could not copy \(executablePath())", exitStatus: ExitStatus.software)
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError("cannot run objcopy: \(error)", exitStatus: ExitStatus.software)
    }
    return binary
  }

  package func remove() {
    guard let directory = opendir(path) else { return }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { unlink("\(path)/\(name)") }
    }
    closedir(directory)
    rmdir(path)
  }
}
