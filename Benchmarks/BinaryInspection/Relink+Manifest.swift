#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import JSON
import CommandLineSupport

/// Reading the link command out of SwiftPM's llbuild manifest.
///
/// SwiftPM builds `.build/<triple>/<configuration>/<product>` from the
/// manifest `.build/<configuration>.yaml` (with `--build-path P`, `P/…`
/// alike), where the link is the command keyed
/// `"C.<product>-<triple>-<configuration>.exe"`, one line per property:
///
///     "C.dispatch-bench-x86_64-unknown-linux-gnu-release.exe":
///       tool: shell
///       …
///       args: ["/opt/swift/usr/bin/swiftc","-L",…,"-o","…/dispatch-bench",…]
///
/// `args` is the `swiftc` link command as a JSON array; its objects are in
/// `@…/Objects.LinkFileList`, one path a line.
extension Relink {
  /// Where the build of an executable keeps its manifest, and the key of
  /// its link command there.
  package struct BuildPaths: Equatable {
    package var manifest: String
    package var key: String
    /// The executable's name, `dispatch-bench`.
    package var product: String
    /// The directory of the executable and of the objects' `.build`
    /// directories: `.build/<triple>/<configuration>`.
    package var productsDirectory: String
  }

  /// The manifest and key SwiftPM uses for the executable at `executable`
  /// (a symbolic link such as `.build/release/dispatch-bench` followed).
  package static func buildPaths(of executable: String) -> BuildPaths {
    let resolved =
      realpath(executable, nil).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
      } ?? executable
    let products = directoryOf(resolved)
    let product = lastComponent(resolved)
    let configuration = lastComponent(products)
    let triple = lastComponent(directoryOf(products))
    let build = directoryOf(directoryOf(products))
    return BuildPaths(
      manifest: (build == "/" ? "" : build) + "/\(configuration).yaml",
      key: "C.\(product)-\(triple)-\(configuration).exe",
      product: product, productsDirectory: products)
  }

  /// The `args` of the command `key` in the text of an llbuild manifest.
  /// - Throws: `noLinkCommand` when there is no such command, or it has no
  ///   `args`; `unreadableLinkCommand` when they are not an array of strings.
  package static func linkArguments(inManifest text: String, key: String, manifest: String) throws(RelinkError)
    -> [String]
  {
    let heading = "\"\(key)\":"
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.first, line.trimmingSpaces != heading { lines = lines.dropFirst() }
    // The command's properties are the indented lines under its heading.
    for line in lines.dropFirst().prefix(while: { $0.hasPrefix("    ") }) {
      let property = line.trimmingSpaces
      guard property.hasPrefix("args:") else { continue }
      let value: JSONValue
      do {
        value = try JSONValue.parse(Array(property.dropFirst("args:".count).utf8))
      } catch {
        throw .unreadableLinkCommand(key: key, manifest: manifest, reason: "args: \(error)")
      }
      guard case .array(let items) = value, !items.isEmpty else {
        throw .unreadableLinkCommand(key: key, manifest: manifest, reason: "args is not a list")
      }
      return try items.map { item throws(RelinkError) in
        guard case .string(let argument) = item else {
          throw .unreadableLinkCommand(key: key, manifest: manifest, reason: "args holds \(item.typeDescription)")
        }
        return argument
      }
    }
    throw .noLinkCommand(key: key, manifest: manifest)
  }

  /// The object files a link command names: its `.o` arguments, and the
  /// lines of its `@` response files (SwiftPM's `Objects.LinkFileList`).
  package static func objects(of arguments: [String]) throws(RelinkError) -> [String] {
    var objects: [String] = []
    for argument in arguments.dropFirst() {
      if argument.hasSuffix(".o") {
        objects.append(argument)
      } else if argument.hasPrefix("@") {
        let list = String(argument.dropFirst())
        let text: String
        do { text = try readText(list) } catch { throw .missingObject(list) }
        objects += text.split(separator: "\n").map { unquoted(Substring($0.trimmingSpaces)) }.filter { !$0.isEmpty }
      }
    }
    return objects
  }

  /// A response file's line without the quotes the driver puts around a
  /// path with spaces (`"a b.o"`, with `\"` and `\\` inside).
  package static func unquoted(_ line: Substring) -> String {
    guard line.count >= 2, line.first == "\"", line.last == "\"" else { return String(line) }
    var result = ""
    var escaped = false
    for character in line.dropFirst().dropLast() {
      if !escaped && character == "\\" {
        escaped = true
        continue
      }
      result.append(character)
      escaped = false
    }
    return result
  }

  private static func lastComponent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
