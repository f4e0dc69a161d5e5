import BenchmarkEngine

/// The strategy's sources: the template's files, renamed and marked as scaffolded.
extension ScaffoldEdits {
  /// A source file of the template, as the new strategy's: the template's
  /// module, its strategy type and its app module renamed wherever they are a
  /// whole identifier, and its registry name wherever it is a whole word; in
  /// the file declaring the strategy type, a doc comment and `mechanism`
  /// that say whose code it still is.
  package static func copying(_ text: String, from template: StrategyName, to name: StrategyName) -> String {
    markingScaffold(renaming(text, from: template, to: name), name: name, template: template)
  }

  /// `text` with the template's module, strategy type and app module
  /// renamed wherever they are a whole identifier, and its registry name
  /// wherever it is a whole word.
  package static func renaming(_ text: String, from template: StrategyName, to name: StrategyName) -> String {
    let renames = [
      template.module: name.module, template.strategyType: name.strategyType, template.appModule: name.appModule,
    ]
    var copy = ""
    var word = ""
    func flush() {
      copy += renames[word] ?? word
      word = ""
    }
    for character in text {
      if character.isIdentifierCharacter {
        word.append(character)
      } else {
        flush()
        copy.append(character)
      }
    }
    flush()
    return copy.replacingWord(template.registryName, with: name.registryName)
  }

  /// The first line of the paragraph a scaffold puts on the strategy type.
  package static func scaffoldMark(_ name: StrategyName) -> String {
    "/// \(name.registryName): scaffolded by `dispatch-bench new-strategy` from"
  }

  /// Opens the strategy type's doc comment with a paragraph saying whose
  /// code this is (replacing the template's own such paragraph, if it was
  /// scaffolded too), and starts its `mechanism` with the same.
  private static func markingScaffold(_ text: String, name: StrategyName, template: StrategyName) -> String {
    var lines = TextLines(text)
    guard
      let declaration = lines.lines.firstIndex(where: { $0.contains("enum \(name.strategyType): DispatchStrategy") })
    else { return text }
    var start = declaration
    while start > 0 && lines.lines[start - 1].hasPrefix("///") { start -= 1 }
    if lines.lines[start].hasPrefix(scaffoldMark(name)),
      let end = lines.lines[start..<declaration].firstIndex(of: "///")
    {
      lines.lines.removeSubrange(start...end)
    }
    let paragraph = wrapped(
      "\(name.registryName): scaffolded by `dispatch-bench new-strategy` from \(template.registryName), "
        + "whose code it still is and whose description follows. Write the pattern's own dispatch in this module's "
        + "files, then say here how one element is dispatched (Guides/Strategies.md, \"Adding a strategy\").")
    lines.lines.insert(contentsOf: paragraph + ["///"], at: start)

    // The one-line mechanism, in reports: its string literal starts with
    // whose code it is.
    guard let mechanism = lines.lines.firstIndex(where: { $0.contains("static let mechanism =") }) else {
      return lines.text
    }
    let literal = lines.lines[mechanism].contains("\"") ? mechanism : mechanism + 1
    guard literal < lines.lines.count, let quote = lines.lines[literal].firstIndex(of: "\"") else {
      return lines.text
    }
    var rest = lines.lines[literal][lines.lines[literal].index(after: quote)...]
    if rest.hasPrefix("scaffolded from "), let colon = rest.firstRange(of: ": ") {
      rest = rest[colon.upperBound...]
    }
    lines.lines[literal] = String(lines.lines[literal][...quote]) + "scaffolded from \(template.registryName): " + rest
    return lines.text
  }

  /// `text` as `///` lines of at most 80 columns.
  private static func wrapped(_ text: String) -> [String] {
    var lines: [String] = []
    var current = "///"
    for word in text.split(separator: " ") {
      if current.count + 1 + word.count > 80, current != "///" {
        lines.append(current)
        current = "///"
      }
      current += " " + word
    }
    return lines + [current]
  }
}

extension Character {
  /// Whether it may be part of a Swift identifier (ASCII letters, digits and
  /// `_`; the package's names use no others).
  package var isIdentifierCharacter: Bool {
    isASCII && (isLetter || isNumber || self == "_")
  }
}

extension String {
  /// `word` replaced by `replacement` wherever neither neighbour continues
  /// it: a letter, digit, `_` or `-` before or after makes it part of
  /// another word (`protocol-getter` is not a word of `my-protocol-getter`).
  package func replacingWord(_ word: String, with replacement: String) -> String {
    guard !word.isEmpty else { return self }
    func continues(_ character: Character?) -> Bool {
      character.map { $0.isIdentifierCharacter || $0 == "-" } ?? false
    }
    var result = ""
    var rest = self[...]
    while let found = rest.firstRange(of: word) {
      let before = found.lowerBound > startIndex ? self[index(before: found.lowerBound)] : nil
      let after = found.upperBound < endIndex ? self[found.upperBound] : nil
      result += rest[..<found.lowerBound]
      result += continues(before) || continues(after) ? word : replacement
      rest = rest[found.upperBound...]
    }
    return result + rest
  }
}
