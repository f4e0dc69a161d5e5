#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import BenchmarkEngine
import BinaryInspection
import CommandLineSupport

/// Everything `new-strategy` writes for a strategy, worked out from the
/// package's files before any is written: the new module (the template's
/// sources, renamed) and the three files that list the strategies:
/// Package.swift (from which the registries' lists are written at build
/// time), the synthetic generator, and the frozen build's attributes.
/// The synthetic generator, run after, writes the rest.
package struct Scaffold {
  package let root: String
  package let name: StrategyName
  package let template: StrategyName
  /// New files, by path from the package root.
  package let created: [(path: String, text: String)]
  /// Files that list the strategies, by path from the package root, with
  /// their new text.
  package let edited: [(path: String, text: String)]

  /// The new module's directory, from the package root.
  package var directory: String { "Sources/\(name.module)" }

  /// What the synthetic generator writes for the new pattern, from the
  /// package root: its module's directory (with a slash) and the synthetic
  /// registry. Not the edit costs under results/reference: a pattern written
  /// as its template has none of its own, and the generator leaves it out.
  package var generated: [String] {
    ["Sources/Synthetic/\(name.module)/", ScaffoldEdits.syntheticRegistry]
  }

  /// Plans the scaffold of `name` from the strategy named `templateName` (a
  /// registry name) in the package at `root`.
  package init(root: String, name: StrategyName, templateName: String) throws(ScaffoldError) {
    self.root = root
    self.name = name
    let manifest = try Self.read(ScaffoldEdits.manifest, in: root)
    let modules = try ScaffoldEdits.strategyModules(inManifest: manifest)
    let template = try Self.template(named: templateName, among: modules)
    self.template = template
    try Self.checkFree(name, manifest: manifest, modules: modules, template: template, root: root)

    let templateDirectory = "Sources/\(template.module)"
    var created: [(path: String, text: String)] = []
    for file in try Self.list(templateDirectory, in: root) where file.hasSuffix(".swift") {
      let text = try Self.read(templateDirectory + "/" + file, in: root)
      created.append(("Sources/\(name.module)/\(file)", ScaffoldEdits.copying(text, from: template, to: name)))
    }
    self.created = created

    func edit(_ path: String, _ change: (String) throws(ScaffoldError) -> String) throws(ScaffoldError) -> (
      path: String, text: String
    ) {
      (path, try change(try Self.read(path, in: root)))
    }
    edited = [
      try edit(ScaffoldEdits.manifest) { text throws(ScaffoldError) in
        try ScaffoldEdits.addingModule(name, toManifest: text)
      },
      try edit(ScaffoldEdits.generator) { text throws(ScaffoldError) in
        try ScaffoldEdits.addingPattern(name, writtenLike: template, toGenerator: text)
      },
      try edit(ScaffoldEdits.frozenAttributes) { text throws(ScaffoldError) in
        try ScaffoldEdits.addingFrozenAttributes(of: template, for: name, toList: text)
      },
    ]
  }

  /// Creates the module and rewrites the lists. A failure part-way leaves
  /// what was written; the message says so.
  package func write() throws(ScaffoldError) {
    do throws(FileError) {
      try makeDirectory(root + "/" + directory)
      for file in created {
        try writeAtomically(file.text, to: root + "/" + file.path, overwrite: false)
      }
      for file in edited {
        try writeAtomically(file.text, to: root + "/" + file.path, overwrite: true)
      }
    } catch {
      var failure = ScaffoldError.cannotWrite(error)
      failure.message += "; the scaffold is part-written: `git status` shows what it wrote"
      throw failure
    }
  }

  /// Runs the synthetic generator, which writes the pattern's module under
  /// Sources/Synthetic and the synthetic registry; its errors go to
  /// standard error. Compiled here with `swiftc`, not by SwiftPM: the
  /// manifest names the pattern's synthetic module now, whose directory the
  /// generator has yet to write, and SwiftPM loads no manifest with a
  /// target's directory missing.
  package func generate() throws(ScaffoldError) {
    let sources = try Self.list(ScaffoldEdits.generatorDirectory, in: root).filter { $0.hasSuffix(".swift") }
    let scratch: Scratch
    do {
      scratch = try Scratch()
    } catch {
      throw ScaffoldError(kind: .generatorFailed, message: "\(error.message): \(Self.rerun(in: root))")
    }
    defer { scratch.remove() }
    let program = scratch.path + "/generate-synthetic"
    let compile = ["swiftc", "-Onone", "-module-name", "generate_synthetic", "-o", program]
    try run(compile + sources.sorted().map { root + "/" + ScaffoldEdits.generatorDirectory + "/" + $0 }, "swiftc")
    try run([program], "the synthetic generator")
  }

  /// Runs one step of `generate()`, named `step` in its error.
  private func run(_ arguments: [String], _ step: String) throws(ScaffoldError) {
    let status: Int32
    do throws(FileError) {
      status = try Spawn.run(arguments, standardError: nil)
    } catch {
      throw ScaffoldError(kind: .generatorFailed, message: "cannot run \(step) (\(error)): \(Self.rerun(in: root))")
    }
    guard status == 0 else {
      throw ScaffoldError(
        kind: .generatorFailed, message: "\(step) exited with status \(status): \(Self.rerun(in: root))")
    }
  }

  /// What to type to run the generator once the scaffold is written, as
  /// `generate()` does.
  private static func rerun(in root: String) -> String {
    let program = "/tmp/generate-synthetic"
    return "the rest of the scaffold is written; run `swiftc -module-name generate_synthetic -o \(program) "
      + "\(ScaffoldEdits.generatorDirectory)/*.swift && \(program)` in \(root)"
  }

  // MARK: The package

  /// The package to scaffold in: `path`, or the nearest directory holding
  /// a Package.swift from the current directory up.
  package static func packageRoot(_ path: String?) throws(ScaffoldError) -> String {
    if let path {
      guard fileExists(path + "/" + ScaffoldEdits.manifest), let resolved = RunOptions.resolvedPath(path) else {
        throw .badInput("\(NewStrategyCommand.declared.packagePath.name): \"\(path)\" has no \(ScaffoldEdits.manifest)")
      }
      return resolved
    }
    guard var directory = RunOptions.resolvedPath(".") else {
      throw .badInput("cannot read the current directory; pass \(NewStrategyCommand.declared.packagePath.name)")
    }
    while !fileExists(directory + "/" + ScaffoldEdits.manifest) {
      guard directory != "/" else {
        throw .badInput(
          "no \(ScaffoldEdits.manifest) in the current directory or above it: "
            + "run in the package, or pass \(NewStrategyCommand.declared.packagePath.name)")
      }
      directory = directoryOf(directory)
    }
    return directory
  }

  private static func read(_ path: String, in root: String) throws(ScaffoldError) -> String {
    do throws(FileError) {
      return try readText(root + "/" + path)
    } catch {
      throw .cannotRead(error)
    }
  }

  private static func list(_ path: String, in root: String) throws(ScaffoldError) -> [String] {
    do throws(FileError) {
      return try directoryEntries(root + "/" + path)
    } catch {
      throw .cannotRead(error)
    }
  }

  /// The strategy of `strategyModules` named `name`.
  package static func template(named name: String, among modules: [String]) throws(ScaffoldError) -> StrategyName {
    let strategies = modules.map(StrategyName.init(existing:))
    guard let template = strategies.first(where: { $0.registryName == name }) else {
      let valid = strategies.map(\.registryName)
      var message = "\(NewStrategyCommand.declared.from.name): \"\(name)\" is not a strategy of this package"
      if let suggestion = Suggestion.closest(to: name, among: valid) { message += " (did you mean '\(suggestion)'?)" }
      throw .badInput(message + "; valid: \(valid.joined(separator: ", "))")
    }
    return template
  }

  /// Refuses a name the package has a use for already: a strategy, a
  /// reference row, a target or directory its modules would clash with, or
  /// a type of the model or the template that a module of that name would
  /// hide.
  package static func checkFree(
    _ name: StrategyName, manifest: String, modules: [String], template: StrategyName, root: String
  ) throws(ScaffoldError) {
    let another = "pick another name"
    if modules.contains(name.module) {
      throw .badInput("\(name.module) is already a strategy of this package (Sources/\(name.module)); \(another)")
    }
    if [StrategyID.floor.rawValue, StrategyID.null.rawValue].contains(name.registryName) {
      throw .badInput("\"\(name.registryName)\" names a reference row of every run; \(another)")
    }
    for path in ["Sources/\(name.module)", "Sources/Synthetic/\(name.module)"] where fileExists(root + "/" + path) {
      throw .badInput("\(path) already exists: remove it, or \(another)")
    }
    let sources = (try? directoryEntries(root + "/Sources")) ?? []
    let taken = Set(Self.identifierLiterals(in: manifest) + sources)
    let targets = taken.union(taken.map { "App" + $0 }).union(taken.map { "Synthetic" + $0 })
    for module in [name.module, name.appModule, name.syntheticModule] where targets.contains(module) {
      throw .badInput(
        "\(name.module) needs three modules (\(name.module), \(name.appModule), \(name.syntheticModule)), "
          + "and the package has, or makes, one named \(module) already; \(another)")
    }
    let typeSources = ["Sources/DispatchModel", "Sources/\(template.module)"]
    for directory in typeSources {
      for file in (try? directoryEntries(root + "/" + directory)) ?? [] where file.hasSuffix(".swift") {
        let text = (try? readText(root + "/" + directory + "/" + file)) ?? ""
        if Self.declaredTypes(in: text).contains(name.module) {
          throw .badInput(
            "\(directory)/\(file) declares a type \(name.module), "
              + "which a module of that name would hide; \(another) (example: \(name.module)Pattern)")
        }
      }
    }
  }

  /// The string literals of a manifest that are plain identifiers: its
  /// target and module names.
  package static func identifierLiterals(in manifest: String) -> [String] {
    manifest.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { !$0.isEmpty && $0.first!.isLetter && $0.allSatisfy(\.isIdentifierCharacter) }
  }

  /// The names a Swift source declares as types.
  package static func declaredTypes(in text: String) -> Set<String> {
    let words = text.split { !$0.isIdentifierCharacter }
    let introducers: Set<Substring> = ["class", "struct", "enum", "protocol", "typealias", "actor"]
    return Set(zip(words, words.dropFirst()).filter { introducers.contains($0.0) }.map { String($0.1) })
  }
}
