import CommandLineSupport

/// The scaffold's edits to the package's files, as functions of their text.
///
/// Each edit finds the list it extends by the line that opens it and adds one
/// line in the list's own indentation. It throws, naming the file and what to
/// add by hand, when that line is missing or already holds the name, so the
/// scaffold works out every edit before it writes any.
package enum ScaffoldEdits {
  package static let manifest = "Package.swift"
  /// The synthetic generator's program (Package.swift's `generate-synthetic`).
  package static let generatorDirectory = "Benchmarks/generate-synthetic"
  /// The generator's file that lists its patterns, which the scaffold edits.
  package static let generator = generatorDirectory + "/SyntheticPattern.swift"
  /// Written by the generator, not by an edit here.
  package static let syntheticRegistry = "Sources/SyntheticRegistry/generated/SyntheticRegistry.swift"
  /// The attributes the build matrix's `evolution-frozen` build adds to the
  /// model and each strategy (Guides/Builds.md), by file.
  package static let frozenAttributes = "Benchmarks/Scripts/frozen-attributes.txt"

  // MARK: Package.swift

  /// The modules of `let strategyModules = [...]`, in order.
  package static func strategyModules(inManifest text: String) throws(ScaffoldError) -> [String] {
    let lines = TextLines(text)
    let list = try lines.list(openedBy: "let strategyModules = [", file: manifest)
    return lines.lines[(list.open + 1)..<list.close].compactMap { line in
      let trimmed = line.trimmingSpaces
      guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
      return String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
    }
  }

  /// `"MyPattern",` at the end of `strategyModules`: its module, its app mode
  /// and its synthetic module follow from that list, and so do both
  /// registries' lists (the StrategyList plugin writes them from it).
  package static func addingModule(_ name: StrategyName, toManifest text: String) throws(ScaffoldError) -> String {
    guard try !strategyModules(inManifest: text).contains(name.module) else {
      throw .badPackage(manifest, "strategyModules already lists \"\(name.module)\"")
    }
    var lines = TextLines(text)
    try lines.append("\"\(name.module)\",", toListOpenedBy: "let strategyModules = [", file: manifest)
    return lines.text
  }

  // MARK: The synthetic generator

  package static let patternEnum = "public enum SyntheticPattern: String, CaseIterable, Sendable {"
  package static let writtenLike = "public static let writtenLike: [SyntheticPattern: SyntheticPattern] = "

  /// The registry names of the generator's patterns, in order.
  package static func syntheticPatterns(inGenerator text: String) throws(ScaffoldError) -> [String] {
    let lines = TextLines(text)
    return try lines.caseLines(of: patternEnum, file: generator).map { line in
      // `case naive`, or `case protocolGetter = "protocol-getter"`.
      let declaration = line.trimmingSpaces.dropFirst("case ".count)
      guard let quote = declaration.firstIndex(of: "\"") else { return String(declaration) }
      return String(declaration[declaration.index(after: quote)...].prefix { $0 != "\"" })
    }
  }

  /// The pattern's case at the end of `SyntheticPattern`, and an entry in
  /// `writtenLike` that has the generator write it as the template's
  /// pattern, so that its synthetic module compiles and passes parity as a
  /// copy of the template's.
  package static func addingPattern(
    _ name: StrategyName, writtenLike template: StrategyName, toGenerator text: String
  ) throws(ScaffoldError) -> String {
    let patterns = try syntheticPatterns(inGenerator: text)
    guard !patterns.contains(name.registryName) else {
      throw .badPackage(generator, "SyntheticPattern already has \(name.registryName)")
    }
    guard patterns.contains(template.registryName) else {
      throw .badPackage(generator, "SyntheticPattern has no \(template.registryName) to write \(name.registryName) as")
    }
    var lines = TextLines(text)
    let last = try lines.caseLines(of: patternEnum, file: generator).indices.last!
    lines.lines.insert("  case \(name.caseName) = \"\(name.registryName)\"", at: last + 1)

    let entry = ".\(name.caseName): .\(template.caseName),"
    guard let index = lines.lines.firstIndex(where: { $0.trimmingSpaces.hasPrefix(writtenLike) }) else {
      throw .badPackage(generator, "no line \"\(writtenLike)…\" to add \(entry) to")
    }
    let line = lines.lines[index]
    if line.hasSuffix("[:]") {
      let indent = String(line.prefix { $0 == " " })
      lines.lines.replaceSubrange(
        index...index, with: [String(line.dropLast(2)), indent + "  " + entry, indent + "]"])
    } else {
      try lines.append(entry, toListOpenedBy: writtenLike + "[", file: generator)
    }
    return lines.text
  }

  // MARK: The frozen build's attributes

  /// The template's sections of the frozen build's list, renamed as its
  /// sources are, after the template's last: the copy is then written for
  /// speed in that build as its template is, declaration for declaration.
  package static func addingFrozenAttributes(
    of template: StrategyName, for name: StrategyName, toList text: String
  ) throws(ScaffoldError) -> String {
    var lines = TextLines(text)
    let sections = frozenSections(in: lines.lines)
    let own = "Sources/\(name.module)/"
    guard !sections.contains(where: { lines.lines[$0.lowerBound].hasPrefix(own) }) else {
      throw .badPackage(frozenAttributes, "it already lists files under \(own)")
    }
    let copied = sections.filter { lines.lines[$0.lowerBound].hasPrefix("Sources/\(template.module)/") }
    guard let last = copied.last else {
      throw .badPackage(frozenAttributes, "it lists no file under Sources/\(template.module)/ to copy")
    }
    let copy = copied.flatMap { [""] + lines.lines[$0].map { renaming($0, from: template, to: name) } }
    lines.lines.insert(contentsOf: copy, at: last.upperBound)
    return lines.text
  }

  /// The list's sections, by line: a file's line (at the margin) and the
  /// indented lines under it.
  static func frozenSections(in lines: [String]) -> [Range<Int>] {
    lines.indices.filter { lines[$0].hasSuffix(".swift") && lines[$0].first?.isLetter == true }.map { start in
      let end = lines[(start + 1)...].firstIndex { !$0.hasPrefix(" ") } ?? lines.count
      return start..<end
    }
  }
}
