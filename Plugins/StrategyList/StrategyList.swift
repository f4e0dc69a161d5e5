import Foundation
import PackagePlugin

/// Writes a registry's list of strategies from the registry target's own
/// dependencies, so that Package.swift's `strategyModules` is the one list:
/// adding a module there adds it to `Registry.strategies` and to
/// `AppModeRegistry`, in the same order, with no line to write in either.
///
/// A strategy module is a dependency with a `Strategy.swift` whose type is
/// the module's name and `Strategy` (`Naive` holds `NaiveStrategy`); its app
/// module is `App` and its name, whose `AppLoops` is the workload. The null
/// strategy (`NullStrategy`), a calibration and not a pattern, is left to
/// the registry, which names it apart. In the evolution builds it also
/// writes each strategy's conformance to the registry's `ClientStrategy`.
@main
struct StrategyList: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let dependencies = target.dependencies.compactMap { dependency -> SwiftSourceModuleTarget? in
      guard case .target(let module) = dependency else { return nil }
      return module as? SwiftSourceModuleTarget
    }
    let text: String
    switch target.name {
    case "StrategyRegistry":
      let modules = dependencies.filter(isStrategy).map(\.moduleName)
      text = header(imports: ["BenchmarkSupport"] + modules) + """
        extension Registry {
          /// Every strategy module the registry depends on, in Package.swift's order.
          static let listed: [RegisteredStrategy] = [
        \(modules.map { "    RegisteredStrategy(\($0)Strategy.self)," }.joined(separator: "\n"))
          ]
        }

        #if DISPATCH_BENCH_LIBRARY_EVOLUTION
        // Each strategy as a client app calls it (ClientStrategy.swift).
        \(modules.map { "extension \($0)Strategy: ClientStrategy {}" }.joined(separator: "\n"))
        #endif

        """
    case "AppModeRegistry":
      let strategies = Set(
        context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter(isStrategy).map(\.moduleName))
      let modules = dependencies.map(\.moduleName).filter { $0.hasPrefix("App") && strategies.contains(String($0.dropFirst(3))) }
      text = header(imports: ["BenchmarkSupport"] + modules) + """
        extension AppModeRegistry {
          /// Every app-mode module the registry depends on, in Package.swift's order.
          static let listed: [any AppModeWorkload.Type] = [
        \(modules.map { "    \($0).AppLoops.self," }.joined(separator: "\n"))
          ]
        }

        """
    default:
      throw Failure("\(target.name): StrategyList writes the lists of StrategyRegistry and AppModeRegistry only")
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Listed.swift")
    // Rewritten only when its text changes, so a build with the same list
    // compiles nothing again.
    let script = #"printf '%s' "$1" > "$2.new" && if cmp -s "$2.new" "$2"; then rm -f "$2.new"; else mv -f "$2.new" "$2"; fi"#
    return [
      .buildCommand(
        displayName: "Listing the strategies of \(target.name)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, "sh", text, output.path],
        outputFiles: [output])
    ]
  }

  /// A strategy module: a `Strategy.swift` of its own, and not the null
  /// strategy.
  private func isStrategy(_ module: SwiftSourceModuleTarget) -> Bool {
    module.moduleName != "NullStrategy"
      && module.sourceFiles(withSuffix: "swift").contains { $0.url.lastPathComponent == "Strategy.swift" }
  }

  private func header(imports: [String]) -> String {
    "// Written by the StrategyList plugin from Package.swift's strategyModules: do not edit.\n\n"
      + imports.map { "import \($0)\n" }.joined() + "\n"
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
