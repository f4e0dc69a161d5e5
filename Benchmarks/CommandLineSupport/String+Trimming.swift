extension StringProtocol {
  /// The text without the characters of `set` at either end.
  package func trimming(_ set: String) -> String {
    let characters = Set(set)
    return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
  }

  /// The text without the spaces and tabs at either end.
  package var trimmingSpaces: String { trimming(" \t") }
}
