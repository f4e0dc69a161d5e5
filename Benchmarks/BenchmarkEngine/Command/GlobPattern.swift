/// A shell-style pattern: `*` matches any run of characters (`/` included),
/// `?` any one character.
package struct GlobPattern: Equatable {
  package var pattern: String

  package func matches(_ text: String) -> Bool {
    let pattern = Array(pattern)
    let text = Array(text)
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
        p += 1
        t += 1
      } else if p < pattern.count && pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
