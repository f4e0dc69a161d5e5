// MARK: The domain, in each pattern's idiom (the visitors' in SyntheticSource+Visitors.swift)

extension SyntheticSource {
  func writeDomain(_ writer: inout SourceWriter) {
    switch idiom {
    case .naive: writeNaive(&writer)
    case .protocolGetter: writeProtocolGetter(&writer)
    case .classicVisitor: writeAcceptingVisitor(&writer, generic: false)
    case .genericVisitor: writeAcceptingVisitor(&writer, generic: true)
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
    writer.doc(
      "Any kind, erased to a struct of closures, one per requirement, each capturing its own copy of the kind.")
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
    writer.doc(
      "The handlers, keyed by the `ObjectIdentifier` of the kind each one handles; "
        + "a new kind is one more `register` call.")
    writer.block("struct HandlerTable") { writer in
      writer.line("private var handlers: [ObjectIdentifier: Handler] = [:]")
      writer.blank()
      writer.block("init()") { writer in
        for kind in kindIndices {
          var call =
            "register("
            + (["Kind\(kind).self"]
            + fields.filter { !$0.readsPayload }.map {
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
      writeRegister(&writer, fields: fields)
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

  /// The table's `register`, for the handler's `fields`.
  private func writeRegister(_ writer: inout SourceWriter, fields: [SyntheticOperation]) {
    writer.doc(
      "Registers one kind's handler; the closures it is given are typed, "
        + "and the table stores them behind closures that cast the element down.")
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
  }
}
