/// "Did you mean …?" for a mistyped name.
package enum Suggestion {
  /// The candidate closest to `input` by edit distance, if it is close enough
  /// to be a likely typo.
  ///
  /// More than one edit counts as a typo only when the first letter (after
  /// the dashes) is right: people slip inside a word, not at its start, and
  /// a word that differs at its start and one more place is another word.
  /// `--iterations` is two edits from `--operations`, but no typo of it.
  /// A module's name (`ProtocolGetter`, as Package.swift and Sources/ spell
  /// a strategy) is taken for the kebab-case name it stands for
  /// (`protocol-getter`) when that is a candidate.
  package static func closest(to input: String, among candidates: [String]) -> String? {
    let kebab = kebabCase(input)
    if kebab != input && candidates.contains(kebab) { return kebab }
    let limit = max(1, min(3, input.count / 3))
    let typos = candidates.map { ($0, distance(input, $0)) }.filter { candidate, edits in
      edits <= limit && (edits <= 1 || firstLetter(of: candidate) == firstLetter(of: input))
    }
    if let best = typos.min(by: { $0.1 < $1.1 }) { return best.0 }
    // A prefix of exactly one candidate is also a good guess.
    let prefixed = candidates.filter { $0.hasPrefix(input) && input.count >= 4 }
    return prefixed.count == 1 ? prefixed[0] : nil
  }

  /// `ProtocolGetter` as `protocol-getter`: each capital starts a word.
  package static func kebabCase(_ name: String) -> String {
    var text = ""
    for character in name {
      if character.isUppercase && !text.isEmpty && text.last != "-" { text += "-" }
      text += character.lowercased()
    }
    return text
  }

  private static func firstLetter(of name: String) -> Character? {
    name.first { $0 != "-" }
  }

  /// Edit distance counting an insertion, deletion, substitution or swap of
  /// two neighbours as one edit (optimal string alignment), so that "dmup"
  /// is one edit from "dump".
  package static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
