#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults

/// Relinks this release build's own objects in another function order.
///
/// Every Swift target is compiled with `-Xfrontend -function-sections`, so
/// each function is a `.text.<mangled name>` section of its own; `ld.lld
/// --shuffle-sections=.text.*=SEED` places those sections in an order drawn
/// from the seed. The machine code of every function is the same in every
/// layout; where it lies (its address, its loops' alignment to cache lines,
/// which branches alias in the predictor) is not. `run --layouts K` times K
/// such builds (Guides/Method.md, "Relinking in other function orders").
///
/// The link command is SwiftPM's own, read from its manifest (see
/// `Relink+Manifest.swift`), with three changes: the output, `-use-ld=lld`
/// (added when missing), and the shuffle. It also gets the build directory
/// as a run path, which the original finds as `$ORIGIN`, so that a layout
/// starts from any directory. (The initialisers are in an extension, so that
/// the tests also have the memberwise one.)
package struct Relink {
  /// The manifest's link command, `swiftc` first.
  package let arguments: [String]
  /// Where SwiftPM put the executable, its manifest and its objects.
  package let paths: BuildPaths
}

extension Relink {
  /// Finds the link command of the executable at `executable` (normally the
  /// running binary, `.build/<triple>/release/dispatch-bench`) in SwiftPM's
  /// manifest beside its build directory (`.build/release.yaml`), and checks
  /// that it can be run again: every object it lists is there, compiled
  /// with function sections, and `ld.lld` is beside its `swiftc`.
  /// - Throws: `RelinkError` naming the first of these that fails.
  package init(executable: String) throws(RelinkError) {
    paths = Self.buildPaths(of: executable)
    let text: String
    do { text = try readText(paths.manifest) } catch { throw .noManifest(paths.manifest) }
    arguments = try Self.linkArguments(inManifest: text, key: paths.key, manifest: paths.manifest)
    guard let output = arguments.firstIndex(of: "-o"), output + 1 < arguments.count else {
      throw .unreadableLinkCommand(key: paths.key, manifest: paths.manifest, reason: "it has no -o")
    }
    try Self.check(objects: try Self.objects(of: arguments), swiftc: arguments[0])
  }

  /// Refuses objects that are missing or lack function sections, and a
  /// `swiftc` without `ld.lld` beside it. One Swift object stands for all:
  /// Package.swift passes the flag to every Swift target alike.
  package static func check(objects: [String], swiftc: String) throws(RelinkError) {
    if let missing = objects.first(where: { access($0, F_OK) != 0 }) { throw .missingObject(missing) }
    guard access(directoryOf(swiftc) + "/ld.lld", X_OK) == 0 else { throw .noLLD(swiftc: swiftc) }
    guard let object = objects.first(where: { $0.hasSuffix(".swift.o") }) ?? objects.first else { return }
    let bytes: [UInt8]
    do { bytes = try readBytes(object) } catch { throw .missingObject(object) }
    guard let sections = ELFSections.read(bytes) else { throw .notAnObject(object) }
    guard ELFSections.haveFunctionSections(sections) else { throw .noFunctionSections(object) }
  }

  /// The link command that writes the layout of `seed` to `output`.
  package func arguments(seed: UInt64, output: String) -> [String] {
    var command = arguments
    if let index = command.firstIndex(of: "-o") { command[index + 1] = output }
    if !command.contains("-use-ld=lld") { command.append("-use-ld=lld") }
    return command + [
      "-Xlinker", "-rpath=\(paths.productsDirectory)", "-Xlinker", "--shuffle-sections=.text.*=\(seed)",
    ]
  }

  /// The link command that writes the objects, in their own order, to
  /// `output` with the Swift runtime inside (`-static-stdlib`): what
  /// `swift build --static-swift-stdlib` links from the same objects
  /// (`static-binary-check.sh --relink`, Guides/Platforms.md).
  package func staticArguments(output: String) -> [String] {
    var command = arguments
    if let index = command.firstIndex(of: "-o") { command[index + 1] = output }
    if !command.contains("-static-stdlib") { command.insert("-static-stdlib", at: 1) }
    return command
  }

  /// Relinks with `--shuffle-sections=.text.*=SEED` into `output`, whose
  /// directory must exist. What the linker says goes to `output.log`,
  /// removed when the link succeeds.
  /// - Complexity: One link, no compiling: about 0.4 s for dispatch-bench.
  package func relink(seed: UInt64, to output: String) throws(RelinkError) {
    guard seed > 0 && seed < UInt64(UInt32.max) else { throw .invalidSeed(seed) }
    try link(arguments(seed: seed, output: output), output: output, seed: seed)
  }

  /// Runs a link `command` (one of `arguments(seed:output:)` or
  /// `staticArguments(output:)`) that writes `output`, whose directory must
  /// exist; `seed` names the layout in its error, 0 for none.
  package func link(_ command: [String], output: String, seed: UInt64 = 0) throws(RelinkError) {
    guard isDirectory(directoryOf(output)) else {
      throw .cannotCreate(output, reason: "no directory \(directoryOf(output))")
    }
    let log = output + ".log"
    let status: Int32
    do {
      status = try Spawn.run(command, standardError: log)
    } catch {
      throw .cannotStart(command[0], reason: error.reason)
    }
    guard status == 0 else {
      let said = (try? readText(log)) ?? ""
      let first = said.split(separator: "\n").first { $0.contains("error") } ?? said.split(separator: "\n").first
      throw .linkFailed(seed: seed, status: status, firstLine: first.map(String.init) ?? "no message", log: log)
    }
    unlink(log)
  }

  /// Relinks each of `seeds` into `directory/layout-SEED/<executable's
  /// name>`, making the directories, and returns the binaries' paths in
  /// seed order.
  package func layouts(seeds: ClosedRange<Int>, in directory: String) throws(RelinkError) -> [String] {
    var binaries: [String] = []
    for seed in seeds {
      let layout = "\(directory)/layout-\(seed)"
      for path in [directory, layout] {
        do { try makeDirectory(path) } catch { throw .cannotCreate(path, reason: error.reason) }
      }
      let binary = "\(layout)/\(paths.product)"
      try relink(seed: UInt64(seed), to: binary)
      binaries.append(binary)
    }
    return binaries
  }
}
