#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CommandLineSupport
import RunContract

/// The builds a run times, their launches alternating: this binary alone
/// (the default); this one and another (`--alternate-with`), each to its own
/// file; several named binaries (`--builds`), each to its own file; or K
/// layouts of this one (`--layouts`), the same code relinked in K function
/// orders, into one file whose intervals are over layouts and launches.
package enum BuildSet: Equatable {
  case this
  case alternate(AlternateBuild)
  case named([NamedBuild])
  case layouts(LayoutSeeds)

  /// The options, each declared once with its type.
  package struct Options: OptionGroup {
    package let alternateWith = AdvisedRunOptions.alternateWith
    package let alternateOutput = Option.value(
      "--alternate-output", "PATH",
      """
      Where the rows of --alternate-with's binary go (required
      with it).
      """,
      example: "--alternate-output results/base.csv")
    package let builds = Option.list(
      "--builds", "NAME=BINARY,...",
      """
      Time these builds of dispatch-bench instead of this one,
      their launches alternating; each build's rows go to the
      --output path with .NAME before .csv, and carry its NAME
      in the build column.
      """,
      example: "--builds release=/tmp/r/dispatch-bench,osize=/tmp/s/dispatch-bench", item: "build")
    package let layouts = Option.integer(
      "--layouts", "K",
      """
      Time K layouts of this build: its own objects relinked by
      ld.lld in K function orders (seeds 1 to K), the same
      machine code at other addresses, their launches
      alternating; each row's interval is over layouts and
      launches (needs a release build's objects, Linux).
      """,
      example: "--layouts 4", in: 2...64)
    package let firstLayoutSeed = Option.integer(
      "--first-layout-seed", "N",
      """
      With --layouts K, relink with seeds N to N+K-1 instead of
      1 to K: another sample of K layouts, as a build whose
      code differs elsewhere would draw (default 1).
      """,
      example: "--first-layout-seed 5", in: LayoutSeeds.allowedFirstSeeds)

    package init() {}
  }

  /// The builds `arguments` ask for; `output` and `samples` are the run's
  /// other files (`option` names each in messages), which an alternate
  /// build's rows must not overwrite.
  package init(_ arguments: OptionValues<Options>, otherFiles: [(option: String, path: String?)]) throws(CommandError) {
    let command = arguments.command
    let options = arguments.group
    let given = arguments.given([\.alternateWith, \.builds, \.layouts])
    if given.count > 1 {
      throw .usage("\(given[0].name) and \(given[1].name) cannot be used together", command: command)
    }
    let firstSeed = try arguments.firstLayoutSeed
    if let layouts = try arguments.layouts {
      self = .layouts(LayoutSeeds(count: layouts, first: firstSeed ?? 1))
    } else if firstSeed != nil {
      throw .usage("\(options.firstLayoutSeed.name) needs \(options.layouts.name) K", command: command)
    } else if let list = try arguments.builds {
      self = .named(try Self.named(list, arguments: arguments))
    } else if let alternate = try Self.alternate(arguments, otherFiles: otherFiles) {
      self = .alternate(alternate)
    } else {
      self = .this
    }
    if arguments.isGiven(\.alternateOutput) && alternate == nil {
      throw .usage("\(options.alternateOutput.name) needs \(options.alternateWith.name) BINARY", command: command)
    }
  }

  package var alternate: AlternateBuild? {
    if case .alternate(let build) = self { return build }
    return nil
  }

  package var named: [NamedBuild]? {
    if case .named(let builds) = self { return builds }
    return nil
  }

  /// The builds whose launches alternate: 1 for this binary alone.
  package var count: Int {
    switch self {
    case .this: 1
    case .alternate: 2
    case .named(let builds): builds.count
    case .layouts(let layouts): layouts.count
    }
  }

  private static func named(_ list: [String], arguments: OptionValues<Options>) throws(CommandError)
    -> [NamedBuild]
  {
    var builds: [NamedBuild] = []
    for item in list {
      let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty,
        parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
      else {
        throw arguments.invalid(\.builds, item, "is not NAME=BINARY, NAME of letters, digits, - and _")
      }
      guard let resolved = RunOptions.resolvedPath(parts[1]), access(resolved, X_OK) == 0,
        !isDirectory(resolved)
      else {
        throw arguments.invalid(\.builds, item, "names \(parts[1]), which is not an executable file")
      }
      guard !builds.contains(where: { $0.name == parts[0] }) else {
        throw arguments.invalid(\.builds, item, "repeats the name \(parts[0])")
      }
      builds.append(NamedBuild(name: parts[0], binary: resolved))
    }
    guard builds.count >= 2 else {
      throw .usage(
        "\(arguments.group.builds.name) needs two builds or more (one build is a plain run of it)",
        command: arguments.command)
    }
    return builds
  }

  private static func alternate(_ arguments: OptionValues<Options>, otherFiles: [(option: String, path: String?)])
    throws(CommandError) -> AlternateBuild?
  {
    let (command, options) = (arguments.command, arguments.group)
    switch (try arguments.alternateWith, try arguments.alternateOutput) {
    case (nil, _): return nil
    case (.some, nil):
      throw .usage("\(options.alternateWith.name) needs \(options.alternateOutput.name) PATH", command: command)
    case (let binary?, let alternateOutput?):
      // Resolved once, so the file checked is the file run and read.
      guard let resolved = RunOptions.resolvedPath(binary), access(resolved, X_OK) == 0, !isDirectory(resolved) else {
        throw arguments.invalid(\.alternateWith, binary, "is not an executable file")
      }
      for (option, other) in otherFiles {
        if let other, RunOptions.canonicalPath(other) == RunOptions.canonicalPath(alternateOutput) {
          throw .usage(
            "\(options.alternateOutput.name) and \(option) name the same file, \(alternateOutput)", command: command)
        }
      }
      return AlternateBuild(binary: resolved, output: alternateOutput)
    }
  }
}

/// The seeds of `--layouts K` (`--first-layout-seed N`): K consecutive
/// seeds of ld.lld's `--shuffle-sections`, each one function order. Two runs
/// with disjoint seeds time two independent samples of K layouts, as two
/// builds whose code differs elsewhere would be.
package struct LayoutSeeds: Equatable {
  /// The first seeds `--first-layout-seed` accepts: K ≤ 64 seeds from any
  /// of them stay below `UInt32.max`, the largest `Relink` passes to lld.
  package static let allowedFirstSeeds = 1...1_000_000

  package var count: Int
  package var first = 1

  package var seeds: ClosedRange<Int> { first...(first + count - 1) }

  /// `seeds 1 to 4`, as the run's messages say it.
  package var text: String { "seeds \(seeds.lowerBound) to \(seeds.upperBound)" }
}

/// A build of `dispatch-bench` named by `--builds NAME=BINARY`.
package struct NamedBuild: Equatable {
  /// What the build's rows carry in their `build` column (`osize`).
  package var name: String
  /// The executable, its path resolved.
  package var binary: String

  /// Where this build's rows go: `output` with `.NAME` before its
  /// extension (`run.csv` → `run.osize.csv`).
  package func output(_ output: String) -> String {
    let slash = output.lastIndex(of: "/")
    if let dot = output.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true, dot != output.startIndex {
      return String(output[..<dot]) + "." + name + String(output[dot...])
    }
    return output + "." + name
  }
}

/// A binary a run launches, and where what it measures goes.
package struct TimedBuild: Equatable {
  package var binary: String
  /// The aggregate its rows and samples join: one per file the run writes.
  package var aggregate = 0
  /// Added to its launch indices in that aggregate: each layout's launches
  /// are numbered apart (`LayoutBuilds.launchStride`).
  package var launchOffset = 0
  /// How messages name it; `nil` for this binary.
  package var label: String? = nil
  /// Another binary than this one or its relinks, which may not be a build
  /// of dispatch-bench at all.
  package var isOther = false
}
