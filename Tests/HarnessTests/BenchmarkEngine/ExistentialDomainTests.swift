@testable import BenchmarkEngine
@testable import CommandLineSupport
import BenchmarkResults
import Claims
import Existential
import Foundation
import TestSupport
import Testing

/// The existential domain (Guides/Existentials.md): planned only when asked
/// for, timed through the synthetic domain's path with its allocations per
/// element, and its contenders allocate on wrapping as the compiler's advice
/// says they do.
@Suite struct ExistentialDomainTests {
  func plan(_ arguments: [String]) throws -> RunPlan {
    try RunOptions(ParsedArguments(arguments, spec: RunOptions.spec)).matrix.plan()
  }

  func existential(_ plan: RunPlan) -> [PlannedSynthetic] {
    plan.synthetic.filter { $0.domain == PlannedSynthetic.existentialDomain }
  }

  // MARK: Planning

  /// The existential rows' domain as the engine writes it and as `answer` reads it.
  @Test func theAnswerReadsTheDomainTheRunWrites() {
    #expect(PlannedSynthetic.existentialDomain == AnswerNames.existentialDomain)
  }

  @Test(arguments: [[], ["--quick"], ["--full"], ["--sizes", "1000"], ["--domains", "share,feed,synthetic"]])
  func isNotPlannedUnlessAskedFor(options: [String]) throws {
    let plan = try plan(options)
    #expect(existential(plan).isEmpty, "\(options)")
    #expect(!plan.keys.contains { $0.feed.domain == PlannedSynthetic.existentialDomain }, "\(options)")
  }

  @Test func domainsExistentialTimesEveryContenderOnBothOperations() throws {
    // Naming a domain chooses the cross product, as for the synthetic
    // domain: every default size.
    let plan = try plan(["--domains", "existential"])
    #expect(plan.feeds.isEmpty)
    #expect(plan.synthetic == existential(plan))
    #expect(plan.synthetic.map(\.size) == RunMatrix.defaultSizes)
    for planned in plan.synthetic {
      #expect(planned.kinds == 1)
      #expect(planned.operations == ExistentialDomain.operations)
      #expect(planned.strategies == ExistentialDomain.names)
    }
    // Each case's contenders and its floor, in mode app, under the domain's name.
    #expect(plan.keys.count == 3 * 2 * (ExistentialDomain.names.count + 1))
    #expect(plan.keys.allSatisfy { $0.feed.domain == "existential" && $0.mode == .app && $0.feed.kinds == 1 })
    let firstCase = plan.keys.prefix(ExistentialDomain.names.count + 1)
    #expect(firstCase.map(\.strategy.rawValue) == ExistentialDomain.names + ["floor"])
  }

  @Test func quickAndSizesChooseTheSizes() throws {
    #expect(existential(try plan(["--quick", "--domains", "existential"])).map(\.size) == [1_000])
    #expect(
      existential(try plan(["--domains", "existential", "--sizes", "1000,10000"])).map(\.size) == [1_000, 10_000])
  }

  @Test func operationsAndFiltersNarrowIt() throws {
    let wrap = try plan(["--operations", "existential.wrap", "--sizes", "1000"])
    #expect(wrap.feeds.isEmpty && wrap.synthetic.map(\.operations) == [["existential.wrap"]])
    let mixed = try plan(["--operations", "existential.getter,feed.color", "--sizes", "1000"])
    #expect(!mixed.feeds.isEmpty && existential(mixed).map(\.operations) == [["existential.getter"]])
    let filtered = try plan(["--domains", "existential", "--sizes", "1000", "--filter", "existential/*/any-*/*/*"])
    #expect(existential(filtered).map(\.strategies) == [["any-inline", "any-boxed"]])
    #expect(existential(try plan(["--domains", "share", "--operations", "existential.wrap,share.mixed"])).isEmpty)
  }

  // MARK: Allocations, the claim the domain tests

  /// Allocations per element of one pass of `operation` by contender `name`.
  static func allocations(_ name: String, _ operation: String, size: Int = 2_000) throws -> Double {
    let workload = try #require(ExistentialDomain.workload(named: name)).init(size: size, seed: 7)
    let counted = HeapCounter.count { workload.run(operation, range: 0..<size, repetitions: 1) }
    return Double(counted.counts.allocations) / Double(size)
  }

  @Test(.enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"))
  func wrappingPastTheInlineBufferAllocatesOncePerElement() throws {
    #expect(try Self.allocations("any-boxed", "existential.wrap") >= 0.9)
    #expect(try Self.allocations("eraser", "existential.wrap") >= 0.9)
    // The boundary contenders too: an opaque value of a type known only at
    // run time is made in a stack buffer sized from its metadata, not boxed.
    for name in ["any-inline", "generic", "concrete", "enum-switch", "opaque", "opaque-boundary", "generic-boundary"] {
      #expect(try Self.allocations(name, "existential.wrap") < 0.1, "\(name)")
    }
  }

  @Test(.enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"))
  func readingAGetterAllocatesNothing() throws {
    for name in ExistentialDomain.names {
      #expect(try Self.allocations(name, "existential.getter") < 0.1, "\(name)")
    }
  }

  // MARK: Through the run and profile commands

  /// One quick run of the domain, which the two tests below read: its rows
  /// by operation, or why there are none.
  static let quickRun: Result<RunFile, QuickRunFailure> = {
    guard let directory = try? RunCommandTests.temporaryDirectory() else {
      return .failure(QuickRunFailure(message: "no temporary directory"))
    }
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/existential.csv"
    do {
      let result = try Subprocess.run([
        "run", "--allow-debug-build", "--quick", "--quiet", "--domains", "existential", "--output", output,
      ])
      guard result.status == 0 else {
        return .failure(QuickRunFailure(message: "exit \(result.status): \(result.standardError)"))
      }
      guard case .run(let file) = try Schema.load(output) else {
        return .failure(QuickRunFailure(message: "not a run"))
      }
      return .success(file)
    } catch {
      return .failure(QuickRunFailure(message: "\(error)"))
    }
  }()

  struct QuickRunFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  @Test func aQuickRunWritesTheDomainsRows() throws {
    let file = try Self.quickRun.get()
    for operation in ExistentialDomain.operations {
      let rows = file.rows.filter { $0.key.operation == operation }
      #expect(rows.map(\.key.strategy.rawValue) == ExistentialDomain.names + ["floor"], "\(operation)")
      // Every contender gave the same outputs, and its ratio to enum-switch.
      #expect(Set(rows.filter { !$0.key.strategy.isReference }.map(\.checksum)).count == 1, "\(operation)")
      #expect(rows.allSatisfy { $0.ratioToBaselineLow != nil }, "\(operation)")
    }
  }

  /// The same run's allocation columns: a recorded skip where the counter
  /// is missing, rather than a check dropped in silence.
  @Test(.enabled(if: HeapCounter.isSupported, "needs the malloc interposer: Linux, no sanitizer"))
  func aQuickRunWritesTheDomainsAllocations() throws {
    let file = try Self.quickRun.get()
    for operation in ExistentialDomain.operations {
      let rows = file.rows.filter { $0.key.operation == operation }
      let boxed = try #require(rows.first { $0.key.strategy.rawValue == "any-boxed" }?.allocationsPerElement)
      let inline = try #require(rows.first { $0.key.strategy.rawValue == "any-inline" }?.allocationsPerElement)
      #expect(operation == "existential.wrap" ? boxed >= 0.9 : boxed < 0.1, "\(operation): \(boxed)")
      #expect(inline < 0.1, "\(operation): \(inline)")
    }
  }

  @Test func profileListsTheDomainOnlyWhenAskedFor() throws {
    let asked = try Subprocess.run(["profile", "--list", "--domains", "existential"])
    #expect(asked.status == 0, "\(asked.standardError)")
    let rows = asked.standardOutput.split(separator: "\n")
    #expect(rows.count == 2 * (ExistentialDomain.names.count + 1))
    #expect(rows.allSatisfy { $0.hasPrefix("existential/existential.") && $0.hasSuffix("/1000/app") }, "\(rows)")
    let byDefault = try Subprocess.run(["profile", "--list"])
    #expect(byDefault.status == 0 && !byDefault.standardOutput.contains("existential/"))
  }
}
