// Writes the synthetic domain's sources, and what a change to them costs.
//
//   swift Benchmarks/Scripts/generate-synthetic.swift           # write them
//   swift Benchmarks/Scripts/generate-synthetic.swift --check   # exit 1 if out of date
//
// For each pattern, one module, `Sources/Synthetic/<Pattern>`,
// holds a file per number of kinds (2, 4, 8, 16, 32, 64), `Kinds<N>.swift`,
// with the namespace `Kinds<N>`: N kinds, each a small value with a 64-bit
// payload, the operations of `SyntheticDomain.operations` written in the
// pattern's own idiom, and a `Workload` (BenchmarkSupport's
// `SyntheticWorkload`) whose loops the harness times.
// `Sources/SyntheticRegistry/SyntheticRegistry.swift` lists them all.
//
// It also writes `results/reference/scaling/edit-cost.csv`: for each pattern,
// the lines a team adds and changes to add one kind (N to N+1) and one
// operation (M to M+1), counted by diffing this generator's own output (see
// `EditCost`).
//
// `--check` renders everything in memory and compares it with the committed
// files; when any differ it writes the fresh set to a temporary directory,
// names every file that is out of date (or should not be there) and exits 1.
// The output is deterministic: no dates, files and lines in a fixed order.
// Exit statuses: 0 done or up to date, 1 out of date, 64 bad usage.
//
// The package's `generate-synthetic` executable target is this same file, so
// that SyntheticTests import it and call the generator and the line diff
// directly (a test target can import an executable's module; its top-level
// code never runs there). A script is one file, so the generator, the diff
// and the command line share it, each under its own MARK.

import Foundation

// MARK: - The domain

/// One operation of the synthetic domain, as every pattern implements it.
public struct SyntheticOperation: Sendable {
  /// The name the registry and the results use (`synthetic.compute`).
  public let name: String
  /// The Swift name of its getter, method or visitor (`computed`).
  public let member: String
  /// The Swift type of its result.
  public let type: String
  /// A classic visitor's stored result before its first visit.
  let initialValue: String
  /// Whether it reads the element's payload; if not, it depends on the kind
  /// alone, and a handler table holds it as data.
  public let readsPayload: Bool
  /// One kind's result, as a Swift expression in which `value` is the
  /// payload's expression.
  let result: @Sendable (_ kind: Int, _ value: String) -> String

  /// `computed` as a type name's start: `ComputedVisitor`.
  var typeName: String { member.prefix(1).uppercased() + member.dropFirst() }
}

/// What the synthetic domain holds: how many kinds, which operations.
public enum SyntheticDomain {
  /// The numbers of kinds each pattern is generated for.
  public static let kindCounts = [2, 4, 8, 16, 32, 64]

  /// Every operation, in the order the registry lists them. An operation
  /// appended here is the one `EditCost` counts as added.
  public static let operations: [SyntheticOperation] = [
    // A per-kind constant: dispatch and nothing else.
    SyntheticOperation(
      name: "synthetic.constant", member: "constant", type: "Int", initialValue: "0",
      readsPayload: false, result: { kind, _ in String(kind * 7 + 3) }),
    // The payload times a per-kind odd constant, plus the kind: dispatch,
    // then a read of the element.
    SyntheticOperation(
      name: "synthetic.compute", member: "computed", type: "UInt64", initialValue: "0",
      readsPayload: true,
      result: { kind, value in "\(value) &* \(hexLiteral(multiplier(ofKind: kind))) &+ \(kind)" }),
    // A per-kind string literal: dispatch, and a `String` to return.
    SyntheticOperation(
      name: "synthetic.label", member: "label", type: "String", initialValue: "\"\"",
      readsPayload: false, result: { kind, _ in "\"kind\(kind)\"" }),
  ]

  /// Kind `kind`'s odd multiplier for `synthetic.compute`.
  static func multiplier(ofKind kind: Int) -> UInt32 {
    (0x9E37_79B9 &* UInt32(kind + 1)) | 1
  }

  /// `0x3C6E_F373`: eight hexadecimal digits, grouped by four.
  static func hexLiteral(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: 8 - digits.count) + digits
    return "0x" + padded.prefix(4) + "_" + padded.suffix(4)
  }
}

/// The patterns, in the strategies' registry order, under its names.
public enum SyntheticPattern: String, CaseIterable, Sendable {
  case naive
  case protocolGetter = "protocol-getter"
  case classicVisitor = "classic-visitor"
  case genericVisitor = "generic-visitor"
  case enumSwitch = "enum-switch"
  case classHierarchy = "class-hierarchy"
  case castChain = "cast-chain"
  case typeEraser = "type-eraser"
  case handlerTable = "handler-table"
  case taggedVisitor = "tagged-visitor"

  /// Patterns whose synthetic code is another pattern's: each one that
  /// `dispatch-bench new-strategy` added, written as its template until it is
  /// given an idiom of its own (a `SyntheticIdiom` case under its name, and
  /// its arms in `SyntheticSource`). See Guides/Strategies.md, "Adding a
  /// strategy".
  public static let writtenLike: [SyntheticPattern: SyntheticPattern] = [:]

  /// How this pattern's code is written: its own idiom, or its template's.
  public var idiom: SyntheticIdiom {
    if let template = Self.writtenLike[self] { return template.idiom }
    guard let own = SyntheticIdiom(rawValue: rawValue) else {
      preconditionFailure(
        "\(rawValue) has no idiom: add a SyntheticIdiom case for it, or an entry in SyntheticPattern.writtenLike")
    }
    return own
  }

  /// The strategy module's name, and the directory under Sources/Synthetic.
  public var directory: String {
    rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The synthetic module: `SyntheticEnumSwitch`.
  public var module: String { "Synthetic" + directory }
}

/// How a pattern's synthetic code is written: the ten patterns' idioms,
/// under their names, each with its arms in `SyntheticSource` (its doc
/// comment, its domain and its workload's plumbing).
public enum SyntheticIdiom: String, CaseIterable, Sendable {
  case naive
  case protocolGetter = "protocol-getter"
  case classicVisitor = "classic-visitor"
  case genericVisitor = "generic-visitor"
  case enumSwitch = "enum-switch"
  case classHierarchy = "class-hierarchy"
  case castChain = "cast-chain"
  case typeEraser = "type-eraser"
  case handlerTable = "handler-table"
  case taggedVisitor = "tagged-visitor"
}

// MARK: - Writing Swift

/// Lines of Swift at an indentation, two spaces a level.
struct SourceWriter {
  private(set) var lines: [String] = []
  private var depth = 0

  mutating func line(_ text: String) {
    lines.append(text.isEmpty ? "" : String(repeating: "  ", count: depth) + text)
  }

  mutating func blank() {
    lines.append("")
  }

  /// `header {`, the body one level in, `}`.
  mutating func block(_ header: String, _ body: (inout SourceWriter) -> Void) {
    line(header + " {")
    depth += 1
    body(&self)
    depth -= 1
    line("}")
  }

  /// `switch subject {`, the cases at the `switch`'s own indentation, `}`.
  mutating func switchBlock(_ subject: String, _ body: (inout SourceWriter) -> Void) {
    line("switch \(subject) {")
    body(&self)
    line("}")
  }

  /// The columns a line may take, as swift-format's default.
  static let width = 100

  private func fits(_ text: String) -> Bool {
    2 * depth + text.count <= Self.width
  }

  /// A function's header and body: on one line when it fits, else its
  /// parameters on a line of their own, as swift-format breaks it.
  mutating func function(
    _ head: String, parameters: String, result: String = "",
    _ body: (inout SourceWriter) -> Void
  ) {
    let tail = result.isEmpty ? "" : " -> " + result
    if fits("\(head)(\(parameters))\(tail) {") {
      block("\(head)(\(parameters))\(tail)", body)
    } else {
      line(head + "(")
      line("  " + parameters)
      block(")" + tail, body)
    }
  }

  /// A call: on one line when it fits, else its arguments on the next.
  mutating func call(_ callee: String, arguments: [String]) {
    let joined = arguments.joined(separator: ", ")
    if fits("\(callee)(\(joined))") {
      line("\(callee)(\(joined))")
    } else {
      line(callee + "(")
      line("  " + joined + ")")
    }
  }

  /// `case label: body` on one line when it fits, else the body on the next.
  mutating func switchCase(_ label: String, _ body: String) {
    if fits("case \(label): \(body)") {
      line("case \(label): \(body)")
    } else {
      line("case \(label):")
      line("  " + body)
    }
  }

  /// The doc comment `text`, wrapped at 80 columns.
  mutating func doc(_ text: String) {
    var current = "///"
    for word in text.split(separator: " ") {
      if current.count + 1 + word.count > 80 - 2 * depth, current != "///" {
        line(current)
        current = "///"
      }
      current += " " + word
    }
    line(current)
  }
}

// MARK: - One pattern at one number of kinds

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
  public var path: String { "Sources/Synthetic/\(pattern.directory)/\(namespace).swift" }

  /// The file, as committed.
  public var text: String {
    var writer = SourceWriter()
    writer.line("// Generated by Benchmarks/Scripts/generate-synthetic.swift. Do not edit: change")
    writer.line("// the generator and run it (see Guides/Scaling.md).")
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

// MARK: The domain, in each pattern's idiom

extension SyntheticSource {
  /// The namespace's doc comment: the pattern, and how one element is
  /// dispatched.
  var mechanism: [String] {
    var writer = SourceWriter()
    let summary: String
    let dispatch: String
    switch idiom {
    case .naive:
      summary = "The naive chain: every kind conforms to a marker protocol, and each operation tests an `any Item` against each kind in turn with `is`, then force-casts it with `as!` to read it."
      dispatch = "a type test per kind tried, in declaration order, until one matches, then a forced cast of the existential to the kind found."
    case .protocolGetter:
      summary = "Protocols of getters: every kind answers each operation through a requirement of `Item`, and the array holds `any Item` existentials."
      dispatch = "one witness-table call on the existential: open it, load the conformance's witness for the getter, call it."
    case .classicVisitor:
      summary = "The classic visitor: each kind `accept`s a visitor object and calls back the `visit` overload for its own type; visits return nothing and each visitor class keeps its last result."
      dispatch = "two indirect calls: `accept(visitor:)` through the element existential's witness table, `visit` through the visitor's; then the result is read back from the visitor object."
    case .genericVisitor:
      summary = "The generic visitor: a visitor protocol with an associated result type, `accept<V>(_:) -> V.T` on every kind, and one visitor struct per operation."
      dispatch = "two indirect calls: `accept<V>` through the element existential's witness table, unspecialised, so `V`'s metadata travels with the call; `visit` through `V`'s witness table returns `V.T` indirectly."
    case .enumSwitch:
      summary = "A closed enum with one case per kind, the kind's struct as its payload; every operation is an exhaustive `switch` (no `default:`)."
      dispatch = "one `switch` on the case tag (a compare chain or a jump table), the payload inline in the array; no witness table, no box."
    case .classHierarchy:
      summary = "A class hierarchy: a base class holding the payload, whose members trap, and a `final` subclass per kind that overrides them."
      dispatch = "one vtable call: load the reference, its class, the overriding member from the vtable; call it."
    case .castChain:
      summary = "Elements held as `Any`, found by a chain of `if let … as?` casts in declaration order (`is` where only the kind matters)."
      dispatch = "per kind tried until one matches, a copy of the `Any` and a runtime dynamic cast, which on a match copies the value out."
    case .typeEraser:
      summary = "A type eraser: each element wrapped in `AnyItem`, a struct of closures made by a generic `init`, one per requirement of `Item`, each capturing its own copy of the kind."
      dispatch = "one closure call: the function pointer and context loaded from the struct in the array, the context retained around the call; the closure was specialised for its kind when it was made."
    case .handlerTable:
      summary = "A handler table: elements held as `Any`, and per kind a `Handler` registered in a dictionary keyed by the `ObjectIdentifier` of its type; what depends on the kind alone is data in the entry, what reads the element a closure that casts it down."
      dispatch = "read the `Any`'s dynamic type, hash its `ObjectIdentifier`, probe the dictionary, copy the entry out; then read the data, or call the closure, which casts the element with a runtime dynamic cast that always matches."
    case .taggedVisitor:
      summary = "The tagged visitor, as swift-syntax writes `SyntaxVisitor`: every element is one `Item` struct carrying a kind tag beside its payload; a visitor is a subclass of an open class with one overridable `visit` per kind, each returning whether to go on, and its `walk` switches on the tag; each visitor class keeps its last result."
      dispatch = "one `switch` on the element's kind tag, then that kind's `visit` through the visitor class's vtable; then the result is read back from the visitor object."
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

  func writeDomain(_ writer: inout SourceWriter) {
    switch idiom {
    case .naive: writeNaive(&writer)
    case .protocolGetter: writeProtocolGetter(&writer)
    case .classicVisitor: writeClassicVisitor(&writer)
    case .genericVisitor: writeGenericVisitor(&writer)
    case .enumSwitch: writeEnumSwitch(&writer)
    case .classHierarchy: writeClassHierarchy(&writer)
    case .castChain: writeCastChain(&writer)
    case .typeEraser: writeTypeEraser(&writer)
    case .handlerTable: writeHandlerTable(&writer)
    case .taggedVisitor: writeTaggedVisitor(&writer)
    }
  }

  /// `struct Kind3 { let value: UInt64 }`, one line per kind.
  private func writePlainKinds(_ writer: inout SourceWriter, conforming conformance: String = "") {
    for kind in kindIndices {
      writer.line("struct Kind\(kind)\(conformance) { let value: UInt64 }")
    }
  }

  /// The requirements every kind answers, as getters.
  private func writeGetterProtocol(_ writer: inout SourceWriter) {
    writer.block("protocol Item") { writer in
      for operation in operations {
        writer.line("var \(operation.member): \(operation.type) { get }")
      }
    }
  }

  /// Each kind as a struct answering the getters.
  private func writeGetterKinds(_ writer: inout SourceWriter) {
    for kind in kindIndices {
      writer.blank()
      writer.block("struct Kind\(kind): Item") { writer in
        writer.line("let value: UInt64")
        for operation in operations {
          writer.line(
            "var \(operation.member): \(operation.type) { \(operation.result(kind, "value")) }")
        }
      }
    }
  }

  /// An operation as a chain of tests: `test(kind)` opens the `if`, the
  /// body says what it returns.
  private func writeChain(
    _ writer: inout SourceWriter, _ operation: SyntheticOperation, element: String,
    test: (Int) -> String, body: (Int) -> String
  ) {
    writer.block(
      "static func \(operation.member)(of item: \(element)) -> \(operation.type)"
    ) { writer in
      for kind in kindIndices {
        writer.line("if \(test(kind)) { return \(body(kind)) }")
      }
      writer.line("unknownKind(item)")
    }
  }

  /// Where every chain ends: no kind matched.
  private func writeUnknownKind(_ writer: inout SourceWriter) {
    writer.block("static func unknownKind(_ item: Any) -> Never") { writer in
      writer.line("preconditionFailure(\"not a kind: \\(type(of: item))\")")
    }
  }

  private func writeNaive(_ writer: inout SourceWriter) {
    writer.line("protocol Item {}")
    writer.blank()
    writePlainKinds(&writer, conforming: ": Item")
    for operation in operations {
      writer.blank()
      writeChain(
        &writer, operation, element: "any Item", test: { "item is Kind\($0)" },
        body: { kind in operation.result(kind, "(item as! Kind\(kind)).value") })
    }
    writer.blank()
    writeUnknownKind(&writer)
  }

  private func writeProtocolGetter(_ writer: inout SourceWriter) {
    writeGetterProtocol(&writer)
    writeGetterKinds(&writer)
  }

  private func writeClassicVisitor(_ writer: inout SourceWriter) {
    writer.block("protocol Item") { writer in
      writer.line("func accept(visitor: any Visitor)")
    }
    writer.blank()
    writer.doc("One `visit` per kind. Visits return nothing; a visitor object keeps its last result.")
    writer.block("protocol Visitor: AnyObject") { writer in
      for kind in kindIndices {
        writer.line("func visit(_ item: Kind\(kind))")
      }
    }
    for kind in kindIndices {
      writer.blank()
      writer.block("struct Kind\(kind): Item") { writer in
        writer.line("let value: UInt64")
        writer.line("func accept(visitor: any Visitor) { visitor.visit(self) }")
      }
    }
    for operation in operations {
      writer.blank()
      writer.block("final class \(operation.typeName)Visitor: Visitor") { writer in
        writer.line(
          "private(set) var \(operation.member): \(operation.type) = \(operation.initialValue)")
        for kind in kindIndices {
          writer.line(
            "func visit(_ item: Kind\(kind)) { \(operation.member) = \(operation.result(kind, "item.value")) }"
          )
        }
      }
    }
  }

  private func writeGenericVisitor(_ writer: inout SourceWriter) {
    writer.block("protocol Item") { writer in
      writer.line("func accept<V: Visitor>(_ visitor: V) -> V.T")
    }
    writer.blank()
    writer.doc("One `visit` per kind, each returning the visitor's result type.")
    writer.block("protocol Visitor<T>") { writer in
      writer.line("associatedtype T")
      for kind in kindIndices {
        writer.line("func visit(_ item: Kind\(kind)) -> T")
      }
    }
    for kind in kindIndices {
      writer.blank()
      writer.block("struct Kind\(kind): Item") { writer in
        writer.line("let value: UInt64")
        writer.line("func accept<V: Visitor>(_ visitor: V) -> V.T { visitor.visit(self) }")
      }
    }
    for operation in operations {
      writer.blank()
      writer.block("struct \(operation.typeName)Visitor: Visitor") { writer in
        for kind in kindIndices {
          writer.line(
            "func visit(_ item: Kind\(kind)) -> \(operation.type) { \(operation.result(kind, "item.value")) }"
          )
        }
      }
    }
  }

  private func writeEnumSwitch(_ writer: inout SourceWriter) {
    writePlainKinds(&writer)
    writer.blank()
    writer.block("enum Item") { writer in
      for kind in kindIndices {
        writer.line("case kind\(kind)(Kind\(kind))")
      }
      for operation in operations {
        writer.blank()
        writer.block("var \(operation.member): \(operation.type)") { writer in
          writer.switchBlock("self") { writer in
            for kind in kindIndices {
              let pattern = operation.readsPayload ? ".kind\(kind)(let item)" : ".kind\(kind)"
              writer.line("case \(pattern): \(operation.result(kind, "item.value"))")
            }
          }
        }
      }
    }
  }

  private func writeTaggedVisitor(_ writer: inout SourceWriter) {
    writer.doc("The kind tag every element carries, as `SyntaxKind` is a syntax node's.")
    writer.block("enum ItemKind") { writer in
      writer.line("case " + kindIndices.map { "kind\($0)" }.joined(separator: ", "))
    }
    writer.blank()
    writer.doc("Every element as one struct: its kind's tag beside its payload.")
    writer.block("struct Item") { writer in
      writer.line("let kind: ItemKind")
      writer.line("let value: UInt64")
    }
    writer.blank()
    writer.doc("Whether the walk goes on into a node's children, as `SyntaxVisitorContinueKind`.")
    writer.block("enum VisitorContinueKind") { writer in
      writer.line("case visitChildren, skipChildren")
    }
    for kind in kindIndices {
      writer.blank()
      writer.block("struct Kind\(kind)") { writer in
        writer.line("let item: Item")
        writer.line("var value: UInt64 { item.value }")
      }
    }
    writer.blank()
    writer.doc("One overridable `visit` per kind, each returning whether to go on; `walk` switches on the tag.")
    writer.block("class Visitor") { writer in
      for kind in kindIndices {
        writer.line("func visit(_ node: Kind\(kind)) -> VisitorContinueKind { .visitChildren }")
      }
      writer.blank()
      writer.doc("Never inlined, as swift-syntax's walk is compiled in its own module: inlined into a loop over one `final` visitor, its vtable calls would become direct ones.")
      writer.line("@inline(never)")
      writer.block("final func walk(_ item: Item)") { writer in
        writer.switchBlock("item.kind") { writer in
          for kind in kindIndices {
            writer.line("case .kind\(kind): _ = visit(Kind\(kind)(item: item))")
          }
        }
      }
    }
    for operation in operations {
      writer.blank()
      writer.block("final class \(operation.typeName)Visitor: Visitor") { writer in
        writer.line(
          "private(set) var \(operation.member): \(operation.type) = \(operation.initialValue)")
        for kind in kindIndices {
          writer.block("override func visit(_ node: Kind\(kind)) -> VisitorContinueKind") { writer in
            writer.line("\(operation.member) = \(operation.result(kind, "node.value"))")
            writer.line("return .skipChildren")
          }
        }
      }
    }
  }

  private func writeClassHierarchy(_ writer: inout SourceWriter) {
    writer.block("class Item") { writer in
      writer.line("let value: UInt64")
      writer.blank()
      writer.block("init(value: UInt64)") { writer in
        writer.line("self.value = value")
      }
      writer.blank()
      for operation in operations {
        writer.line(
          "var \(operation.member): \(operation.type) { fatalError(\"a subclass overrides \(operation.member)\") }"
        )
      }
    }
    for kind in kindIndices {
      writer.blank()
      writer.block("final class Kind\(kind): Item") { writer in
        for operation in operations {
          writer.line(
            "override var \(operation.member): \(operation.type) { \(operation.result(kind, "value")) }"
          )
        }
      }
    }
  }

  private func writeCastChain(_ writer: inout SourceWriter) {
    writePlainKinds(&writer)
    for operation in operations {
      writer.blank()
      if operation.readsPayload {
        writeChain(
          &writer, operation, element: "Any", test: { "let item = item as? Kind\($0)" },
          body: { operation.result($0, "item.value") })
      } else {
        writeChain(
          &writer, operation, element: "Any", test: { "item is Kind\($0)" },
          body: { operation.result($0, "") })
      }
    }
    writer.blank()
    writeUnknownKind(&writer)
  }

  private func writeTypeEraser(_ writer: inout SourceWriter) {
    writeGetterProtocol(&writer)
    writeGetterKinds(&writer)
    writer.blank()
    writer.doc("Any kind, erased to a struct of closures, one per requirement, each capturing its own copy of the kind.")
    writer.block("struct AnyItem") { writer in
      for operation in operations {
        writer.line("let \(operation.member): () -> \(operation.type)")
      }
      writer.blank()
      writer.block("init<Kind: Item>(_ item: Kind)") { writer in
        for operation in operations {
          writer.line("\(operation.member) = { item.\(operation.member) }")
        }
      }
    }
  }

  private func writeHandlerTable(_ writer: inout SourceWriter) {
    // What depends on the kind alone is data, then the closures, so that a
    // registration ends in trailing closures.
    let fields = operations.filter { !$0.readsPayload } + operations.filter(\.readsPayload)
    writePlainKinds(&writer)
    writer.blank()
    writer.doc("What the table holds for one kind.")
    writer.block("struct Handler") { writer in
      for operation in fields {
        let type = operation.readsPayload ? "(Any) -> \(operation.type)" : operation.type
        writer.line("let \(operation.member): \(type)")
      }
    }
    writer.blank()
    writer.doc("The handlers, keyed by the `ObjectIdentifier` of the kind each one handles; a new kind is one more `register` call.")
    writer.block("struct HandlerTable") { writer in
      writer.line("private var handlers: [ObjectIdentifier: Handler] = [:]")
      writer.blank()
      writer.block("init()") { writer in
        for kind in kindIndices {
          var call = "register(" + (["Kind\(kind).self"] + fields.filter { !$0.readsPayload }.map {
            "\($0.member): \($0.result(kind, ""))"
          }).joined(separator: ", ") + ")"
          for (position, operation) in fields.filter(\.readsPayload).enumerated() {
            call += position == 0 ? " " : " \(operation.member): "
            call += "{ \(operation.result(kind, "$0.value")) }"
          }
          writer.line(call)
        }
      }
      writer.blank()
      writer.doc("Registers one kind's handler; the closures it is given are typed, and the table stores them behind closures that cast the element down.")
      let parameters = fields.map { operation in
        operation.readsPayload
          ? "\(operation.member): @escaping (Kind) -> \(operation.type)"
          : "\(operation.member): \(operation.type)"
      }
      writer.function(
        "mutating func register<Kind>", parameters: "_: Kind.Type, " + parameters.joined(separator: ", ")
      ) { writer in
        let arguments = fields.map { operation in
          operation.readsPayload
            ? "\(operation.member): { item in \(operation.member)(item as! Kind) }"
            : "\(operation.member): \(operation.member)"
        }
        writer.call("handlers[ObjectIdentifier(Kind.self)] = Handler", arguments: arguments)
      }
      writer.blank()
      writer.block("func handler(for item: Any) -> Handler") { writer in
        writer.block("guard let handler = handlers[ObjectIdentifier(type(of: item))] else") {
          writer in
          writer.line("preconditionFailure(\"no handler is registered for \\(type(of: item))\")")
        }
        writer.line("return handler")
      }
    }
  }
}

// MARK: The workload: the benchmark's plumbing

extension SyntheticSource {
  /// What one pattern's workload holds and how it reaches one element.
  private struct Plumbing {
    /// The array's element type.
    var element: String
    /// Kind `kind`'s element, made from `element.payload`.
    var make: (Int) -> String
    /// An operation's context, made once in `init` and passed to the
    /// per-element code: a visitor object or the handler table.
    var context:
      (SyntheticOperation) -> (property: String, parameter: String, type: String, make: String)?
    /// The per-element code, given `items`, `index` and the context under
    /// its parameter's name; its last line is the result.
    var perElement: (SyntheticOperation) -> [String]
  }

  private var plumbing: Plumbing {
    let namespace = self.namespace
    let payload = "value: element.payload"
    switch idiom {
    case .naive, .castChain:
      return Plumbing(
        element: idiom == .naive ? "any Item" : "Any", make: { "Kind\($0)(\(payload))" },
        context: { _ in nil },
        perElement: { ["\(namespace).\($0.member)(of: items[index])"] })
    case .protocolGetter, .classHierarchy:
      return Plumbing(
        element: idiom == .protocolGetter ? "any Item" : "Item",
        make: { "Kind\($0)(\(payload))" }, context: { _ in nil },
        perElement: { ["items[index].\($0.member)"] })
    case .classicVisitor:
      return Plumbing(
        element: "any Item", make: { "Kind\($0)(\(payload))" },
        context: {
          ("\($0.member)Visitor", "visitor", "\($0.typeName)Visitor", "\($0.typeName)Visitor()")
        },
        perElement: { ["items[index].accept(visitor: visitor)", "return visitor.\($0.member)"] })
    case .taggedVisitor:
      return Plumbing(
        element: "Item", make: { "Item(kind: .kind\($0), \(payload))" },
        context: {
          ("\($0.member)Visitor", "visitor", "\($0.typeName)Visitor", "\($0.typeName)Visitor()")
        },
        perElement: { ["visitor.walk(items[index])", "return visitor.\($0.member)"] })
    case .genericVisitor:
      return Plumbing(
        element: "any Item", make: { "Kind\($0)(\(payload))" }, context: { _ in nil },
        perElement: { ["items[index].accept(\($0.typeName)Visitor())"] })
    case .enumSwitch:
      return Plumbing(
        element: "Item", make: { ".kind\($0)(Kind\($0)(\(payload)))" }, context: { _ in nil },
        perElement: { ["items[index].\($0.member)"] })
    case .typeEraser:
      return Plumbing(
        element: "AnyItem", make: { "AnyItem(Kind\($0)(\(payload)))" }, context: { _ in nil },
        perElement: { ["items[index].\($0.member)()"] })
    case .handlerTable:
      return Plumbing(
        element: "Any", make: { "Kind\($0)(\(payload))" },
        context: { _ in ("table", "table", "HandlerTable", "HandlerTable()") },
        perElement: { operation in
          operation.readsPayload
            ? ["let item = items[index]", "return table.handler(for: item).\(operation.member)(item)"]
            : ["table.handler(for: items[index]).\(operation.member)"]
        })
    }
  }

  func writeWorkload(_ writer: inout SourceWriter) {
    let plumbing = self.plumbing
    writer.doc("The elements of a synthetic feed as this pattern holds them, and the loops the harness times.")
    writer.block("public final class Workload: SyntheticWorkload") { writer in
      writer.line("public static let name = \"\(pattern.rawValue)\"")
      writer.line("public static let kinds = \(kinds)")
      if idiom.rawValue != pattern.rawValue {
        writer.line("public static let writtenAs: String? = \"\(idiom.rawValue)\"")
      }
      writer.line("let items: [\(plumbing.element)]")
      var properties: [String] = []
      for operation in operations {
        if let context = plumbing.context(operation), !properties.contains(context.property) {
          properties.append(context.property)
          writer.line("let \(context.property) = \(context.make)")
        }
      }
      writer.blank()
      writer.block("public init(size: Int, seed: UInt64)") { writer in
        writer.line(
          "items = SyntheticFeed.elements(count: size, seed: seed, kinds: Self.kinds, as: Self.make)")
      }
      writer.blank()
      writer.line("public var count: Int { items.count }")
      writer.blank()
      writer.block("public func run(_ operation: String, range: Range<Int>, repetitions: Int)") {
        writer in
        writer.switchBlock("operation") { writer in
          for operation in operations {
            writer.line(
              "case \"\(operation.name)\": \(operation.member)Loop(range, repetitions: repetitions)")
          }
          writer.line("default: preconditionFailure(\"no synthetic operation \\(operation)\")")
        }
      }
      writer.blank()
      writer.block("public func output(_ operation: String, at index: Int) -> String") { writer in
        writer.switchBlock("operation") { writer in
          for operation in operations {
            let context = plumbing.context(operation).map { ", using: \($0.property)" } ?? ""
            writer.switchCase(
              "\"\(operation.name)\"",
              "String(Self.\(operation.member)(at: index, in: items\(context)))")
          }
          writer.line("default: preconditionFailure(\"no synthetic operation \\(operation)\")")
        }
      }
      writer.blank()
      writer.block("static func make(_ element: SyntheticElement) -> \(plumbing.element)") { writer in
        writer.switchBlock("element.kind") { writer in
          for kind in kindIndices {
            writer.line("case \(kind): \(plumbing.make(kind))")
          }
          writer.line("default: preconditionFailure(\"no kind \\(element.kind) in \(namespace)\")")
        }
      }
      writer.blank()
      writer.line("// MARK: One element, as the pattern writes it")
      for operation in operations {
        writer.blank()
        let context =
          plumbing.context(operation).map { ", using \($0.parameter): \($0.type)" } ?? ""
        writer.function(
          "static func \(operation.member)",
          parameters: "at index: Int, in items: [\(plumbing.element)]\(context)", result: operation.type
        ) { writer in
          for line in plumbing.perElement(operation) { writer.line(line) }
        }
      }
      writer.blank()
      writer.line("// MARK: The loops")
      for operation in operations {
        writer.blank()
        writer.line("@inline(never)")
        writer.block("func \(operation.member)Loop(_ range: Range<Int>, repetitions: Int)") {
          writer in
          writer.line("let items = opaque(self.items)")
          var argument = ""
          if let context = plumbing.context(operation) {
            writer.line("let \(context.parameter) = opaque(self.\(context.property))")
            argument = ", using: \(context.parameter)"
          }
          writer.block("for _ in 0..<repetitions") { writer in
            writer.block("for index in range") { writer in
              writer.line(
                "blackHole(Self.\(operation.member)(at: index, in: items\(argument)))")
            }
          }
        }
      }
    }
  }
}

// MARK: - The registry

/// `Sources/SyntheticRegistry/SyntheticRegistry.swift`: every pattern at
/// every number of kinds.
public enum SyntheticRegistrySource {
  public static let path = "Sources/SyntheticRegistry/SyntheticRegistry.swift"

  public static var text: String {
    var writer = SourceWriter()
    writer.line("// Generated by Benchmarks/Scripts/generate-synthetic.swift. Do not edit: change")
    writer.line("// the generator and run it (see Guides/Scaling.md).")
    writer.blank()
    writer.line("import BenchmarkSupport")
    for module in SyntheticPattern.allCases.map(\.module).sorted() {
      writer.line("import \(module)")
    }
    writer.blank()
    writer.doc("Every pattern of the synthetic domain at every number of kinds, patterns in the strategies' registry order, kinds ascending, under the strategies' names.")
    writer.line("///")
    writer.doc("Adding a pattern or a number of kinds is a change to the generator, which rewrites this list.")
    writer.block("public enum SyntheticRegistry") { writer in
      writer.doc("Every operation each workload runs, in order.")
      writer.line("public static let operations = [")
      for operation in SyntheticDomain.operations {
        writer.line("  \"\(operation.name)\",")
      }
      writer.line("]")
      writer.blank()
      writer.doc("The numbers of kinds each pattern is written for.")
      let counts = SyntheticDomain.kindCounts.map(String.init).joined(separator: ", ")
      writer.line("public static let kindCounts = [\(counts)]")
      writer.blank()
      writer.line(
        "public static let workloads: [(name: String, kinds: Int, type: any SyntheticWorkload.Type)] =")
      writer.line("  types.map { ($0.name, $0.kinds, $0) }")
      writer.blank()
      writer.line("private static let types: [any SyntheticWorkload.Type] = [")
      for pattern in SyntheticPattern.allCases {
        for kinds in SyntheticDomain.kindCounts {
          writer.line("  \(pattern.module).Kinds\(kinds).Workload.self,")
        }
      }
      writer.line("]")
      writer.blank()
      writer.doc("The workload type of a pattern, by its registry name, at some number of kinds.")
      writer.block(
        "public static func workload(named name: String, kinds: Int) -> (any SyntheticWorkload.Type)?"
      ) { writer in
        writer.line("workloads.first { $0.name == name && $0.kinds == kinds }?.type")
      }
    }
    return writer.lines.joined(separator: "\n") + "\n"
  }
}

// MARK: - Line diff

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

// MARK: - Edit cost

/// What a change costs each pattern, counted on the generator's output: the
/// domain part of a namespace (what an app holds: kinds, protocols, visitors,
/// tables, operations; not the benchmark's workload), without blank lines,
/// before and after.
///
/// Lines alone hide the articles' trade: adding an operation to a getter
/// protocol and adding a visitor both write a line per kind. What differs is
/// where: one new visitor, or a line in every kind. So each row also counts
/// hunks, the separate places the change touches.
public enum EditCost {
  public static let path = "results/reference/scaling/edit-cost.csv"

  public struct Row: Equatable, Sendable {
    public var pattern: SyntheticPattern
    /// `add-kind` or `add-operation`.
    public var change: String
    /// Kinds (for `add-kind`) or operations (for `add-operation`) before and after.
    public var from: Int
    public var to: Int
    public var counts: LineDiff.Counts
    /// The kinds and operations before the change.
    public var kinds: Int
    public var operations: Int
  }

  /// Adding one kind (N to N+1, every operation) at each N of the sweep, and
  /// adding the next operation (M to M+1) at each N.
  public static var rows: [Row] {
    let all = SyntheticDomain.operations
    var rows: [Row] = []
    // A pattern written as its template (`writtenLike`) has no edit cost of
    // its own yet: its row comes with its idiom, so a scaffold leaves this
    // file, reference evidence, as it was.
    for pattern in SyntheticPattern.allCases where SyntheticPattern.writtenLike[pattern] == nil {
      for kinds in SyntheticDomain.kindCounts {
        let before = SyntheticSource(pattern: pattern, kinds: kinds).domainLines
        let after = SyntheticSource(pattern: pattern, kinds: kinds + 1).domainLines
        rows.append(
          Row(
            pattern: pattern, change: "add-kind", from: kinds, to: kinds + 1,
            counts: LineDiff.counts(from: before, to: after), kinds: kinds,
            operations: all.count))
      }
      for kinds in SyntheticDomain.kindCounts {
        for operations in 1..<all.count {
          let before = SyntheticSource(
            pattern: pattern, kinds: kinds, operations: Array(all.prefix(operations))
          ).domainLines
          let after = SyntheticSource(
            pattern: pattern, kinds: kinds, operations: Array(all.prefix(operations + 1))
          ).domainLines
          rows.append(
            Row(
              pattern: pattern, change: "add-operation", from: operations, to: operations + 1,
              counts: LineDiff.counts(from: before, to: after), kinds: kinds,
              operations: operations))
        }
      }
    }
    return rows
  }

  public static var csv: String {
    var lines = [
      "pattern,change,from,to,lines_added,lines_changed,lines_removed,hunks,kinds,operations"
    ]
    for row in rows {
      let fields: [Any] = [
        row.pattern.rawValue, row.change, row.from, row.to, row.counts.added, row.counts.changed,
        row.counts.removed, row.counts.hunks, row.kinds, row.operations,
      ]
      lines.append(fields.map { "\($0)" }.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

// MARK: - Every generated file

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
  /// generated directory that the generator does not write.
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

  /// Swift files in the generated directories that the generator does not write.
  public static func strayFiles(_ files: [(path: String, text: String)], root: String) -> [String]
  {
    let generated = Set(files.map(\.path))
    let directories = Set(files.map { ($0.path as NSString).deletingLastPathComponent })
      .filter { $0.hasPrefix("Sources/") }
    var stray: [String] = []
    for directory in directories.sorted() {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + directory)) ?? []
      for name in names.sorted() where name.hasSuffix(".swift") {
        let path = directory + "/" + name
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

// MARK: - Command line

/// The package root: this file is Benchmarks/Scripts/generate-synthetic.swift.
let packageRoot = URL(fileURLWithPath: #filePath).standardizedFileURL
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: swift Benchmarks/Scripts/generate-synthetic.swift [--check]"
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
if let unknown = arguments.first(where: { $0 != "--check" }) {
  FileHandle.standardError.write(Data("error: unknown argument \(unknown)\n\(usage)\n".utf8))
  exit(64)
}

let files = SyntheticGenerator.files
if arguments.contains("--check") {
  let problems = SyntheticGenerator.outOfDate(files, root: packageRoot)
  if problems.isEmpty {
    print("generate-synthetic: \(files.count) files up to date")
    exit(0)
  }
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("generate-synthetic-\(ProcessInfo.processInfo.processIdentifier)").path
  try SyntheticGenerator.write(files, root: scratch)
  var message = "error: the synthetic sources are out of date:\n"
  for problem in problems { message += "  \(problem)\n" }
  message += "The fresh files are in \(scratch); regenerate with\n"
  message += "  swift Benchmarks/Scripts/generate-synthetic.swift\n"
  FileHandle.standardError.write(Data(message.utf8))
  exit(1)
}

try SyntheticGenerator.write(files, root: packageRoot)
for path in SyntheticGenerator.strayFiles(files, root: packageRoot) {
  try FileManager.default.removeItem(atPath: packageRoot + "/" + path)
  print("removed \(path)")
}
print("generate-synthetic: wrote \(files.count) files under \(packageRoot)")
