@testable import BenchmarkEngine
import BenchmarkResults
import DispatchModel
import Foundation
import TestSupport
import Testing
import RunContract

/// `dispatch-bench report`: the files it writes, and that they are sound.
@Suite struct ReportTests {
  /// A run with every kind of chart: several operations on one feed, a size
  /// sweep and a distribution sweep, for three strategies.
  static func sweepRun() -> MeasuredRun {
    var cells: [TimingRow] = []
    let strategies = [("naive", 30.0), ("protocol-getter", 20.0), ("enum-switch", 10.0)]
    func add(_ feed: ElementsSpec, _ operation: String) {
      for (strategy, base) in strategies {
        let factor = Double(feed.size).squareRoot() / 100 + 1
        cells.append(
          SampleRuns.row(
            StrategyID(strategy), operation, samples: (0..<10).map { base * factor + Double($0) * 0.1 }, feed: feed))
      }
    }
    let primary = SampleRuns.feed(.feed, size: 100_000)
    cells.append(SampleRuns.row(.floor, "floor", samples: Array(repeating: 2, count: 10), feed: primary))
    for operation in ["feed.identifier", "feed.height", "feed.render"] { add(primary, operation) }
    for size in [1_000, 1_000_000] { add(SampleRuns.feed(.feed, size: size), "feed.identifier") }
    for distribution in [KindDistribution.clustered, .skewed, .single] {
      add(SampleRuns.feed(.feed, size: 100_000, distribution: distribution), "feed.identifier")
    }
    var results = SampleRuns.results()
    results.rows = cells
    results.computeRatios()
    return results
  }

  /// Parses an SVG and returns the `data-series` names of its series groups.
  static func seriesNames(_ svg: String) throws -> [String] {
    let root = try #require(SVGTree.parse(svg), "not well-formed XML")
    #expect(root.name == "svg")
    return root.all("g", class: "series").compactMap { $0.attributes["data-series"] }
  }

  /// `results` written as a run file, and a path for a report directory
  /// that does not exist yet; `Scratch.remove` both when done.
  static func runAndDirectory(_ results: MeasuredRun) throws -> (run: String, directory: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID())").path
    return (try CompareTests.write(results), directory)
  }

  @Test func writesChartsThatParseWithOneSeriesPerStrategy() throws {
    let (run, directory) = try Self.runAndDirectory(Self.sweepRun())
    defer { Scratch.remove(run, directory) }
    let result = try Subprocess.run(["report", run, "--output-dir", directory])
    #expect(result.status == 0, "\(result.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(files.contains("report.md"))
    let charts = files.filter { $0.hasSuffix(".svg") }
    #expect(
      charts == [
        "distributions-feed-identifier-100000.svg", "operations-feed-100000-uniform.svg",
        "sizes-feed-identifier-uniform-6.svg",
        // The why section: per operation of the feed with several, one chart
        // per unit (no counts here: no profile, no allocations).
        "why-feed-feed-height-bytes.svg", "why-feed-feed-height-time.svg",
        "why-feed-feed-identifier-bytes.svg", "why-feed-feed-identifier-time.svg",
        "why-feed-feed-render-bytes.svg", "why-feed-feed-render-time.svg",
      ])
    for chart in charts {
      let svg = try String(contentsOfFile: "\(directory)/\(chart)", encoding: .utf8)
      #expect(try Self.seriesNames(svg) == ["naive", "protocol-getter", "enum-switch"], "\(chart)")
      // The caption names the machine, the Swift version and the seed.
      #expect(svg.contains("Swift 6.3.1") && svg.contains("seed 1"), "\(chart)")
    }
    let markdown = try String(contentsOfFile: "\(directory)/report.md", encoding: .utf8)
    for chart in charts { #expect(markdown.contains("](\(chart))"), "\(chart) is linked") }
    // The tables behind the charts hold the medians.
    #expect(markdown.contains("| feed.identifier |"))
    #expect(markdown.contains("| 1,000,000 |"))
    #expect(markdown.contains("| clustered |"))
    #expect(markdown.contains("## Why: what each element costs"))
    #expect(markdown.contains("pass its CSV with `--profile`"))
  }

  @Test func theWhySectionSetsProfileCountsBesideTheTimes() throws {
    let (run, directory) = try Self.runAndDirectory(Self.sweepRun())
    defer { Scratch.remove(run, directory) }
    // A profile of two cells of the run's primary feed, at another size.
    var rows: [ProfileRow] = []
    for (strategy, instructions) in [("naive", 300.0), ("enum-switch", 55.0)] {
      // 0.0025 indirect mispredictions: 0 at the table's two decimals.
      let counts: [Double] = [instructions, 5, 0.5, 2, 0.0025, 1, 2, 0, 0]
      rows.append(
        ProfileRow(
          key: SampleRuns.feed(.feed, size: 1_000).key("feed.identifier", StrategyID(strategy)),
          counts: Dictionary(uniqueKeysWithValues: zip(ProfileMetric.all, counts))))
    }
    var info = SampleRuns.info
    info.schemaVersion = Schema.profileVersion
    let profilePath = directory + "-profile.csv"
    try ProfileFile.document(info: info, tool: "valgrind-3.19.0 callgrind", rows: rows)
      .write(toFile: profilePath, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: profilePath) }
    let result = try Subprocess.run(["report", run, "--profile", profilePath, "--output-dir", directory])
    #expect(result.status == 0, "\(result.standardError)")
    let markdown = try String(contentsOfFile: "\(directory)/report.md", encoding: .utf8)
    #expect(
      markdown.contains(
        "| strategy | rank | ns | instructions | cond. mispredicts | indirect mispredicts | retains | releases |"))
    #expect(markdown.contains("Times and bytes at 100,000 elements; counts from the profile at 1,000 elements."))
    // Strategies far apart: ranks 3, 2, 1 in the run's order.
    #expect(markdown.contains("| naive | 3 |") && markdown.contains("| enum-switch | 1 |"))
    func chart(_ unit: String) throws -> SVGTree.Node {
      let svg = try String(contentsOfFile: "\(directory)/why-feed-feed-identifier-\(unit).svg", encoding: .utf8)
      #expect(try Self.seriesNames(svg) == ["naive", "protocol-getter", "enum-switch"], "\(unit)")
      return try #require(SVGTree.parse(svg))
    }
    // One unit per chart, and each title names the size its values come from.
    for (unit, label, size) in [
      ("time", "ns per element", "100,000 elements"), ("counts", "count per element (log scale)", "1,000 elements"),
      ("bytes", "bytes per element", "100,000 elements"),
    ] {
      let root = try chart(unit)
      #expect(root.all("text", class: "axis-label").map(\.allText).contains(label), "\(unit)")
      let title = try #require(root.all("title").first).allText
      #expect(title.contains(size), "\(unit): \(title)")
    }
    // The count the table shows as 0 is a bar of no height, not a sliver.
    let counts = try chart("counts")
    let naive = try #require(counts.all("g", class: "series").first)
    let zero = naive.all("rect", class: "zero")
    #expect(zero.allSatisfy { $0.attributes["height"] == "0" })
    // The 0.0025 mispredictions and the 0 allocations.
    #expect(zero.map(\.allText) == ["naive, indirect mispredicts: 0", "naive, allocations: 0"])
    #expect(markdown.contains("| 300 | 0.5 | 0 | 1 | 2 |"), "0.0025 is printed as 0")
    // A run CSV is refused where the profile should be, and the reverse.
    let swapped = try Subprocess.run(["report", profilePath, "--output-dir", directory + "-x"])
    #expect(swapped.status == 64)
    #expect(swapped.standardError.contains("is a profile"))
  }

  @Test func refusesToReplaceAReportWithoutForce() throws {
    let (run, directory) = try Self.runAndDirectory(SampleRuns.results())
    defer { Scratch.remove(run, directory) }
    #expect(try Subprocess.run(["report", run, "--output-dir", directory]).status == 0)
    let again = try Subprocess.run(["report", run, "--output-dir", directory])
    #expect(again.status == 73)
    #expect(again.standardError.contains("already exists; pass --force"))
    #expect(try Subprocess.run(["report", run, "--output-dir", directory, "--force"]).status == 0)
  }

  /// `--out`, report's name for `--output-dir` before the commands agreed
  /// on one, still writes the report: scripts written for it keep working.
  @Test func theFormerNameOutStillWritesTheReport() throws {
    let (run, directory) = try Self.runAndDirectory(SampleRuns.results())
    defer { Scratch.remove(run, directory) }
    let result = try Subprocess.run(["report", run, "--out", directory])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: directory + "/report.md"))
    let help = try Subprocess.run(["help", "report"]).standardOutput
    #expect(help.contains("--output-dir DIR") && help.contains("(formerly --out, still accepted)"))
  }

  @Test func scalingAddsCompileTimesAndEditCosts() throws {
    let (run, directory) = try Self.runAndDirectory(SampleRuns.results())
    defer { Scratch.remove(run, directory) }
    let scaling = Fixtures.scaling
    #expect(try Subprocess.run(["report", run, "--scaling", scaling, "--output-dir", directory]).status == 0)
    let report = try String(contentsOfFile: directory + "/report.md", encoding: .utf8)
    #expect(report.contains("## Compile time and the cost of a change"))
    #expect(report.contains("| enum-switch | "))
    let missing = try Subprocess.run(["report", run, "--scaling", "/nonexistent", "--output-dir", directory + "-x"])
    #expect(missing.status == 65)
    #expect(missing.standardError.contains("--scaling: cannot read /nonexistent/compile-time.csv"))
  }

  /// Two feed sizes with several operations each: their why charts would
  /// share names. Every chart gets a file of its own, report.md links each
  /// once, and the count printed is the count of files written.
  @Test func theChartCountIsTheFilesWrittenWhenNamesWouldCollide() throws {
    var results = SampleRuns.results()
    results.rows += results.rows.map { row in
      var row = row
      row.key.benchmarkCase.feed.size = 100_000
      return row
    }
    results.computeRatios()
    let (run, directory) = try Self.runAndDirectory(results)
    defer { Scratch.remove(run, directory) }
    let result = try Subprocess.run(["report", run, "--output-dir", directory])
    #expect(result.status == 0, "\(result.standardError)")
    let charts = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".svg") }
    let said = try #require(result.standardError.firstMatch(of: /and (\d+) SVG charts?\n/), "\(result.standardError)")
    #expect(Int(said.1) == charts.count, "\(result.standardError)")
    let markdown = try String(contentsOfFile: "\(directory)/report.md", encoding: .utf8)
    let links = markdown.matches(of: /\]\(([^)]+\.svg)\)/).map { String($0.1) }
    #expect(links.sorted() == charts.sorted(), "every chart linked once, and every link a file")
    // Both sizes' why charts are there: the time chart of each operation twice.
    #expect(charts.filter { $0.hasPrefix("why-feed-feed-height-time") }.count == 2, "\(charts.sorted())")
  }

  /// Rows that differ only in kinds (the synthetic domain's) are named with
  /// their kinds, each once, in the report and in the run's table.
  @Test func aSuspectRowIsListedOnceWithItsKinds() throws {
    var results = SampleRuns.results()
    for kinds in [2, 64] {
      let feed = FeedID(domain: PlannedSynthetic.domain, size: 1_000, distribution: "uniform", kinds: kinds)
      for (strategy, time) in [(StrategyID.floor, 2.0), ("enum-switch", 1.0)] {
        var row = SampleRuns.row(strategy, "synthetic.constant", samples: Array(repeating: time, count: 10))
        row.key = ResultKey(BenchmarkCase(feed: feed, operation: "synthetic.constant", mode: .app), strategy)
        results.rows.append(row)
      }
    }
    results.computeRatios()
    for index in results.rows.indices where results.rows[index].key.feed.domain == PlannedSynthetic.domain {
      results.rows[index].suspect = results.rows[index].key.strategy == "enum-switch"
    }
    let (run, directory) = try Self.runAndDirectory(results)
    defer { Scratch.remove(run, directory) }
    let result = try Subprocess.run(["report", run, "--output-dir", directory])
    #expect(result.status == 0, "\(result.standardError)")
    let markdown = try String(contentsOfFile: "\(directory)/report.md", encoding: .utf8)
    let line = try #require(markdown.split(separator: "\n").first { $0.contains("**Suspect rows**") })
    let named = line.matches(of: /`([^`]+)`/).map { String($0.1) }
    #expect(
      named == [
        "synthetic/synthetic.constant/enum-switch/uniform/1000/app (2 kinds)",
        "synthetic/synthetic.constant/enum-switch/uniform/1000/app (64 kinds)",
      ], "\(line)")
    #expect(ResultsTable.suspectRows(results.rows) == named)
  }

  /// Every heading over a table or chart says its mode, boundary as well as
  /// app: in report.md, in `compare`'s tables and in `run`'s.
  @Test func everyHeadingNamesItsMode() throws {
    var results = Self.sweepRun()
    results.rows += results.rows.map { row in
      var row = row
      row.key.benchmarkCase.mode = .app
      return row
    }
    results.computeRatios()
    let (run, directory) = try Self.runAndDirectory(results)
    defer { Scratch.remove(run, directory) }
    #expect(try Subprocess.run(["report", run, "--output-dir", directory]).status == 0)
    let markdown = try String(contentsOfFile: "\(directory)/report.md", encoding: .utf8)
    let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("### ") }
    #expect(headings.count > 4)
    for heading in headings {
      #expect(heading.hasSuffix(" mode") || heading.contains(" mode · "), "\(heading)")
    }
    #expect(headings.contains { $0.contains("boundary mode") } && headings.contains { $0.contains("app mode") })
    let compared = try Subprocess.run(["compare", run, "--format", "markdown"])
    let compareHeadings = compared.standardOutput.split(separator: "\n").filter { $0.hasPrefix("### ") }
    #expect(!compareHeadings.isEmpty)
    for heading in compareHeadings {
      #expect(heading.hasSuffix(" boundary mode") || heading.hasSuffix(" app mode"), "\(heading)")
    }
    let tables = ResultsTable.tables(results, markdown: true)
    let tableHeadings = tables.split(separator: "\n").filter { $0.hasPrefix("### ") }
    #expect(!tableHeadings.isEmpty)
    for heading in tableHeadings {
      #expect(heading.hasSuffix(" boundary mode") || heading.hasSuffix(" app mode"), "\(heading)")
    }
  }

  @Test func aBadRunFileExitsWith65() throws {
    let path = try RunFileTests.write("name,value\n1,2\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Subprocess.run(["report", path, "--output-dir", "/tmp/never-\(UUID())"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("not a dispatch-bench run CSV"))
  }

  /// Without --output-dir, the report goes beside the run: RUN-report/ for RUN.csv,
  /// whatever the directory the command runs in.
  @Test func withoutOutTheReportGoesBesideTheRun() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID())").path
    let elsewhere = directory + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try SampleRuns.results().document.write(toFile: directory + "/run.csv", atomically: true, encoding: .utf8)
    let result = try Subprocess.run(["report", directory + "/run.csv"], currentDirectory: elsewhere)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: directory + "/run-report/report.md"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == ["run.csv", "run-report", "elsewhere"])
  }
}
