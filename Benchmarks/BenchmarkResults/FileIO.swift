#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file operation failed: the path, and the system's reason.
public struct FileError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String
  /// `errno` when the system gave one.
  public var code: Int32?

  public init(path: String, reason: String, code: Int32?) {
    self.path = path
    self.reason = reason
    self.code = code
  }

  public var description: String { "\(path): \(reason)" }

  public static func system(_ path: String, _ action: String) -> FileError {
    let code = errno
    return FileError(path: path, reason: "\(action): \(String(cString: strerror(code)))", code: code)
  }
}

/// The whole text of a file, decoded as UTF-8 (invalid bytes replaced).
public func readText(_ path: String) throws(FileError) -> String {
  String(decoding: try readBytes(path), as: UTF8.self)
}

/// The whole content of a regular file.
public func readBytes(_ path: String) throws(FileError) -> [UInt8] {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { throw .system(path, "cannot open") }
  defer { close(descriptor) }
  var status = stat()
  guard fstat(descriptor, &status) == 0 else { throw .system(path, "cannot read") }
  guard (status.st_mode & S_IFMT) != S_IFDIR else {
    throw FileError(path: path, reason: "is a directory", code: EISDIR)
  }
  var bytes: [UInt8] = []
  if status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size)) }
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { continue }
      throw .system(path, "cannot read")
    }
    if count == 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}

public func fileExists(_ path: String) -> Bool {
  var status = stat()
  return lstat(path, &status) == 0
}

/// Whether two paths name one file: the same device and inode, so `a.csv`,
/// `./a.csv`, a symbolic link to it and a hard link all count; `false` when
/// either cannot be read.
public func sameFile(_ a: String, _ b: String) -> Bool {
  var first = stat()
  var second = stat()
  guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
  return first.st_dev == second.st_dev && first.st_ino == second.st_ino
}

public func isDirectory(_ path: String) -> Bool {
  var status = stat()
  return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
}

/// The directory part of a path (`.` for a bare file name).
public func directoryOf(_ path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  let directory = String(path[..<slash])
  return directory.isEmpty ? "/" : directory
}

/// Writes a file atomically: the content goes to a temporary file in the same
/// directory, is flushed to disk, then takes the final name in one step. A
/// crash or a full disk leaves either the old state or the whole new file,
/// never a half-written one; the temporary file is removed on failure.
///
/// - Parameter overwrite: Whether an existing file may be replaced. Without
///   it, an existing file is an error and is left untouched.
public func writeAtomically(_ text: String, to path: String, overwrite: Bool) throws(FileError) {
  let directory = directoryOf(path)
  guard isDirectory(directory) else {
    throw FileError(path: path, reason: "directory \(directory) does not exist", code: ENOENT)
  }
  if !overwrite && fileExists(path) {
    throw FileError(path: path, reason: "already exists (pass --force to overwrite)", code: EEXIST)
  }
  let temporary = "\(path).tmp-\(getpid())"
  let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
  guard descriptor >= 0 else { throw .system(path, "cannot create a file in \(directory)") }
  var succeeded = false
  defer {
    if !succeeded { unlink(temporary) }
  }
  if !writeFully(descriptor, text) {
    let error = FileError.system(path, "cannot write")
    close(descriptor)
    throw error
  }
  guard fsync(descriptor) == 0 else {
    let error = FileError.system(path, "cannot write")
    close(descriptor)
    throw error
  }
  guard close(descriptor) == 0 else { throw .system(path, "cannot write") }
  if overwrite {
    guard rename(temporary, path) == 0 else { throw .system(path, "cannot rename into place") }
  } else {
    // link fails if the name was taken meanwhile, so nothing is clobbered.
    guard link(temporary, path) == 0 else { throw .system(path, "cannot create") }
    unlink(temporary)
  }
  succeeded = true
}

/// The names in a directory, without `.` and `..`, sorted.
public func directoryEntries(_ path: String) throws(FileError) -> [String] {
  guard let directory = opendir(path) else { throw .system(path, "cannot list") }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != "." && name != ".." { names.append(name) }
  }
  return names.sorted()
}

/// Creates a directory if it does not exist.
public func makeDirectory(_ path: String) throws(FileError) {
  if isDirectory(path) { return }
  guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw .system(path, "cannot create directory") }
}

/// Writes all of `text` to a file descriptor, unbuffered, retrying after
/// interruptions; `false` (with `errno` set) when the system refuses.
@discardableResult
public func writeFully(_ descriptor: Int32, _ text: String) -> Bool {
  var text = text
  return text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return false }
      offset += written
    }
    return true
  }
}
