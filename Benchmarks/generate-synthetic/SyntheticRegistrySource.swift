/// `Sources/SyntheticRegistry/generated/SyntheticRegistry.swift`: every pattern at
/// every number of kinds.
public enum SyntheticRegistrySource {
  public static let path = "Sources/SyntheticRegistry/generated/SyntheticRegistry.swift"

  public static var text: String {
    var writer = SourceWriter()
    writer.generatedHeader()
    writer.blank()
    writer.line("import BenchmarkSupport")
    for module in SyntheticPattern.allCases.map(\.module).sorted() {
      writer.line("import \(module)")
    }
    writer.blank()
    writer.doc(
      "Every pattern of the synthetic domain at every number of kinds, "
        + "patterns in the strategies' registry order, kinds ascending, under the strategies' names.")
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
