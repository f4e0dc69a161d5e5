import Foundation
import PackagePlugin

/// Gives an app-mode target the sources of the strategy it shares a directory
/// with, and of every target that strategy depends on (the model), so that
/// the strategy, the model and the target's own loops compile as one module,
/// as an app compiles its view controller, its dispatch and its models. A
/// target the app target depends on itself (the JSON parser) is linked, not
/// copied.
///
/// The sources stay written once: each is copied at build time with `sed`,
/// one command per file so that an edit recopies that file alone, and a
/// copy whose text is unchanged is left as it was. In a copy,
/// `import` of a copied module becomes a comment (that module is this one),
/// keeping every line where it was, and a `#sourceLocation` directive points
/// diagnostics and debug information at the original file.
///
/// An app target's own sources are the files its strategy target excludes
/// (its `Loops.swift`); the strategy is the other target with the same
/// directory.
@main
struct AppModeSources: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard
      // `directory`, not `directoryURL`, which needs tools version 6.1.
      let strategy = context.package.targets.first(where: {
        $0.name != target.name && $0.directory == target.directory
      }) as? SwiftSourceModuleTarget
    else {
      throw Failure(
        "\(target.name): no other Swift target has its directory; "
          + "an app-mode target's path must be its strategy's")
    }
    // What the app target depends on itself is linked, not copied.
    let linked = Set(target.recursiveTargetDependencies.map(\.name))
    let copied = ([strategy] + strategy.recursiveTargetDependencies)
      .filter { !linked.contains($0.name) }
      .compactMap { $0 as? SwiftSourceModuleTarget }
    // The copy replaces the output only when its text changed: the debug
    // and release builds share this plugin's outputs, and a rewrite with
    // the same text would still make the other configuration recompile
    // every app module (the first `swift run -c release` after `swift test`
    // rebuilt for three minutes).
    let script =
      #"{ printf '#sourceLocation(file: "%s", line: 1)\n' "$3" && sed "$4" "$1"; } > "$2.new" && "#
      + #"if cmp -s "$2.new" "$2"; then rm -f "$2.new"; else mv -f "$2.new" "$2"; fi"#
    let edits = copied.map { sedEdits(copying: $0.moduleName, into: target.name) }.joined(separator: ";")

    return copied.flatMap { module in
      module.sourceFiles(withSuffix: "swift").map { file in
        let name = file.url.lastPathComponent
        // Prefixed, since a module cannot hold two files of the same name.
        let output = context.pluginWorkDirectoryURL.appending(path: "\(module.name).\(name)")
        return Command.buildCommand(
          displayName: "Copying \(module.name)/\(name) into \(target.name)",
          executable: URL(fileURLWithPath: "/bin/sh"),
          arguments: ["-c", script, "sh", file.url.path, output.path, swiftLiteral(file.url.path), edits],
          inputFiles: [file.url],
          outputFiles: [output])
      }
    }
  }

  /// The `sed` commands that make a copied module's sources compile inside
  /// `target`, line for line: `import module` (with any access modifier,
  /// alone on its line) becomes a comment, and `module.name` (a strategy
  /// calling its own free function past a static of the same name, as in
  /// `Naive.makeCell(reuseIdentifier:)`) becomes `target.name`.
  private func sedEdits(copying module: String, into target: String) -> String {
    let modifiers = #"\(@_exported \|public \|package \|internal \)\{0,1\}"#
    return #"s/^\#(modifiers)import \#(module)[[:space:]]*$/\/\/ app mode: & (compiled into this module)/;"#
      + #"s/\(^\|[^[:alnum:]_.]\)\#(module)\./\1\#(target)./g"#
  }

  /// The path as it goes between the quotes of a Swift string literal.
  private func swiftLiteral(_ path: String) -> String {
    path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
