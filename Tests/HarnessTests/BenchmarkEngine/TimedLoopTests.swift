@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import Foundation
import StrategyRegistry
import SyntheticRegistry
import TestSupport
import Testing

/// `TimedLoop`: which symbols are timed loops, and of what (the rule
/// `code_bytes` and `dispatch-bench _timed-loops` share), on symbols of a
/// release build, then on the release binary itself.
@Suite struct TimedLoopTests {
  @Test(arguments: [
    // A strategy's specialisation of a kernel, its module written out.
    (
      "$s16StrategyRegistry7KernelsO10identifier___5range11repetitionsyxm_Say11FeedElementQzG0G10ControllerQzSnySiGSit13DispatchModel0jA0RzlFZ10EnumSwitch0lmA0O_Ttt4g5",
      "kernel", "EnumSwitch", 0, "identifier"
    ),
    // The null strategy's, its module's second word taken from
    // `StrategyRegistry` (`04NullA`).
    (
      "$s16StrategyRegistry7KernelsO10identifier___5range11repetitionsyxm_Say11FeedElementQzG0G10ControllerQzSnySiGSit13DispatchModel0jA0RzlFZ04NullA0AOO_Ttt4g5",
      "kernel", "NullStrategy", 0, "identifier"
    ),
    (
      "$s16StrategyRegistry7KernelsO10shareMixed__2to9platforms5range11repetitionsyxm_Say12ShareElementQzGSay0J6TargetQzGSays5UInt8VGSnySiGSit13DispatchModel0nA0RzlFZ14ClassicVisitor0noA0O_Ttt5g5",
      "kernel", "ClassicVisitor", 0, "shareMixed"
    ),
    (
      "$s16StrategyRegistry7KernelsO5floor_5range11repetitionsySays5UInt8VG_SnySiGSitFZTf4nnnd_n", "floor", "", 0,
      "floor"
    ),
    ("$s12AppCastChain0A5LoopsC10heightLoop_11repetitionsySnySiG_SitF", "app", "AppCastChain", 0, "heightLoop"),
    (
      "$s14SyntheticNaive6Kinds2O8WorkloadC12computedLoop_11repetitionsySnySiG_SitF",
      "synthetic", "SyntheticNaive", 2, "computedLoop"
    ),
    (
      "$s11Existential7GenericC8wrapLoop__11repetitionsySayxG_SnySiGSitAA5ShapeRzlFZAA11InlineValueV_Tg5Tf4nnnd_n",
      "existential", "Generic", 0, "wrapLoop"
    ),
  ])
  func aLoopIsNamedByItsSymbol(symbol: String, family: String, module: String, kinds: Int, loop: String) throws {
    let found = try #require(TimedLoop(symbol: symbol), "\(symbol)")
    #expect(
      found.family.rawValue == family && found.module == module && found.kinds == kinds && found.loop == loop,
      "\(symbol): \(found.line)")
  }

  @Test(arguments: [
    // A kernel no strategy specialised: the generic body names no type.
    "$s16StrategyRegistry7KernelsO10identifier___5range11repetitionsyxm_Say11FeedElementQzG0G10ControllerQzSnySiGSit13DispatchModel0jA0RzlFZ",
    // The app loops' class metadata accessor, not a loop.
    "$s12AppCastChain0A5LoopsCMa",
    // A synthetic kind's member, not the workload's loop.
    "$s14SyntheticNaive6Kinds2O5Kind0V8constantSivg",
    // A module that is none of the harness's.
    "$s13DispatchModel4FeedV5itemsSayAA0B4ItemOGvg",
    "", "$s", "main", "$s16StrategyRegistry7KernelsO",
  ])
  func otherSymbolsAreNoLoop(symbol: String) {
    #expect(TimedLoop(symbol: symbol) == nil, "\(symbol)")
  }

  static let hasRelease = BuildUnderTest.hasCurrentRelease
  static let needsRelease = Comment(rawValue: BuildUnderTest.needsRelease)

  /// On the release binary: a loop of every family, of every strategy and
  /// synthetic pattern, and every share and feed row's loop (`isLoop`, what
  /// `code_bytes` counts from) among the timed loops; `_timed-loops` prints
  /// them, one a line.
  @Test(.enabled(if: hasRelease, needsRelease)) func theReleaseBinarysLoopsAreEveryRowsLoop() throws {
    let code = try CodeSizeTests.load()
    let loops = code.timedLoops
    for family in TimedLoop.Family.allCases {
      #expect(loops.contains { $0.family == family }, "no \(family) loop")
    }
    let strategies = Registry.names.map { StrategyID($0) }
    let kernels = loops.filter { $0.family == .kernel }
    let apps = loops.filter { $0.family == .app }
    // Each pattern's and the null's specialisations, and its app module.
    let modules: [String] = strategies.map { $0.moduleName } + ["NullStrategy"]
    for module in modules {
      #expect(kernels.contains { $0.module == module }, "\(module): no kernel")
      #expect(apps.contains { $0.module == "App" + module }, "\(module): no app loop")
    }
    let perPattern = SyntheticRegistry.kindCounts.count * SyntheticRegistry.operations.count
    for strategy in strategies {
      let module = "Synthetic" + strategy.moduleName
      let synthetic = loops.filter { $0.family == .synthetic && $0.module == module }
      #expect(synthetic.count == perPattern, "\(module): \(synthetic.count) synthetic loops")
    }
    // Every loop a row counts is a timed loop, and every pattern's kernel
    // and app loop is some row's.
    var rowLoops = Set<String>()
    for strategy in strategies {
      for operation in SpecOperation.allCases {
        for mode in BuildMode.all {
          let found = code.functionNames.filter {
            code.isLoop($0, strategy: strategy, mode: mode, operation: operation.rawValue)
          }
          #expect(!found.isEmpty, "\(strategy) \(operation) \(mode)")
          rowLoops.formUnion(found)
        }
      }
    }
    let patternLoops = (kernels + apps).filter { $0.module != "NullStrategy" && $0.module != "AppNullStrategy" }
    #expect(Set(patternLoops.map(\.symbol)) == rowLoops)
    let printed = InProcess.main(["_timed-loops", CodeSizeTests.releaseBinary])
    #expect(printed.status == 0, "\(printed.errors)")
    #expect(printed.output == loops.map { $0.line + "\n" }.joined())
  }

  @Test func aFileThatIsNotABinaryIsRefused() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-elf-\(UUID())").path
    try "not an ELF file".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = InProcess.main(["_timed-loops", path])
    #expect(result.status == 65)
    #expect(result.errors.contains("cannot read \(path)'s functions"), "\(result.errors)")
    #expect(InProcess.main(["_timed-loops", path, "extra"]).status == 64)
  }
}
