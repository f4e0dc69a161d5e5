import Foundation
import TestSupport
import Testing

/// No file imports a module of ours it names nothing of: an import says what
/// a file stands on, and one that stands on nothing draws an arrow between
/// modules that the code does not need (`Reports` once depended on the
/// engine for a few constants, through imports most of its files did not
/// use). `ImportScan` says what counts as naming a module.
@Suite struct ImportsTests {
  /// A module of the package, and the sources that declare what it offers.
  struct Module {
    var name: String
    var sources: [String]
    /// A C module's public headers.
    var headers: [String] = []
  }

  /// Where Benchmarks/ keeps what is not a module of Package.swift: scripts,
  /// the fuzzer's own build, independent programs. Their Swift files are
  /// checked all the same.
  static let notModules: Set<String> = ["Scripts", "Fuzz", "Independent"]

  /// The module a file of `path` (from the package root) belongs to, by the
  /// layout Package.swift gives them: `Sources/<Name>`, `Benchmarks/<Name>`,
  /// `Sources/Synthetic/<Strategy>` for `Synthetic<Strategy>`, and a
  /// strategy's `Loops.swift` for `App<Strategy>`.
  static func module(of path: String) -> String? {
    let parts = path.split(separator: "/").map(String.init)
    guard parts.count >= 3 else { return nil }
    switch parts[0] {
    case "Sources" where parts[1] == "Synthetic": return parts.count >= 4 ? "Synthetic" + parts[2] : nil
    case "Sources" where parts.last == "Loops.swift": return "App" + parts[1]
    case "Sources": return parts[1]
    case "Benchmarks": return notModules.contains(parts[1]) ? nil : parts[1]
    default: return nil
    }
  }

  /// Every import in `files` of a module in `modules` whose file names none
  /// of the names the module offers, as `path:line: import Name`.
  ///
  /// A module offers the names its sources declare for others
  /// (`ImportScan.offered`), its own name (`AppNullStrategy.AppLoops`), and
  /// what it re-exports (`@_exported import`). An app-mode module also
  /// offers its strategy's and the model's names, which the AppModeSources
  /// plugin copies into it.
  static func strayImports(files: [(path: String, text: String)], modules: [Module]) -> [String] {
    let scans = Dictionary(uniqueKeysWithValues: files.map { ($0.path, ImportScan($0.text)) })
    var offered: [String: Set<String>] = [:]
    for module in modules {
      let names = ImportScan.offered(by: module.sources.compactMap { scans[$0] })
      offered[module.name] = names.union(module.headers.flatMap(ImportScan.offered(byHeader:))).union([module.name])
    }
    // Re-exports, until nothing more is added (a module's re-export may
    // re-export another).
    var changed = true
    while changed {
      changed = false
      for module in modules {
        let exported = module.sources.compactMap { scans[$0] }.flatMap(\.imports).filter(\.exported)
        for reexport in exported {
          guard let names = offered[reexport.module], !names.isSubset(of: offered[module.name] ?? []) else { continue }
          offered[module.name, default: []].formUnion(names)
          changed = true
        }
      }
    }
    return files.flatMap { path, _ in
      let scan = scans[path]!
      return scan.imports.filter { !$0.exported }.compactMap { used -> String? in
        guard let names = offered[used.module], scan.names.isDisjoint(with: names) else { return nil }
        return "\(path):\(used.line): import \(used.module)"
      }
    }
  }

  /// The package's Swift files under Benchmarks/ and Sources/, by path from
  /// the root, and its modules.
  static func package() throws -> (files: [(path: String, text: String)], modules: [Module]) {
    let root = Fixtures.packageRoot + "/"
    let paths = try ["Benchmarks", "Sources"].flatMap { try Fixtures.files(under: root + $0) }
      .map { String($0.dropFirst(root.count)) }.sorted()
    let files = try paths.filter { $0.hasSuffix(".swift") }.map {
      ($0, try String(contentsOfFile: root + $0, encoding: .utf8))
    }
    var modules: [String: Module] = [:]
    for path in paths {
      guard let name = module(of: path) else { continue }
      modules[name, default: Module(name: name, sources: [])].sources += path.hasSuffix(".swift") ? [path] : []
      if path.hasSuffix(".h") && path.contains("/include/") {
        modules[name]!.headers.append(try String(contentsOfFile: root + path, encoding: .utf8))
      }
    }
    // An app-mode module compiles its strategy's sources and the model's.
    for name in modules.keys where name.hasPrefix("App") && name != "AppModeRegistry" {
      let strategy = String(name.dropFirst("App".count))
      modules[name]!.sources += (modules[strategy]?.sources ?? []) + (modules["DispatchModel"]?.sources ?? [])
    }
    return (files, Array(modules.values))
  }

  @Test func everyImportNamesSomethingOfItsModule() throws {
    let (files, modules) = try Self.package()
    #expect(files.count > 100 && modules.contains { $0.name == "BenchmarkEngine" }, "found \(files.count) files")
    let stray = Self.strayImports(files: files, modules: modules)
    #expect(
      stray.isEmpty,
      "\(stray.count) imports of modules the file names nothing of; remove them:\n\(stray.joined(separator: "\n"))")
  }

  // MARK: The check itself

  static let library = Module(name: "Library", sources: ["Benchmarks/Library/Shelf.swift"])
  static let shelf = """
    package struct Shelf {
      package var books: [String]
      private var dust = 0
    }
    private struct Hidden {}
    extension Int {
      package var shelved: Int { self }
      private func hide() {}
    }
    extension Shelf {
      package var count: Int { books.count }
    }
    package func reshelve(_ shelf: Shelf) {}
    """

  static func stray(_ text: String) -> [String] {
    Self.strayImports(
      files: [("Benchmarks/Library/Shelf.swift", shelf), ("Benchmarks/Reader/Reader.swift", text)],
      modules: [library, Module(name: "Reader", sources: ["Benchmarks/Reader/Reader.swift"])])
  }

  @Test(arguments: [
    "import Library\nlet x = 1",
    "import Library\n// Shelf, in a comment\nlet x = \"reshelve\"",
    "import Library\nlet x = 1.books + 2.count",
    "import Library\nlet x = Hidden()",
    "import Library\nlet x = 2.dust",
  ])
  func findsAnImportOfNothing(_ text: String) {
    #expect(Self.stray(text) == ["Benchmarks/Reader/Reader.swift:1: import Library"], "\(text)")
  }

  @Test(arguments: [
    "import Library\nlet x: Shelf? = nil",
    "import Library\nlet x = 1.shelved",
    "import Library\nlet x = \"\\(reshelve)\"",
    "@_exported import Library",
    "import Library\nlet x = Library.Shelf.self",
    "import Foundation\nlet x = 1",
  ])
  func leavesAnImportOfSomethingAlone(_ text: String) {
    #expect(Self.stray(text).isEmpty, "\(text)")
  }

  @Test func aReexportOffersWhatItReexports() {
    let files = [
      ("Benchmarks/Library/Shelf.swift", Self.shelf), ("Benchmarks/Hall/Hall.swift", "@_exported import Library"),
      ("Benchmarks/Reader/Reader.swift", "import Hall\nlet x: Shelf? = nil"),
    ]
    let modules = [
      Self.library, Module(name: "Hall", sources: ["Benchmarks/Hall/Hall.swift"]),
      Module(name: "Reader", sources: ["Benchmarks/Reader/Reader.swift"]),
    ]
    #expect(Self.strayImports(files: files, modules: modules).isEmpty)
  }

  @Test func readsACModuleFromItsHeader() {
    let header =
      "typedef struct {\n  int count;\n} lib_counts;\nint lib_open(void);\nvoid lib_close(void (*f)(void));\n"
    #expect(ImportScan.offered(byHeader: header) == ["lib_counts", "lib_open", "lib_close"])
  }

  @Test func placesFilesInTheirModules() {
    #expect(Self.module(of: "Sources/Synthetic/EnumSwitch/Kinds8.swift") == "SyntheticEnumSwitch")
    #expect(Self.module(of: "Sources/EnumSwitch/Loops.swift") == "AppEnumSwitch")
    #expect(Self.module(of: "Sources/EnumSwitch/Share.swift") == "EnumSwitch")
    #expect(Self.module(of: "Benchmarks/Reports/Answer/Answer.swift") == "Reports")
    #expect(Self.module(of: "Benchmarks/Scripts/EmbeddedTiming/main.swift") == nil)
  }
}
