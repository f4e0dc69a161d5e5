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
