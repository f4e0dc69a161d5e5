import generate_synthetic
import Testing

/// The line diff on pairs counted by hand, and the edit costs on small
/// generated pairs whose added lines are known.
@Suite struct EditCostTests {
  typealias Counts = LineDiff.Counts

  @Test func emptyOneAndManyLines() {
    #expect(LineDiff.counts(from: [], to: []) == Counts())
    #expect(LineDiff.counts(from: [], to: ["a"]) == Counts(added: 1))
    #expect(LineDiff.counts(from: ["a"], to: []) == Counts(removed: 1))
    #expect(LineDiff.counts(from: ["a"], to: ["b"]) == Counts(changed: 1))
    #expect(LineDiff.counts(from: ["a", "b", "c"], to: ["a", "b", "c"]) == Counts())
  }

  /// `b` replaced by `x` (one changed), `e` appended (one added).
  @Test func aReplacementAndAnAppend() {
    let old = ["a", "b", "c", "d"]
    let new = ["a", "x", "c", "d", "e"]
    #expect(LineDiff.counts(from: old, to: new) == Counts(added: 1, changed: 1))
    #expect(LineDiff.edits(from: old, to: new) == [.keep, .delete, .insert, .keep, .keep, .insert])
  }

  /// Two lines replaced by three: two changed, one added; a line dropped
  /// elsewhere: one removed; an insertion in the middle: one added.
  @Test func hunksAreCountedApart() {
    let old = ["keep", "old1", "old2", "keep2", "gone", "keep3", "keep4"]
    let new = ["keep", "new1", "new2", "new3", "keep2", "keep3", "inserted", "keep4"]
    #expect(LineDiff.counts(from: old, to: new) == Counts(added: 2, changed: 2, removed: 1))
  }

  /// A shortest script: moving one line of three is one delete and one insert.
  @Test func aMovedLineIsOneRemovedAndOneAdded() {
    let edits = LineDiff.edits(from: ["a", "b", "c"], to: ["b", "c", "a"])
    #expect(edits.filter { $0 != .keep }.count == 2)
    #expect(LineDiff.counts(from: ["a", "b", "c"], to: ["b", "c", "a"]) == Counts(added: 1, removed: 1))
  }

  /// Two kinds to three, the constant alone: per pattern, the lines a hand
  /// adds (blank lines are not counted).
  @Test(arguments: [
    // struct Kind2: Item { … }; if item is Kind2 { return 17 }
    (SyntheticPattern.naive, 2),
    // struct Kind2: Item {, let value, var constant, }
    (.protocolGetter, 4),
    // a visit in the protocol, the four-line struct, a visit in the visitor
    (.classicVisitor, 6),
    (.genericVisitor, 6),
    // the struct, the case, the case in the switch
    (.enumSwitch, 3),
    // final class Kind2: Item {, override var constant, }
    (.classHierarchy, 3),
    // the struct, the test in the chain
    (.castChain, 2),
    // as protocol-getter: the eraser does not change
    (.typeEraser, 4),
    // the struct, the register call
    (.handlerTable, 2),
  ])
  func addingAKind(pattern: SyntheticPattern, added: Int) throws {
    let constant = try #require(SyntheticDomain.operations.first)
    let before = SyntheticSource(pattern: pattern, kinds: 2, operations: [constant])
    let after = SyntheticSource(pattern: pattern, kinds: 3, operations: [constant])
    #expect(
      LineDiff.counts(from: before.domainLines, to: after.domainLines) == Counts(added: added),
      "\(pattern.rawValue)")
  }

  /// At two kinds, the computed operation after the constant.
  @Test(arguments: [
    // a chain: header, two tests, the unknown-kind line, }
    (SyntheticPattern.naive, Counts(added: 5)),
    // a requirement, a getter per kind
    (.protocolGetter, Counts(added: 3)),
    // a visitor class: header, stored result, two visits, }
    (.classicVisitor, Counts(added: 5)),
    // a visitor struct: header, two visits, }
    (.genericVisitor, Counts(added: 4)),
    // var computed: UInt64 { switch self { two cases } }
    (.enumSwitch, Counts(added: 6)),
    // a trapping member in the base class, an override per kind
    (.classHierarchy, Counts(added: 3)),
    (.castChain, Counts(added: 5)),
    // a requirement, a getter per kind, a closure and its assignment in the eraser
    (.typeEraser, Counts(added: 5)),
    // a field (added); each registration gains a trailing closure, register
    // a parameter, and its `Handler(…)` an argument, which no longer fits
    // on the line: four changed, one more added
    (.handlerTable, Counts(added: 2, changed: 4)),
  ])
  func addingAnOperation(pattern: SyntheticPattern, counts: Counts) {
    let operations = SyntheticDomain.operations
    let before = SyntheticSource(pattern: pattern, kinds: 2, operations: Array(operations.prefix(1)))
    let after = SyntheticSource(pattern: pattern, kinds: 2, operations: Array(operations.prefix(2)))
    #expect(LineDiff.counts(from: before.domainLines, to: after.domainLines) == counts, "\(pattern.rawValue)")
  }

  /// A new kind costs every pattern the same lines at every N: each grows
  /// linearly. A new operation costs a visitor pattern N + a few lines.
  @Test func theCommittedCostsGrowAsThePatternsDo() {
    let rows = EditCost.rows
    for pattern in SyntheticPattern.allCases {
      let addKind = rows.filter { $0.pattern == pattern && $0.change == "add-kind" }
      #expect(addKind.count == SyntheticDomain.kindCounts.count)
      #expect(Set(addKind.map(\.counts)).count == 1, "\(pattern.rawValue): adding a kind varies with N")
    }
    let visitor = rows.filter { $0.pattern == .classicVisitor && $0.change == "add-operation" }
    for row in visitor {
      #expect(row.counts.added == row.kinds + 3, "classic-visitor at \(row.kinds) kinds")
    }
  }
}
