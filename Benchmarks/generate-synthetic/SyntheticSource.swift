/// The source of one pattern's namespace for some kinds and operations.
///
/// A file has two parts: the *domain*, what an app holds (the kinds, the
/// pattern's protocols, visitors or tables, and each operation's code), and
/// the *workload*, the benchmark's plumbing (making elements from the feed,
/// the timed loops). `EditCost` diffs the domain alone, since an app has no
/// workload to edit.
public struct SyntheticSource {
  public let pattern: SyntheticPattern
  public let kinds: Int
  public let operations: [SyntheticOperation]

  public init(
    pattern: SyntheticPattern, kinds: Int,
    operations: [SyntheticOperation] = SyntheticDomain.operations
  ) {
    precondition(kinds > 0 && !operations.isEmpty, "a source needs a kind and an operation")
    self.pattern = pattern
    self.kinds = kinds
    self.operations = operations
  }

  public var namespace: String { "Kinds\(kinds)" }

  /// How the pattern is written.
  public var idiom: SyntheticIdiom { pattern.idiom }

  /// Where the file lives, from the package root.
  public var path: String { "Sources/Synthetic/\(pattern.directory)/generated/\(namespace).swift" }

  /// The file, as committed.
  public var text: String {
    var writer = SourceWriter()
    writer.generatedHeader()
    writer.blank()
    writer.line("import BenchmarkSupport")
    writer.line("import SyntheticModel")
    writer.blank()
    for line in mechanism { writer.line(line) }
    writer.block("public enum \(namespace)") { writer in
      writeDomain(&writer)
      writer.blank()
      writeWorkload(&writer)
    }
    return writer.lines.joined(separator: "\n") + "\n"
  }

  /// The domain part's lines, without blank lines, as `EditCost` compares
  /// them.
  public var domainLines: [String] {
    var writer = SourceWriter()
    writeDomain(&writer)
    return writer.lines.filter { !$0.allSatisfy(\.isWhitespace) }
  }

  var kindIndices: Range<Int> { 0..<kinds }
}

extension SyntheticSource {
  /// The namespace's doc comment: the pattern, and how one element is
  /// dispatched.
  var mechanism: [String] {
    var writer = SourceWriter()
    let summary: String
    let dispatch: String
    switch idiom {
    case .naive:
      summary =
        "The naive chain: every kind conforms to a marker protocol, and each operation "
        + "tests an `any Item` against each kind in turn with `is`, then force-casts it with `as!` to read it."
      dispatch =
        "a type test per kind tried, "
        + "in declaration order, until one matches, then a forced cast of the existential to the kind found."
    case .protocolGetter:
      summary =
        "Protocols of getters: every kind answers each operation through a requirement of `Item`, "
        + "and the array holds `any Item` existentials."
      dispatch =
        "one witness-table call on the existential: "
        + "open it, load the conformance's witness for the getter, call it."
    case .classicVisitor:
      summary =
        "The classic visitor: each kind `accept`s a visitor object and calls back the `visit` "
        + "overload for its own type; visits return nothing and each visitor class keeps its last result."
      dispatch =
        "two indirect calls: `accept(visitor:)` through the element existential's witness table, "
        + "`visit` through the visitor's; then the result is read back from the visitor object."
    case .genericVisitor:
      summary =
        "The generic visitor: a visitor protocol with an associated result type, "
        + "`accept<V>(_:) -> V.T` on every kind, and one visitor struct per operation."
      dispatch =
        "two indirect calls: `accept<V>` through the element existential's witness table, unspecialised, "
        + "so `V`'s metadata travels with the call; `visit` through `V`'s witness table returns `V.T` indirectly."
    case .enumSwitch:
      summary =
        "A closed enum with one case per kind, the kind's struct as its payload; "
        + "every operation is an exhaustive `switch` (no `default:`)."
      dispatch =
        "one `switch` on the case tag (a compare chain or a jump table), the payload inline in the array; "
        + "no witness table, no box."
    case .classHierarchy:
      summary =
        "A class hierarchy: a base class holding the payload, "
        + "whose members trap, and a `final` subclass per kind that overrides them."
      dispatch = "one vtable call: load the reference, its class, the overriding member from the vtable; call it."
    case .castChain:
      summary =
        "Elements held as `Any`, "
        + "found by a chain of `if let … as?` casts in declaration order (`is` where only the kind matters)."
      dispatch =
        "per kind tried until one matches, "
        + "a copy of the `Any` and a runtime dynamic cast, which on a match copies the value out."
    case .typeEraser:
      summary =
        "A type eraser: each element wrapped in `AnyItem`, a struct of closures made by a generic `init`, "
        + "one per requirement of `Item`, each capturing its own copy of the kind."
      dispatch =
        "one closure call: the function pointer and context loaded from the struct in the array, "
        + "the context retained around the call; the closure was specialised for its kind when it was made."
    case .handlerTable:
      summary =
        "A handler table: elements held as `Any`, "
        + "and per kind a `Handler` registered in a dictionary keyed by the `ObjectIdentifier` of its type; what "
        + "depends on the kind alone is data in the entry, what reads the element a closure that casts it down."
      dispatch =
        "read the `Any`'s dynamic type, hash its `ObjectIdentifier`, probe the dictionary, copy the entry out; "
        + "then read the data, "
        + "or call the closure, which casts the element with a runtime dynamic cast that always matches."
    case .taggedVisitor:
      summary =
        "The tagged visitor, as swift-syntax writes `SyntaxVisitor`: "
        + "every element is one `Item` struct carrying a kind tag beside its payload; "
        + "a visitor is a subclass of an open class with one overridable `visit` per kind, each returning "
        + "whether to go on, and its `walk` switches on the tag; each visitor class keeps its last result."
      dispatch =
        "one `switch` on the element's kind tag, then that kind's `visit` through the visitor class's vtable; "
        + "then the result is read back from the visitor object."
    }
    // A pattern written as another says so, and where to give it its own.
    let borrowed =
      idiom.rawValue == pattern.rawValue
      ? "" : ", written as \(idiom.rawValue) (see SyntheticPattern.writtenLike)"
    writer.doc("\(pattern.rawValue), \(kinds) kinds\(borrowed). \(summary)")
    writer.line("///")
    writer.doc("**How one element is dispatched:** \(dispatch)")
    return writer.lines
  }
}
