import BenchmarkResults
import CommandLineSupport

/// The scaling guide's two measurements: compile time per pattern and
/// number of kinds (`compile-time.csv`, from Benchmarks/Scripts/compile-time.sh)
/// and lines per change (`edit-cost.csv`, from the synthetic generator), as
/// `report --scaling DIR` and `answer --edit-cost`/`--compile-time` read them.
package struct ScalingTables {
  package var compileTimes: [CompileTime] = []
  package var editCosts: [EditCost] = []

  /// The change that adds a kind at `kinds` kinds (3 operations).
  package func newKind(_ pattern: StrategyID, kinds: Int) -> EditCost? {
    editCosts.cost(of: .addKind, to: pattern, from: kinds, kinds: kinds)
  }

  /// The change that adds a third operation at `kinds` kinds.
  package func newOperation(_ pattern: StrategyID, kinds: Int) -> EditCost? {
    editCosts.cost(of: .addOperation, to: pattern, from: 2, kinds: kinds)
  }

  package func compileSeconds(_ pattern: StrategyID, kinds: Int) -> Double? {
    compileTimes.seconds(of: pattern, kinds: kinds)
  }

  /// Reads `DIRECTORY/compile-time.csv` and `DIRECTORY/edit-cost.csv`,
  /// given with `option` (`report --scaling`), which errors name.
  package static func load(_ directory: String, option: OptionSpec) throws(CommandError) -> ScalingTables {
    ScalingTables(
      compileTimes: try read(option, Schema.loadCompileTimes, "\(directory)/compile-time.csv"),
      editCosts: try read(option, Schema.loadEditCosts, "\(directory)/edit-cost.csv"))
  }

  /// Reads one file, an error naming `option` and the file when it cannot.
  package static func read<Row>(
    _ option: OptionSpec, _ load: (String) throws(ResultsError) -> [Row], _ path: String
  ) throws(CommandError) -> [Row] {
    do {
      return try load(path)
    } catch {
      throw .dataError("\(option.name): \(error.message)")
    }
  }

  package init(compileTimes: [CompileTime] = [], editCosts: [EditCost] = []) {
    self.compileTimes = compileTimes
    self.editCosts = editCosts
  }
}
