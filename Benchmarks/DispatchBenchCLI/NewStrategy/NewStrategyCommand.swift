import StrategyRegistry
import CommandLineSupport

/// `dispatch-bench new-strategy NAME`: a new strategy module, a copy of an
/// existing strategy under the new name, registered everywhere the package
/// lists strategies, so that it builds, passes parity and runs at once.
package struct NewStrategyCommand {
  package static let defaultTemplate = "protocol-getter"

  package static let spec = CommandSpec(
    name: "new-strategy",
    summary: "Add a strategy: a copy of an existing one under a new name, registered, ready to rewrite.",
    synopsis: "new-strategy NAME [--from STRATEGY] [--package-path PATH] [--dry-run]",
    positionals: 1...1, positionalName: "NAME",
    options: declared,
    discussion: """
      NAME is the module's name, UpperCamelCase (MyPattern); the strategy's
      name in runs is its words in kebab case (my-pattern). The command creates
      Sources/NAME, the template's five files with its names replaced; adds
      NAME to strategyModules in Package.swift (both registries are written
      from it at build time), to the synthetic generator's patterns (written
      as the template's) and to the evolution-frozen build's attributes (the
      template's, renamed); then runs the generator, which writes
      Sources/Synthetic/NAME and the synthetic registry. The copy builds,
      passes the parity tests once Tests/TestSupport/ExpectedStrategies.swift
      names it, and runs as it is; then write your own dispatch
      (Guides/Strategies.md, "Adding a strategy").
      Exit status: 0 done, 64 bad usage (a bad or taken name, an unknown
      template, no package), 65 a file of the package not as expected, 70
      the generator failed, 73 a file cannot be written.
      """,
    examples: [
      "dispatch-bench new-strategy MyPattern",
      "dispatch-bench new-strategy TaggedUnion --from enum-switch --dry-run",
    ])

  /// The options, each declared once with its type and default.
  package struct Options: OptionGroup {
    package let from = Option.value(
      "--from", "STRATEGY",
      """
      The strategy to copy (default: \(defaultTemplate), whose getters
      are the simplest to rewrite).
      Valid: \(Registry.names.joined(separator: ", ")).
      """,
      example: "--from enum-switch"
    ).default(defaultTemplate)
    package let packagePath = Option.value(
      "--package-path", "PATH",
      """
      The package to add it to (default: the nearest directory
      holding a Package.swift, from the current one up).
      """,
      example: "--package-path ~/dispatch-bench")
    package let dryRun = Option.flag("--dry-run", "Print what it would create and change, and write nothing.")
  }

  package static let declared = Options()

  package var name: StrategyName
  package var templateName: String
  package var packagePath: String?
  package var dryRun: Bool

  package init(_ parsed: ParsedArguments) throws(CommandError) {
    let arguments = parsed.reading(Self.declared)
    do throws(ScaffoldError) {
      name = try StrategyName(module: arguments.positionals[0])
    } catch {
      throw .usage("NAME: \(error.message)", command: Self.spec.name)
    }
    templateName = try arguments.from
    packagePath = try arguments.packagePath
    dryRun = try arguments.dryRun
  }

  package func run(console: Console) throws(CommandError) -> Int32 {
    do throws(ScaffoldError) {
      let scaffold = try Scaffold(
        root: try Scaffold.packageRoot(packagePath), name: name, templateName: templateName)
      if dryRun {
        console.line(summary(scaffold))
        return ExitStatus.success
      }
      try scaffold.write()
      try scaffold.generate()
      console.line(summary(scaffold))
      console.line(nextSteps(scaffold))
      return ExitStatus.success
    } catch {
      throw Self.commandError(error)
    }
  }

  /// What was (or would be) written, every path on a line of its own after
  /// two spaces, a directory's with a slash (scaffold-check.sh reads them).
  private func summary(_ scaffold: Scaffold) -> String {
    let (create, edit, write) = dryRun ? ("would create", "would edit", "would write") : ("created", "edited", "wrote")
    let files = scaffold.created.map { $0.path.split(separator: "/").last.map(String.init) ?? $0.path }
    var lines = [
      "\(name.registryName), a copy of \(scaffold.template.registryName): \(create)",
      "  \(scaffold.directory)/ (\(files.joined(separator: ", ")))",
      edit,
    ]
    lines += scaffold.edited.map { "  \($0.path)" }
    lines.append("and the synthetic generator \(write)")
    lines += scaffold.generated.map { "  \($0)" }
    return lines.joined(separator: "\n")
  }

  private func nextSteps(_ scaffold: Scaffold) -> String {
    """

    It builds, passes parity and runs as \(scaffold.template.registryName)'s copy once the
    parity tests expect it: add "\(name.registryName)" to the names in
    Tests/TestSupport/ExpectedStrategies.swift.
      swift build -c release
      swift test --filter "ParityTests|AppModeParityTests|SyntheticParityTests|GoldenTests"
      swift run -c release dispatch-bench run \
    --strategies \(scaffold.template.registryName),\(name.registryName) --quick
    Now write your dispatch in \(scaffold.directory) (Guides/Strategies.md, "Adding a strategy").
    """
  }

  /// The exit status of each kind of failure.
  package static func commandError(_ error: ScaffoldError) -> CommandError {
    switch error.kind {
    case .badInput: .usage(error.message, command: spec.name)
    case .badPackage: .dataError(error.message)
    case .cannotWrite: CommandError(error.message, exitStatus: ExitStatus.cannotCreate)
    case .generatorFailed: CommandError(error.message, exitStatus: ExitStatus.software)
    }
  }
}
