import BenchmarkResults
import BinaryInspection

/// Bytes of machine code, read from this executable's own symbol table.
///
/// - For the share and feed domains: the timed loop of a strategy, mode and
///   operation, and every function of the binary it reaches by direct calls
///   and tail calls, transitively (the strategy's entry points, the model
///   code they call, the specialisations the optimiser made for them). Code
///   reached only through a witness table, a vtable or a closure is not
///   found this way, so for patterns that dispatch indirectly the count is
///   the direct part only: a lower bound.
/// - For the synthetic domain: the operation's timed loop in the pattern's
///   code for N kinds (its namespace `Synthetic<Pattern>.Kinds<N>`), the
///   functions of that namespace whose symbols name the operation (its
///   member, `constant`, or its visitor, `ConstantVisitor`: every kind's
///   implementation, witness and vtable override, and visit method) or the
///   pattern's shared dispatch (`accept`), and, from all of them, what direct
///   calls reach. A function that names another operation too (a generic
///   `register(_:constant:label:computed:)`) is left to the direct calls.
///   Closures name no operation, so the per-kind closures an operation
///   calls through a pointer are found by their mangled type instead
///   (`syntheticClosures`): the type eraser's specialised closures by the
///   operation's result type (`() -> Int` for `constant`), the handler
///   table's by the only closure its table holds per kind, `computed`'s
///   (its constants and labels are data in the table).
///
/// The shared harness (black hole, opaque identity, malloc interposer) and
/// the Swift runtime are never counted: every strategy pays them alike.
///
/// A call is a direct call or jump (`call rel32`, `jmp`, `jcc`) whose target
/// is a function symbol's first byte, found by reading the reached
/// function's instructions one after another from its first byte
/// (`X86Instruction`), not by looking for call opcodes at every byte: a
/// byte inside another instruction can read as a call to a function's
/// first byte in one code layout and not in another. Linux
/// x86-64 ELF only (`code_bytes` is empty elsewhere, and for a binary that
/// holds the Swift runtime itself: `holdsSwiftRuntime`).
package struct CodeSize {
  package typealias Function = ELFFunctions.Function

  private let bytes: [UInt8]
  private let functions: [Function]
  private let byAddress: [UInt64: Int]
  /// The functions that can be a share or feed row's loop (`isLoop`), found
  /// once: a run asks for hundreds of rows, each of which would otherwise
  /// read every symbol's name.
  private let loopCandidates: [Int]
  /// The synthetic modules' functions by namespace (`$s15SyntheticNaive6Kinds4O`).
  private let syntheticMembers: [String: [Int]]

  /// This executable's, or `nil` where it cannot be read.
  package static func ofThisExecutable() -> CodeSize? { CodeSize(file: executablePath()) }

  /// The executable at `path`'s, or `nil` where it cannot be read.
  package init?(file path: String) {
    guard let bytes = try? readBytes(path) else { return nil }
    self.init(elf: bytes)
  }

  /// - Returns: `nil` unless `elf` is a 64-bit little-endian x86-64 ELF file
  ///   with a symbol table, and for one that holds the Swift runtime.
  package init?(elf bytes: [UInt8]) {
    guard let functions = ELFFunctions.read(bytes), !functions.isEmpty, !Self.holdsSwiftRuntime(functions)
    else { return nil }
    self.bytes = bytes
    self.functions = functions
    byAddress = Dictionary(functions.indices.map { (functions[$0].address, $0) }) { first, _ in first }
    loopCandidates = functions.indices.filter {
      guard let loop = TimedLoop(symbol: functions[$0].name) else { return false }
      return loop.family == .kernel || loop.family == .app
    }
    var members: [String: [Int]] = [:]
    for index in functions.indices {
      if let namespace = Self.syntheticNamespace(functions[index].name) {
        members[namespace, default: []].append(index)
      }
    }
    syntheticMembers = members
  }

  /// Whether the executable at `path` holds the Swift runtime and standard
  /// library (`--static-swift-stdlib`), so that it has no counts.
  package static func holdsSwiftRuntime(file path: String) -> Bool {
    guard let bytes = try? readBytes(path), let functions = ELFFunctions.read(bytes) else { return false }
    return holdsSwiftRuntime(functions)
  }

  /// Whether these functions include the runtime's own `swift_retain`, as
  /// in a binary linked with `--static-swift-stdlib`. There a loop's direct
  /// calls reach into the runtime and on through it (every row's count,
  /// at most 15 KB in a build whose runtime is a shared library, became
  /// 435 to 541 KB: Guides/Platforms.md), so a count would be mostly the
  /// runtime's, which the count leaves out everywhere else.
  private static func holdsSwiftRuntime(_ functions: [Function]) -> Bool {
    functions.contains { $0.name == "swift_retain" }
  }

  /// What `run` says when this executable holds the Swift runtime.
  package static let runtimeNote =
    "note: this dispatch-bench holds the Swift runtime (--static-swift-stdlib), which every loop's calls reach, "
    + "so code_bytes is left empty: a count would be mostly the runtime's. Code size is the binary's, not the "
    + "machine's: count it on a build with a toolchain (swift run -c release dispatch-bench)"

  /// The namespace a synthetic module's symbol lies in,
  /// `$s<Synthetic module><KindsN>O`, or `nil`.
  private static func syntheticNamespace(_ symbol: String) -> String? {
    var rest = symbol.utf8[...]
    guard rest.starts(with: "$s".utf8) else { return nil }
    rest = rest.dropFirst(2)
    guard let module = TimedLoop.identifier(&rest), module.hasPrefix("Synthetic"),
      let kinds = TimedLoop.identifier(&rest), kinds.hasPrefix("Kinds"), rest.first == UInt8(ascii: "O")
    else { return nil }
    return "$s" + mangled(module) + mangled(kinds) + "O"
  }

  /// The bytes of `roots` and of every function they reach by direct calls
  /// and tail calls, transitively, leaving out the shared harness.
  private func bytes(reachedFrom roots: [Int]) -> Int {
    var seen = Set(roots)
    var queue = roots
    while let index = queue.popLast() {
      let function = functions[index]
      let end = function.offset + Int(function.size)
      var position = function.offset
      while position < end {
        // A byte the decoder cannot read (none in this package's release
        // build: X86InstructionTests checks it against objdump) is stepped over, and the walk finds its footing
        // again at the next instruction, as a disassembler does.
        guard let instruction = X86Instruction(bytes, at: position, end: end) else {
          position += 1
          continue
        }
        position += instruction.length
        if let branch = instruction.branch {
          let next = Int64(function.address) + Int64(position - function.offset)
          if let target = byAddress[UInt64(bitPattern: next + branch.displacement)], !seen.contains(target),
            !Self.isHarness(functions[target].name)
          {
            seen.insert(target)
            queue.append(target)
          }
        }
      }
    }
    return seen.reduce(0) { $0 + Int(functions[$1].size) }
  }

  /// The code one synthetic operation runs for N kinds (its loop, the
  /// namespace's functions naming it or the dispatch, not another operation).
  private func syntheticBytes(module: String, kinds: Int, operation: String) -> Int? {
    guard let names = Self.syntheticNames[operation] else { return nil }
    let namespace = "$s" + Self.mangled("Synthetic" + module) + Self.mangled("Kinds\(kinds)") + "O"
    let members = syntheticMembers[namespace] ?? []
    let loop = Self.mangled(names.loop)
    guard members.contains(where: { functions[$0].name.contains(loop) }) else { return nil }
    let others = Self.syntheticNames.filter { $0.key != operation }.values.flatMap(\.members)
    let visitors = names.members.compactMap(Self.wordSubstituted),
      otherVisitors = others.compactMap(Self.wordSubstituted)
    let roots = members.filter { index in
      let name = functions[index].name
      if name.contains(loop) { return true }
      let named =
        (names.members + Self.syntheticDispatch).contains { Self.names(name, $0) }
        || visitors.contains { name.contains($0) }
      let other = others.contains(where: { Self.names(name, $0) }) || otherVisitors.contains { name.contains($0) }
      if named && !other { return true }
      return Self.isClosure(name) && (Self.syntheticClosures[operation] ?? []).contains { name.contains($0) }
    }
    return bytes(reachedFrom: roots)
  }

  /// Whether a mangled symbol holds `identifier` whole: `8constant` in
  /// `...5Kind0V8constantSivg`, not in `...12constantLoop`.
  private static func names(_ symbol: String, _ identifier: String) -> Bool {
    let mangled = Array(self.mangled(identifier).utf8)
    let bytes = Array(symbol.utf8)
    guard bytes.count >= mangled.count else { return false }
    for start in 0...(bytes.count - mangled.count) where bytes[start..<start + mangled.count].elementsEqual(mangled) {
      if start == 0 || !(48...57).contains(bytes[start - 1]) { return true }
    }
    return false
  }

  /// The code bytes of a row, from the binary alone: for a synthetic row,
  /// as the type's documentation says; for a share or feed row, its
  /// strategy's timed loop for its operation and mode and what that loop
  /// reaches by direct calls (a lower bound: see `CodeSizeProbe` for the
  /// count that follows dispatch). `nil` for the floor, the null, and where
  /// the loop is not found.
  package func bytes(of key: ResultKey) -> Int? {
    if key.feed.domain == PlannedSynthetic.domain {
      guard !key.strategy.isReference else { return nil }
      return syntheticBytes(module: Self.moduleName(of: key.strategy), kinds: key.feed.kinds, operation: key.operation)
    }
    let roots = loopCandidates.filter {
      isLoop(functions[$0].name, strategy: key.strategy, mode: key.mode, operation: key.operation)
    }
    return roots.isEmpty ? nil : bytes(reachedFrom: roots)
  }

  /// The bytes of the functions named `names` (those this binary has) and
  /// of every function they reach by direct calls and tail calls, leaving
  /// out the shared harness; `nil` when none of them is in this binary.
  package func bytes(ofFunctionsNamed names: Set<String>) -> Int? {
    let roots = functions.indices.filter {
      names.contains(functions[$0].name) && !Self.isHarness(functions[$0].name)
    }
    return roots.isEmpty ? nil : bytes(reachedFrom: roots)
  }

  /// Whether `symbol` is the timed loop of a share or feed row: its
  /// strategy's specialisation of `Kernels.<loop>` in the boundary mode, its
  /// `AppLoops.<loop>Loop` in app mode (`TimedLoop`'s naming).
  package func isLoop(_ symbol: String, strategy: StrategyID, mode: BuildMode, operation: String) -> Bool {
    guard !strategy.isReference, let loop = Self.loops[operation], let timed = TimedLoop(symbol: symbol) else {
      return false
    }
    let module = Self.moduleName(of: strategy)
    return mode == .app
      ? timed.family == .app && timed.module == "App" + module && timed.loop == loop + "Loop"
      : timed.family == .kernel && timed.module == module && timed.loop == loop
  }

  /// Every function symbol of the binary, in its symbol table's order.
  package var functionNames: [String] { functions.map(\.name) }

  /// The harness's own code, which every strategy pays alike: the black
  /// hole and opaque identity (`BenchmarkSupport`), the package's malloc
  /// interposer and its C support (`dbac_`, `dbms_`, `dbpc_`).
  private static func isHarness(_ symbol: String) -> Bool {
    symbol.hasPrefix("$s16BenchmarkSupport") || ["dbac_", "dbms_", "dbpc_"].contains { symbol.hasPrefix($0) }
      || interposed.contains(symbol)
  }

  /// The C allocator's entry points, which the interposer defines in the binary.
  private static let interposed: Set<String> = [
    "malloc", "calloc", "realloc", "free", "posix_memalign", "aligned_alloc", "memalign", "valloc", "pvalloc",
  ]

  /// The harness's name for each operation's loop: `Kernels.<name>` in the
  /// boundary mode, `AppLoops.<name>Loop` in app mode.
  private static let loops: [String: String] = [
    "share.facebook": "share", "share.line": "share", "share.instagram": "share", "share.wechat": "share",
    "share.mixed": "shareMixed", "feed.identifier": "identifier", "feed.height": "height",
    "feed.configure": "configure", "feed.color": "color", "feed.apply-background": "applyBackground",
    "feed.render": "render",
  ]

  /// Each synthetic operation's loop and the names its per-kind code goes
  /// by in the generated modules (Benchmarks/generate-synthetic).
  private static let syntheticNames: [String: (loop: String, members: [String])] = [
    "synthetic.constant": ("constantLoop", ["constant", "ConstantVisitor"]),
    "synthetic.compute": ("computedLoop", ["computed", "ComputedVisitor"]),
    "synthetic.label": ("labelLoop", ["label", "LabelVisitor"]),
  ]

  /// What, in a closure's mangled name, marks it as one an operation calls:
  /// the type eraser's closures by their type (`Siyc`: `() -> Int`), and
  /// the handler table's per-kind closures, made in its
  /// `register(_:constant:label:computed:)`, for `computed` alone.
  private static let syntheticClosures: [String: [String]] = [
    "synthetic.constant": ["SiycfU"],
    "synthetic.compute": ["s6UInt64VycfU", "8register_"],
    "synthetic.label": ["SSycfU"],
  ]

  /// Whether a mangled symbol is (a specialisation of) a closure: `fU`.
  private static func isClosure(_ symbol: String) -> Bool {
    symbol.contains("cfU")
  }

  /// The synthetic patterns' dispatch that every operation goes through:
  /// the visitors' per-kind `accept`.
  private static let syntheticDispatch = ["accept"]

  /// `ConstantVisitor` as Swift mangles it where the module's third word is
  /// `Visitor` (`SyntheticTaggedVisitor`): `08ConstantC`, the word substituted.
  private static func wordSubstituted(_ member: String) -> String? {
    guard member.hasSuffix("Visitor"), member.count > "Visitor".count else { return nil }
    return "0" + mangled(String(member.dropLast("Visitor".count))) + "C"
  }

  /// A strategy's module, from its registry name, as every strategy's is
  /// named (`classic-visitor` is `ClassicVisitor`), so that a strategy
  /// `new-strategy` added is found without a list to extend.
  private static func moduleName(of strategy: StrategyID) -> String { strategy.moduleName }

  /// An identifier as Swift mangles it: its length, then itself.
  private static func mangled(_ identifier: String) -> String { "\(identifier.utf8.count)\(identifier)" }
}
