/// A timed loop of the binary, named from its mangled symbol: the one rule
/// by which `CodeSize` finds a row's loop (`CodeSize.isLoop`) and by which
/// the scripts that read the binary (`check-kernels.py`, `layouts-check.py`,
/// `loops-diff.py`) find every loop, through `dispatch-bench _timed-loops`.
///
/// A loop's closures, specialisations and merged bodies are symbols that
/// begin as the loop's own does, so they are timed loops of the same name.
package struct TimedLoop: Equatable, Sendable {
  /// Which of the harness's loops it is.
  package enum Family: String, CaseIterable, Sendable {
    /// The boundary mode's: a strategy's specialisation of
    /// `StrategyRegistry.Kernels.<loop>`.
    case kernel
    /// The floor's loop, `StrategyRegistry.Kernels.floor`, which no strategy
    /// specialises.
    case floor
    /// App mode's: `App<Strategy>.AppLoops.<loop>Loop`.
    case app
    /// The synthetic domain's: `Synthetic<Pattern>.Kinds<N>.Workload.<loop>Loop`.
    case synthetic
    /// The existential domain's: `Existential.<Contender>.<loop>Loop`.
    case existential
  }

  package var family: Family
  /// The module whose code it times: the strategy's (`ClassicVisitor`), the
  /// app module (`AppClassicVisitor`), the synthetic module
  /// (`SyntheticClassicVisitor`), the existential contender (`AnyInline`);
  /// empty for the floor.
  package var module: String
  /// The synthetic namespace's number of kinds; 0 elsewhere.
  package var kinds: Int
  /// Its name: the kernel's (`shareMixed`), or the loop's (`shareLoop`).
  package var loop: String
  /// The mangled symbol.
  package var symbol: String

  /// The timed loop `symbol` is part of, or `nil` when it is none: never a
  /// protocol witness thunk (`…TW`), which no run calls and only an
  /// `-enable-testing` build keeps (`swift test -c release`; CodeSizeTests).
  package init?(symbol: String) {
    guard !symbol.hasSuffix("TW") else { return nil }
    self.symbol = symbol
    kinds = 0
    var rest = symbol.utf8[...]
    guard rest.starts(with: "$s".utf8) else { return nil }
    rest = rest.dropFirst(2)
    guard let first = Self.identifier(&rest) else { return nil }
    switch first {
    case "StrategyRegistry":
      guard Self.take("7KernelsO", &rest), let kernel = Self.identifier(&rest) else { return nil }
      loop = kernel
      if kernel == "floor" {
        family = .floor
        module = ""
        return
      }
      // A strategy's specialisation names its type after the generic
      // static function's `lFZ`; the unspecialised body names none.
      guard let signatureEnd = Self.range(of: "lFZ", in: rest) else { return nil }
      var types = rest[signatureEnd.upperBound...]
      guard let module = Self.identifier(&types, words: ["Strategy", "Registry", "Kernels"]) else { return nil }
      family = .kernel
      self.module = module
    case _ where first.hasPrefix("App"):
      // `AppLoops`, its first word substituted by the module's: `0A5LoopsC`.
      guard Self.take("0A5LoopsC", &rest), let name = Self.identifier(&rest), name.hasSuffix("Loop") else { return nil }
      family = .app
      module = first
      loop = name
    case _ where first.hasPrefix("Synthetic"):
      guard let namespace = Self.identifier(&rest), namespace.hasPrefix("Kinds"),
        let count = Int(namespace.dropFirst("Kinds".count)), Self.take("O8WorkloadC", &rest),
        let name = Self.identifier(&rest), name.hasSuffix("Loop")
      else { return nil }
      family = .synthetic
      module = first
      kinds = count
      loop = name
    case "Existential":
      guard let contender = Self.identifier(&rest), Self.take("C", &rest), let name = Self.identifier(&rest),
        name.hasSuffix("Loop")
      else { return nil }
      family = .existential
      module = contender
      loop = name
    default:
      return nil
    }
  }

  /// The line `dispatch-bench _timed-loops` prints for it: family, module,
  /// kinds, loop and symbol, tab-separated.
  package var line: String { [family.rawValue, module, String(kinds), loop, symbol].joined(separator: "\t") }

  /// Takes `literal` off the front of `text`, if it is there.
  private static func take(_ literal: String, _ text: inout Substring.UTF8View) -> Bool {
    guard text.starts(with: literal.utf8) else { return false }
    text = text.dropFirst(literal.utf8.count)
    return true
  }

  private static func range(of literal: String, in text: Substring.UTF8View) -> Range<Substring.UTF8View.Index>? {
    let needle = Array(literal.utf8)
    var index = text.startIndex
    while index != text.endIndex {
      if text[index...].starts(with: needle) { return index..<text.index(index, offsetBy: needle.count) }
      index = text.index(after: index)
    }
    return nil
  }

  /// Reads one mangled identifier off the front of `text`: its length in
  /// digits and itself, or, after a `0`, its words, each spelt out (length,
  /// then the word) or substituted by a letter naming one of `words` (the
  /// symbol's first words, in order: `04NullA` is `NullStrategy` in a
  /// symbol that starts with `StrategyRegistry`; a capital ends the
  /// identifier). `nil` for anything else, or a substitution beyond `words`.
  static func identifier(_ text: inout Substring.UTF8View, words: [String] = []) -> String? {
    guard let first = text.first else { return nil }
    if first != UInt8(ascii: "0") { return literal(&text) }
    var rest = text.dropFirst()
    var name = ""
    while let next = rest.first {
      if (49...57).contains(next) {
        guard let word = literal(&rest) else { return nil }
        name += word
      } else if (97...122).contains(next) || (65...90).contains(next) {
        let index = Int(next) - ((97...122).contains(next) ? 97 : 65)
        guard index < words.count else { return nil }
        name += words[index]
        rest = rest.dropFirst()
        if (65...90).contains(next) {
          text = rest
          return name
        }
      } else {
        return nil
      }
    }
    return nil
  }

  /// A length in digits (no leading zero), then that many bytes.
  private static func literal(_ text: inout Substring.UTF8View) -> String? {
    guard let first = text.first, (49...57).contains(first) else { return nil }
    var rest = text
    var length = 0
    while let digit = rest.first, (48...57).contains(digit) {
      length = length * 10 + Int(digit - 48)
      rest = rest.dropFirst()
      if length > rest.count { return nil }
    }
    guard rest.count >= length else { return nil }
    let identifier = String(decoding: rest.prefix(length), as: UTF8.self)
    text = rest.dropFirst(length)
    return identifier
  }
}

extension CodeSize {
  /// Every timed loop of the binary, in symbol order.
  package var timedLoops: [TimedLoop] {
    functionNames.compactMap(TimedLoop.init(symbol:)).sorted { $0.symbol < $1.symbol }
  }
}
