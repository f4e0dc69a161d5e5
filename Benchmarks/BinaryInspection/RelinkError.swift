/// Why a release build cannot be relinked in another function order: each
/// case's message says what is missing and what to do about it.
package enum RelinkError: Error, Equatable, CustomStringConvertible {
  /// No llbuild manifest where SwiftPM writes it (the path looked at).
  case noManifest(String)
  /// The manifest has no command of that key.
  case noLinkCommand(key: String, manifest: String)
  /// The command is there, but its `args:` are not a JSON array of strings
  /// with an `-o`.
  case unreadableLinkCommand(key: String, manifest: String, reason: String)
  /// An object file the link command lists is not there.
  case missingObject(String)
  /// A file the link command lists as an object is not an x86-64 ELF file.
  case notAnObject(String)
  /// The objects were compiled without `-function-sections` (the one looked at).
  case noFunctionSections(String)
  /// No `ld.lld` in the directory of the `swiftc` the command runs.
  case noLLD(swiftc: String)
  /// lld reads a shuffle seed as 32 bits, with 0 and `UInt32.max` meaning
  /// something else.
  case invalidSeed(UInt64)
  /// The output's directory is not there, or cannot be made.
  case cannotCreate(String, reason: String)
  /// The linker driver could not be started.
  case cannotStart(String, reason: String)
  /// The link ran and failed: its layout's seed (0 for a link of no
  /// layout), its exit status, its first line of complaint, and where the
  /// rest of what it said is kept.
  case linkFailed(seed: UInt64, status: Int32, firstLine: String, log: String)

  package var description: String {
    let rebuild = "build with `swift build -c release`"
    switch self {
    case .noManifest(let path):
      // Also what a copy gets (a --static-swift-stdlib binary on a machine
      // without Swift): its build's objects and toolchain are not there.
      return "no SwiftPM build manifest at \(path), so this dispatch-bench is not in the build directory "
        + "that made it: relinking needs that build's objects and its toolchain's ld.lld (a copy, such as "
        + "a --static-swift-stdlib binary on a machine without Swift, cannot make layouts); \(rebuild) "
        + "first, and run that build's dispatch-bench"
    case .noLinkCommand(let key, let manifest):
      return "\(manifest) has no link command \"\(key)\": \(rebuild), which writes it, and run the executable it links"
    case .unreadableLinkCommand(let key, let manifest, let reason):
      return "the link command \"\(key)\" in \(manifest) cannot be read (\(reason)): \(rebuild) again"
    case .missingObject(let path):
      return "\(path), an object of the link command, is missing: \(rebuild) again"
    case .notAnObject(let path):
      return "\(path) is not an x86-64 ELF object: relinking needs a Linux x86-64 release build (\(rebuild))"
    case .noFunctionSections(let path):
      return "\(path) was compiled without function sections, so its functions cannot be reordered: "
        + "an incremental build can keep objects compiled before Package.swift asked for them, so remove "
        + "the build directory (`swift package clean`) and \(rebuild)"
    case .noLLD(let swiftc):
      return "no ld.lld beside \(swiftc): relinking needs the lld of the toolchain that built this "
        + "(swift.org's Linux toolchains have it in usr/bin)"
    case .invalidSeed(let seed):
      return "layout seed \(seed) is not in 1...\(UInt32.max - 1): lld reads a seed as 32 bits, "
        + "0 giving a random order and \(UInt32.max) the reverse"
    case .cannotCreate(let path, let reason):
      return "cannot create \(path) (\(reason)): give a directory that exists and can be written"
    case .cannotStart(let program, let reason):
      return "cannot start \(program) (\(reason)): is the toolchain that built this still installed?"
    case .linkFailed(let seed, let status, let firstLine, let log):
      let which = seed == 0 ? "linking" : "relinking with seed \(seed)"
      return "\(which) failed (linker exit status \(status)): \(firstLine); all it said is in \(log)"
    }
  }
}
