import generate_synthetic
import Testing

/// The line diff on pairs counted by hand, and the edit costs on small
/// generated pairs whose added lines are known.
@Suite struct EditCostTests {
  typealias Counts = LineDiff.Counts

  @Test func emptyOneAndManyLines() {
    #expect(LineDiff.counts(from: [], to: []) == Counts())
    #expect(LineDiff.counts(from: [], to: ["a"]) == Counts(added: 1, hunks: 1))
    #expect(LineDiff.counts(from: ["a"], to: []) == Counts(removed: 1, hunks: 1))
    #expect(LineDiff.counts(from: ["a"], to: ["b"]) == Counts(changed: 1, hunks: 1))
    #expect(LineDiff.counts(from: ["a", "b", "c"], to: ["a", "b", "c"]) == Counts())
  }

  /// `b` replaced by `x` (one changed), `e` appended (one added).
  @Test func aReplacementAndAnAppend() {
    let old = ["a", "b", "c", "d"]
    let new = ["a", "x", "c", "d", "e"]
    #expect(LineDiff.counts(from: old, to: new) == Counts(added: 1, changed: 1, hunks: 2))
    #expect(LineDiff.edits(from: old, to: new) == [.keep, .delete, .insert, .keep, .keep, .insert])
  }

  /// Two lines replaced by three: two changed, one added; a line dropped
  /// elsewhere: one removed; an insertion further on: one added. Three
  /// places.
  @Test func hunksAreCountedApart() {
    let old = ["keep", "old1", "old2", "keep2", "gone", "keep3", "keep4"]
    let new = ["keep", "new1", "new2", "new3", "keep2", "keep3", "inserted", "keep4"]
    #expect(LineDiff.counts(from: old, to: new) == Counts(added: 2, changed: 2, removed: 1, hunks: 3))
  }

  /// A shortest script: moving one line of three is one delete and one insert.
  @Test func aMovedLineIsOneRemovedAndOneAdded() {
    let edits = LineDiff.edits(from: ["a", "b", "c"], to: ["b", "c", "a"])
    #expect(edits.filter { $0 != .keep }.count == 2)
    #expect(
      LineDiff.counts(from: ["a", "b", "c"], to: ["b", "c", "a"]) == Counts(added: 1, removed: 1, hunks: 2))
  }

  /// Two kinds to three, the constant alone: per pattern, the lines a hand
  /// adds (blank lines are not counted) and the places it adds them.
  @Test(arguments: [
    // struct Kind2: Item { … }; if item is Kind2 { return 17 }
    (SyntheticPattern.naive, Counts(added: 2, hunks: 2)),
    // struct Kind2: Item {, let value, var constant, }
    (.protocolGetter, Counts(added: 4, hunks: 1)),
    // a visit in the protocol, the four-line struct, a visit in the visitor
    (.classicVisitor, Counts(added: 6, hunks: 3)),
    (.genericVisitor, Counts(added: 6, hunks: 3)),
    // the struct, the case, the case in the switch
    (.enumSwitch, Counts(added: 3, hunks: 3)),
    // final class Kind2: Item {, override var constant, }
    (.classHierarchy, Counts(added: 3, hunks: 1)),
    // the struct, the test in the chain
    (.castChain, Counts(added: 2, hunks: 2)),
    // as protocol-getter: the eraser does not change
    (.typeEraser, Counts(added: 4, hunks: 1)),
    // the struct, the register call
    (.handlerTable, Counts(added: 2, hunks: 2)),
    // the four-line view struct, a visit in the base class, a case in the
    // walk, a four-line override in the visitor; the tag enum's case line
    (.taggedVisitor, Counts(added: 10, changed: 1, hunks: 5)),
  ])
  func addingAKind(pattern: SyntheticPattern, counts: Counts) throws {
    let constant = try #require(SyntheticDomain.operations.first)
    let before = SyntheticSource(pattern: pattern, kinds: 2, operations: [constant])
    let after = SyntheticSource(pattern: pattern, kinds: 3, operations: [constant])
    #expect(
      LineDiff.counts(from: before.domainLines, to: after.domainLines) == counts, "\(pattern.rawValue)")
  }

  /// At two kinds, the computed operation after the constant.
  @Test(arguments: [
    // a chain: header, two tests, the unknown-kind line, }
    (SyntheticPattern.naive, Counts(added: 5, hunks: 1)),
    // a requirement, a getter in each kind
    (.protocolGetter, Counts(added: 3, hunks: 3)),
    // a visitor class: header, stored result, two visits, }
    (.classicVisitor, Counts(added: 5, hunks: 1)),
    // a visitor struct: header, two visits, }
    (.genericVisitor, Counts(added: 4, hunks: 1)),
    // var computed: UInt64 { switch self { two cases } }
    (.enumSwitch, Counts(added: 6, hunks: 1)),
    // a trapping member in the base class, an override in each kind
    (.classHierarchy, Counts(added: 3, hunks: 3)),
    (.castChain, Counts(added: 5, hunks: 1)),
    // a requirement, a getter in each kind, a closure and its assignment in
    // the eraser
    (.typeEraser, Counts(added: 5, hunks: 5)),
    // a field (added); the two registrations gain a trailing closure, and
    // register a parameter and its `Handler(…)` an argument, which no longer
    // fits on the line: four changed, one more added
    (.handlerTable, Counts(added: 2, changed: 4, hunks: 3)),
    // a visitor class: header, stored result, two four-line overrides, }
    (.taggedVisitor, Counts(added: 11, hunks: 1)),
  ])
  func addingAnOperation(pattern: SyntheticPattern, counts: Counts) {
    let operations = SyntheticDomain.operations
    let before = SyntheticSource(pattern: pattern, kinds: 2, operations: Array(operations.prefix(1)))
    let after = SyntheticSource(pattern: pattern, kinds: 2, operations: Array(operations.prefix(2)))
    #expect(LineDiff.counts(from: before.domainLines, to: after.domainLines) == counts, "\(pattern.rawValue)")
  }

  /// A new kind costs every pattern the same at every N. A new operation
  /// costs a visitor N + 3 lines in one place, a getter protocol N + 1
  /// lines in N + 1 places: the articles' trade, in places, not lines.
  @Test func theCommittedCostsGrowAsThePatternsDo() {
    let rows = EditCost.rows
    for pattern in SyntheticPattern.allCases {
      let addKind = rows.filter { $0.pattern == pattern && $0.change == "add-kind" }
      #expect(addKind.count == SyntheticDomain.kindCounts.count)
      #expect(Set(addKind.map(\.counts)).count == 1, "\(pattern.rawValue): adding a kind varies with N")
    }
    let addOperation = rows.filter { $0.change == "add-operation" }
    for pattern in [SyntheticPattern.classicVisitor, .protocolGetter] {
      #expect(
        Set(addOperation.filter { $0.pattern == pattern }.map(\.kinds)) == Set(SyntheticDomain.kindCounts),
        "\(pattern.rawValue): an add-operation row at every N")
    }
    for row in addOperation where row.pattern == .classicVisitor {
      #expect(row.counts == Counts(added: row.kinds + 3, hunks: 1), "classic-visitor at \(row.kinds) kinds")
    }
    for row in addOperation where row.pattern == .protocolGetter {
      #expect(
        row.counts == Counts(added: row.kinds + 1, hunks: row.kinds + 1),
        "protocol-getter at \(row.kinds) kinds")
    }
  }
}
