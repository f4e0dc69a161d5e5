// What a launch's building costs per element, and how much of it is
// generating the elements: for each strategy of the registry (the null's
// too), the median over 7 repetitions of
//   generate  iterating FeedItemSequence alone (the elements made, dropped);
//   build     strategy.prepare(FeedItemSequence), as a launch builds a
//             representation (generating and building);
//   ready     the same from elements made beforehand (a sequence that
//             copies each from an array): what any way of handing a launch
//             its elements ready-made would leave it to do;
//   free      freeing the representation.
// Guides/Run.md, "What a launch builds". Built and run by
// Benchmarks/Scripts/building-cost.sh against the release build's objects.
import DispatchModel
import Glibc
import StrategyRegistry

func seconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let size = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
let repetitions = 7
let source = ElementSource.generated(seed: 1, distribution: .uniform, kinds: 6)
var made = 0

func generate() -> Double {
  let start = seconds()
  for item in FeedItemSequence(source: source, count: size) { withExtendedLifetime(item) { made &+= 1 } }
  return seconds() - start
}

let ready = ElementSource.tiled(FeedFile(feed: Array(FeedItemSequence(source: source, count: size))), seed: 1)

func build(_ strategy: RegisteredStrategy, from source: ElementSource) -> (building: Double, freeing: Double) {
  let start = seconds()
  var workload: PreparedWorkload? = strategy.prepare(FeedItemSequence(source: source, count: size))
  let built = seconds()
  made &+= workload!.count
  workload = nil
  return (built - start, seconds() - built)
}

print("strategy,size,generate_ns_per_element,build_ns_per_element,build_from_ready_ns_per_element,free_ns_per_element")
for strategy in Registry.strategies + [Registry.null] {
  var generating: [Double] = []
  var building: [Double] = []
  var fromReady: [Double] = []
  var freeing: [Double] = []
  for _ in 0..<repetitions {
    generating.append(generate())
    let (built, freed) = build(strategy, from: source)
    building.append(built)
    freeing.append(freed)
    fromReady.append(build(strategy, from: ready).building)
  }
  let perElement = { (values: [Double]) in Int((median(values) * 1e9 / Double(size)).rounded()) }
  let figures = [generating, building, fromReady, freeing].map { "\(perElement($0))" }
  print(([strategy.name, "\(size)"] + figures).joined(separator: ","))
}
if made == 0 { print("nothing made") }
