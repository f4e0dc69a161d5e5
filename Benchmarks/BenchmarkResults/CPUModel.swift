/// What a run's `cpu_model` column says of its CPU: the model name and, in
/// runs since the column named them, its family, model and stepping
/// (`AMD EPYC (family 25, model 17, stepping 1)`). A virtual machine may
/// name only the vendor's line, and two generations of one line predict
/// branches differently, so the details are what tell two machines apart;
/// older files say only `AMD EPYC`.
public struct CPUModel: Hashable, Sendable {
  /// The column as written: what names the machine.
  public var text: String
  /// The model name, without the details.
  public var name: String
  /// `family 25, model 17, stepping 1`, or `nil` when the column gives none.
  public var details: String?

  public init(_ text: String) {
    self.text = text
    let parts = text.split(separator: " (", maxSplits: 1)
    if parts.count == 2, parts[1].hasSuffix(")"), parts[1].hasPrefix("family ") {
      name = String(parts[0])
      details = String(parts[1].dropLast())
    } else {
      name = text
      details = nil
    }
  }

  /// Whether the column names the CPU's family: files written before it
  /// did name the model line alone, which two generations can share.
  public var namesFamily: Bool { details != nil }
}
