/// A line diff by Myers' algorithm: a shortest edit script, found in
/// O((n + m)·d) time for d edits.
public enum LineDiff {
  public enum Edit: Equatable, Sendable {
    case keep, insert, delete
  }

  /// What a change did, counted hunk by hunk. A hunk is a run of edits
  /// between kept lines: one place a hand edits. In each, `min(inserted,
  /// deleted)` lines were changed (replaced), and the rest were added or
  /// removed.
  public struct Counts: Hashable, Sendable {
    public var added = 0
    public var changed = 0
    public var removed = 0
    public var hunks = 0

    public init(added: Int = 0, changed: Int = 0, removed: Int = 0, hunks: Int = 0) {
      self.added = added
      self.changed = changed
      self.removed = removed
      self.hunks = hunks
    }
  }

  /// The edits that turn `old` into `new`, in order.
  public static func edits(from old: [String], to new: [String]) -> [Edit] {
    let n = old.count
    let m = new.count
    let offset = n + m + 1
    var frontier = [Int](repeating: 0, count: 2 * offset + 1)
    var trace: [[Int]] = []
    search: for d in 0...(n + m) {
      trace.append(frontier)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
          ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, old[x] == new[y] {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n && y >= m { break search }
      }
    }
    // Walk back from the end through each step's frontier.
    var edits: [Edit] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let frontier = trace[d]
      let k = x - y
      let previousK =
        k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : frontier[offset + previousK]
      let previousY = d == 0 ? 0 : previousX - previousK
      while x > previousX && y > previousY {
        edits.append(.keep)
        x -= 1
        y -= 1
      }
      if d > 0 {
        edits.append(x == previousX ? .insert : .delete)
      }
      x = previousX
      y = previousY
    }
    return edits.reversed()
  }

  /// Lines added, changed and removed from `old` to `new`.
  public static func counts(from old: [String], to new: [String]) -> Counts {
    var counts = Counts()
    var inserted = 0
    var deleted = 0
    func closeHunk() {
      if inserted + deleted > 0 { counts.hunks += 1 }
      let changed = min(inserted, deleted)
      counts.changed += changed
      counts.added += inserted - changed
      counts.removed += deleted - changed
      inserted = 0
      deleted = 0
    }
    for edit in edits(from: old, to: new) {
      switch edit {
      case .keep: closeHunk()
      case .insert: inserted += 1
      case .delete: deleted += 1
      }
    }
    closeHunk()
    return counts
  }
}
