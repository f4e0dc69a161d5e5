import Foundation

/// Every file the generator writes, and how they compare with a package's.
public enum SyntheticGenerator {
  /// Every file the generator writes, by path from the package root, in order.
  public static var files: [(path: String, text: String)] {
    var files: [(path: String, text: String)] = []
    for pattern in SyntheticPattern.allCases {
      for kinds in SyntheticDomain.kindCounts {
        let source = SyntheticSource(pattern: pattern, kinds: kinds)
        files.append((source.path, source.text))
      }
    }
    files.append((SyntheticRegistrySource.path, SyntheticRegistrySource.text))
    files.append((EditCost.path, EditCost.csv))
    return files
  }

  /// What differs between the files and the package at `root`: the path of
  /// every file that is missing or different, and of every Swift file in a
  /// generated module that the generator does not write.
  public static func outOfDate(
    _ files: [(path: String, text: String)], root: String
  ) -> [String] {
    var problems: [String] = []
    for file in files {
      let committed = try? String(contentsOfFile: root + "/" + file.path, encoding: .utf8)
      if committed == nil {
        problems.append("\(file.path): missing")
      } else if committed != file.text {
        problems.append("\(file.path): out of date")
      }
    }
    for path in strayFiles(files, root: root) {
      problems.append("\(path): not generated; remove it")
    }
    return problems
  }

  /// Swift files the generator does not write in the modules it writes, at
  /// any depth: a module's directory holds its `generated/` folder alone.
  public static func strayFiles(_ files: [(path: String, text: String)], root: String) -> [String] {
    let generated = Set(files.map(\.path))
    let modules = Set(
      files.compactMap { file in
        file.path.firstRange(of: "/generated/").map { String(file.path[..<$0.lowerBound]) }
      })
    var stray: [String] = []
    for module in modules.sorted() {
      let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root + "/" + module)) ?? []
      for path in paths.sorted() where path.hasSuffix(".swift") {
        let path = module + "/" + path
        if !generated.contains(path) { stray.append(path) }
      }
    }
    return stray
  }

  /// Writes `files` under `root`, creating directories as needed; a file
  /// whose text is already right is left alone.
  public static func write(_ files: [(path: String, text: String)], root: String) throws {
    for file in files {
      let url = URL(fileURLWithPath: root + "/" + file.path)
      if (try? String(contentsOf: url, encoding: .utf8)) == file.text { continue }
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try file.text.write(to: url, atomically: true, encoding: .utf8)
    }
  }
}
