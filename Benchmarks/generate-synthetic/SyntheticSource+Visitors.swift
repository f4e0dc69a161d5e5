// MARK: The visitors' domains

extension SyntheticSource {
  /// A visitor type per operation, opened by `declaration`, with a `visit`
  /// per kind (written by `visit`); one that `keepsResult` stores the last
  /// one it computed.
  private func writeOperationVisitors(
    _ writer: inout SourceWriter, declaration: (SyntheticOperation) -> String, keepsResult: Bool,
    visit: (inout SourceWriter, SyntheticOperation, Int) -> Void
  ) {
    for operation in operations {
      writer.blank()
      writer.block(declaration(operation)) { writer in
        if keepsResult {
          writer.line(
            "private(set) var \(operation.member): \(operation.type) = \(operation.initialValue)")
        }
        for kind in kindIndices { visit(&writer, operation, kind) }
      }
    }
  }

  /// The visitors whose kinds `accept` one: the classic visitor, whose
  /// visits return nothing and whose visitor objects keep their last result,
  /// or the generic one, whose visitor protocol has a result type.
  func writeAcceptingVisitor(_ writer: inout SourceWriter, generic: Bool) {
    let accept = generic ? "func accept<V: Visitor>(_ visitor: V) -> V.T" : "func accept(visitor: any Visitor)"
    writer.block("protocol Item", lines: [accept])
    writer.blank()
    writer.doc(
      generic
        ? "One `visit` per kind, each returning the visitor's result type."
        : "One `visit` per kind. Visits return nothing; a visitor object keeps its last result.")
    writer.block(generic ? "protocol Visitor<T>" : "protocol Visitor: AnyObject") { writer in
      if generic { writer.line("associatedtype T") }
      for kind in kindIndices {
        writer.line("func visit(_ item: Kind\(kind))" + (generic ? " -> T" : ""))
      }
    }
    for kind in kindIndices {
      writer.blank()
      writer.block("struct Kind\(kind): Item", lines: ["let value: UInt64", "\(accept) { visitor.visit(self) }"])
    }
    writeOperationVisitors(
      &writer, declaration: { (generic ? "struct " : "final class ") + "\($0.typeName)Visitor: Visitor" },
      keepsResult: !generic
    ) { writer, operation, kind in
      let result = operation.result(kind, "item.value")
      writer.line(
        generic
          ? "func visit(_ item: Kind\(kind)) -> \(operation.type) { \(result) }"
          : "func visit(_ item: Kind\(kind)) { \(operation.member) = \(result) }")
    }
  }

  func writeTaggedVisitor(_ writer: inout SourceWriter) {
    writer.doc("The kind tag every element carries, as `SyntaxKind` is a syntax node's.")
    writer.block("enum ItemKind", lines: ["case " + kindIndices.map { "kind\($0)" }.joined(separator: ", ")])
    writer.blank()
    writer.doc("Every element as one struct: its kind's tag beside its payload.")
    writer.block("struct Item", lines: ["let kind: ItemKind", "let value: UInt64"])
    writer.blank()
    writer.doc("Whether the walk goes on into a node's children, as `SyntaxVisitorContinueKind`.")
    writer.block("enum VisitorContinueKind", lines: ["case visitChildren, skipChildren"])
    for kind in kindIndices {
      writer.blank()
      writer.block("struct Kind\(kind)", lines: ["let item: Item", "var value: UInt64 { item.value }"])
    }
    writer.blank()
    writer.doc("One overridable `visit` per kind, each returning whether to go on; `walk` switches on the tag.")
    writer.block("class Visitor") { writer in
      for kind in kindIndices {
        writer.line("func visit(_ node: Kind\(kind)) -> VisitorContinueKind { .visitChildren }")
      }
      writer.blank()
      writer.doc(
        "Never inlined, as swift-syntax's walk is compiled in its own module: "
          + "inlined into a loop over one `final` visitor, its vtable calls would become direct ones.")
      writer.line("@inline(never)")
      writer.block("final func walk(_ item: Item)") { writer in
        writer.switchBlock("item.kind") { writer in
          for kind in kindIndices {
            writer.line("case .kind\(kind): _ = visit(Kind\(kind)(item: item))")
          }
        }
      }
    }
    writeOperationVisitors(
      &writer, declaration: { "final class \($0.typeName)Visitor: Visitor" }, keepsResult: true
    ) { writer, operation, kind in
      writer.block("override func visit(_ node: Kind\(kind)) -> VisitorContinueKind") { writer in
        writer.line("\(operation.member) = \(operation.result(kind, "node.value"))")
        writer.line("return .skipChildren")
      }
    }
  }
}
