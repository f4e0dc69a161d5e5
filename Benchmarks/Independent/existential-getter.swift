// An independent check of the existential domain's getter rows
// (Guides/Existentials.md): one file, one module, none of the suite's code.
// A protocol with a getter and two conformers (24 and 32 bytes), and the
// same read four ways over 100,000 elements: `[any Shape]` of the small
// value and of the large one, a concrete `[Small]`, and a two-case enum
// whose every element is the small case. Each read goes into an
// `@inline(never)` sink of its own, the array through an opaque identity,
// as the suite's loops do, but written anew. Rounds interleave the four;
// each pattern's time is its median round, printed as ns per element and
// its ratio to the enum.
//
// Usage: existential-getter ELEMENTS ROUNDS  (CSV on standard output)

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

protocol Shape { var value: Int { get } }

struct Small: Shape {
  let a: UInt64, b: UInt64, c: UInt64
  var value: Int { Int(truncatingIfNeeded: a ^ b ^ c) }
}

struct Large: Shape {
  let a: UInt64, b: UInt64, c: UInt64, d: UInt64
  var value: Int { Int(truncatingIfNeeded: a ^ b ^ c) }
}

enum Either {
  case small(Small)
  case large(Large)
  var value: Int {
    switch self {
    case .small(let s): s.value
    case .large(let l): l.value
    }
  }
}

// A call the optimiser may not remove, whose argument it must compute: a
// store through a pointer (no exclusivity check, unlike a global `var`). An
// empty sink in this module would not do: the optimiser drops an argument
// its callee never reads, and with it the read.
let slot = UnsafeMutablePointer<Int>.allocate(capacity: 1)
@inline(never) func sink(_ value: Int) { slot.pointee = value }
@inline(never) @_optimize(none) func pass<T>(_ value: T) -> T { value }

// By index, each element read in place (a `for item in items` loop would
// copy each existential out through its value witness first).
@inline(never) func readAny(_ items: [any Shape]) {
  let items = pass(items)
  for index in items.indices { sink(items[index].value) }
}
@inline(never) func readSmall(_ items: [Small]) {
  let items = pass(items)
  for index in items.indices { sink(items[index].value) }
}
@inline(never) func readEither(_ items: [Either]) {
  let items = pass(items)
  for index in items.indices { sink(items[index].value) }
}

func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 51 : 51

// A xorshift stream for the payloads: not the suite's generator.
var state: UInt64 = 0x2545_F491_4F6C_DD1D
func next() -> UInt64 {
  state ^= state << 13
  state ^= state >> 7
  state ^= state << 17
  return state
}
let small = (0..<count).map { _ in
  let p = next()
  return Small(a: p, b: p &* 0x9E37_79B9_7F4A_7C15, c: p >> 17)
}
let large = small.map { Large(a: $0.a, b: $0.b, c: $0.c, d: 0) }
let anySmall: [any Shape] = small.map { $0 }
let anyLarge: [any Shape] = large.map { $0 }
let either = small.map { Either.small($0) }

let patterns: [(name: String, read: () -> Void)] = [
  ("any-inline", { readAny(anySmall) }),
  ("any-boxed", { readAny(anyLarge) }),
  ("concrete", { readSmall(small) }),
  ("enum-switch", { readEither(either) }),
]
var times = Array(repeating: [Double](), count: patterns.count)
for round in 0..<(rounds + 1) {
  for (index, pattern) in patterns.enumerated() {
    let start = now()
    pattern.read()
    let elapsed = Double(now() - start) / Double(count)
    if round > 0 { times[index].append(elapsed) }  // round 0 warms up
  }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let enumTime = median(times[3])
print("# \(count) elements, \(rounds) rounds")
print("pattern,ns_per_element,ratio_to_enum")
for (index, pattern) in patterns.enumerated() {
  let ns = median(times[index])
  print("\(pattern.name),\(ns),\(ns / enumTime)")
}
