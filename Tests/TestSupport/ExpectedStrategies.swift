/// The strategies the registry must hold, by name: the one list the parity
/// tests hold the registry to, so that a strategy missing from it (or one
/// added without being named here) fails them instead of leaving fewer to
/// agree. Adding a strategy adds its name here.
package enum ExpectedStrategies {
  package static let names = [
    "naive", "protocol-getter", "classic-visitor", "generic-visitor", "enum-switch", "class-hierarchy",
    "cast-chain", "type-eraser", "handler-table", "tagged-visitor",
  ]

  /// Why `registered` (the registry's names, in its order) is not the
  /// expected list, or `nil` when it holds each expected name once and no
  /// other.
  package static func mismatch(_ registered: [String]) -> String? {
    let missing = names.filter { !registered.contains($0) }
    let unexpected = registered.filter { !names.contains($0) }
    let repeated = Set(registered.filter { name in registered.filter { $0 == name }.count > 1 })
    guard missing.isEmpty && unexpected.isEmpty && repeated.isEmpty else {
      return
        "the registry holds \(registered): missing \(missing), not expected \(unexpected), repeated \(repeated.sorted())"
    }
    return nil
  }
}
