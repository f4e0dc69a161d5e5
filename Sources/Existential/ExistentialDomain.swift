import BenchmarkSupport

/// The existential domain: the compiler's advice on `any P`
/// (swiftlang/swift, userdocs/diagnostics/existential-type.md) tested on one
/// kind of element held nine ways, each a `SyntheticWorkload` of one kind
/// timed through the synthetic domain's harness path (Guides/Existentials.md).
///
/// One module, as an app compiles its values, its protocol and its loops:
/// whole-module optimised, with SwiftPM's release defaults; the boundary
/// contenders reach `ExistentialBoundary`, built without cross-module
/// optimisation, for their factory or their generic functions.
public enum ExistentialDomain {
  public static let name = "existential"

  /// Every operation each contender runs, in order.
  public static let operations = ["existential.getter", "existential.wrap"]

  /// Every contender, in row order.
  public static let workloads: [any SyntheticWorkload.Type] = [
    AnyInline.self, AnyBoxed.self, Generic.self, Concrete.self, EnumSwitch.self, Eraser.self, Opaque.self,
    OpaqueBoundary.self, GenericBoundary.self,
  ]

  /// The contenders' names, in row order.
  public static let names = workloads.map { $0.name }

  /// The contender named `name`, or `nil`.
  public static func workload(named name: String) -> (any SyntheticWorkload.Type)? {
    workloads.first { $0.name == name }
  }

  /// The bytes of the element as `any-inline` and `any-boxed` hold it:
  /// within and past the existential's three-word inline buffer.
  public static let payloadBytes = (inline: MemoryLayout<InlineValue>.size, boxed: MemoryLayout<BoxedValue>.size)

  /// The bytes of an `any Shape`: the inline buffer, the type and one
  /// witness table.
  public static let existentialBytes = MemoryLayout<any Shape>.size
}
