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
    typealias Context = (property: String, parameter: String, type: String, make: String)
    var context: (SyntheticOperation) -> Context? = { _ in nil }
    /// The per-element code, given `items`, `index` and the context under
    /// its parameter's name; its last line is the result.
    var perElement: (SyntheticOperation) -> [String]
  }

  private var plumbing: Plumbing {
    let namespace = self.namespace
    let payload = "value: element.payload"
    // Kind N's struct, made from the payload.
    let plainKind = { (kind: Int) in "Kind\(kind)(\(payload))" }
    // A visitor object per operation, kept by the workload.
    let visitorObject = { (operation: SyntheticOperation) -> Plumbing.Context? in
      ("\(operation.member)Visitor", "visitor", "\(operation.typeName)Visitor", "\(operation.typeName)Visitor()")
    }
    switch idiom {
    case .naive, .castChain:
      return Plumbing(
        element: idiom == .naive ? "any Item" : "Any", make: plainKind,
        perElement: { ["\(namespace).\($0.member)(of: items[index])"] })
    case .protocolGetter, .classHierarchy:
      return Plumbing(
        element: idiom == .protocolGetter ? "any Item" : "Item", make: plainKind,
        perElement: { ["items[index].\($0.member)"] })
    case .classicVisitor:
      return Plumbing(
        element: "any Item", make: plainKind, context: visitorObject,
        perElement: { ["items[index].accept(visitor: visitor)", "return visitor.\($0.member)"] })
    case .taggedVisitor:
      return Plumbing(
        element: "Item", make: { "Item(kind: .kind\($0), \(payload))" },
        context: visitorObject,
        perElement: { ["visitor.walk(items[index])", "return visitor.\($0.member)"] })
    case .genericVisitor:
      return Plumbing(
        element: "any Item", make: plainKind,
        perElement: { ["items[index].accept(\($0.typeName)Visitor())"] })
    case .enumSwitch:
      return Plumbing(
        element: "Item", make: { ".kind\($0)(Kind\($0)(\(payload)))" },
        perElement: { ["items[index].\($0.member)"] })
    case .typeEraser:
      return Plumbing(
        element: "AnyItem", make: { "AnyItem(Kind\($0)(\(payload)))" },
        perElement: { ["items[index].\($0.member)()"] })
    case .handlerTable:
      return Plumbing(
        element: "Any", make: plainKind,
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
      writeEntryPoints(&writer, plumbing)
      writer.blank()
      writer.line("// MARK: One element, as the pattern writes it")
      writePerElement(&writer, plumbing)
      writer.blank()
      writer.line("// MARK: The loops")
      writeLoops(&writer, plumbing)
    }
  }

  /// The workload's `run`, `output` and `make`: an operation or a kind by
  /// its number, in a `switch`.
  private func writeEntryPoints(_ writer: inout SourceWriter, _ plumbing: Plumbing) {
    writer.block("public func run(_ operation: String, range: Range<Int>, repetitions: Int)") {
      writer in
      writeOperationSwitch(&writer) { writer, operation in
        writer.line("case \"\(operation.name)\": \(operation.member)Loop(range, repetitions: repetitions)")
      }
    }
    writer.blank()
    writer.block("public func output(_ operation: String, at index: Int) -> String") { writer in
      writeOperationSwitch(&writer) { writer, operation in
        let context = plumbing.context(operation).map { ", using: \($0.property)" } ?? ""
        writer.switchCase(
          "\"\(operation.name)\"", "String(Self.\(operation.member)(at: index, in: items\(context)))")
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
  }

  /// `switch operation`, an arm per operation (written by `arm`), and a
  /// trap for any other name.
  private func writeOperationSwitch(
    _ writer: inout SourceWriter, _ arm: (inout SourceWriter, SyntheticOperation) -> Void
  ) {
    writer.switchBlock("operation") { writer in
      for operation in operations { arm(&writer, operation) }
      writer.line("default: preconditionFailure(\"no synthetic operation \\(operation)\")")
    }
  }

  /// Each operation on one element, as the pattern writes it.
  private func writePerElement(_ writer: inout SourceWriter, _ plumbing: Plumbing) {
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
  }

  /// The timed loops, one per operation, over `opaque` copies of what they
  /// read.
  private func writeLoops(_ writer: inout SourceWriter, _ plumbing: Plumbing) {
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
