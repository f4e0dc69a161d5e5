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
