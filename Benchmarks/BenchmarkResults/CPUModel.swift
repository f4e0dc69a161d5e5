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

  /// A column's title among CPUs of other names: the model name without
  /// trademarks and filler words, then its family and model
  /// (`Intel Xeon f6 m207`, `AMD EPYC f25 m17`); the whole text when the
  /// column gives no details.
  public var shortLabel: String {
    guard let details else { return text }
    let filler: Set<String> = ["Processor", "CPU", ""]
    let words = name.split(separator: " ").map { word in
      var word = String(word)
      for mark in ["(R)", "(TM)"] where word.hasSuffix(mark) { word.removeLast(mark.count) }
      return word
    }.filter { !filler.contains($0) }
    let parts = details.split(separator: ", ").compactMap { part -> String? in
      let pair = part.split(separator: " ")
      guard pair.count == 2 else { return nil }
      switch pair[0] {
      case "family": return "f" + pair[1]
      case "model": return "m" + pair[1]
      default: return nil
      }
    }
    return (words + parts).joined(separator: " ")
  }
}
