// An independent program of SPEC §2's `feed.color`, written from the spec
// alone: it shares no code with the package, so that the suite's app-mode
// ratios can be checked against a program that a reader can read whole.
// Not a SwiftPM target; `feed-color.sh` compiles it with `swiftc -O` and
// compares its ratios with a `dispatch-bench run` of the same case.
//
// Each pattern starts from what its app holds once a row is shown: the enum
// app the row's case beside the cell, every other app the base-class cell
// the table view hands out. As in an app, the optimiser may inline a
// pattern's code into its loop; every colour goes to one non-inlined sink.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Cells (SPEC §2)

class Cell {
  var backgroundColor = ""
}

final class InvitationCell: Cell {}
final class NewSongCell: Cell {}
final class NewEventCell: Cell {}
final class PlainTextCell: Cell {}
final class MediaCell: Cell {}
final class MemoriesCell: Cell {}

// MARK: enum-switch: the row's case, kept beside the cell

enum RowKind { case invitation, newSong, newEvent, plainText, media, memories }

struct Shown {
  let kind: RowKind
  let cell: Cell
}

func enumColor(_ shown: Shown) -> String {
  switch shown.kind {
  case .invitation: "#FFF4E5"
  case .newSong: "#000000"
  case .newEvent: "#FFFFFF"
  case .plainText: "#FF0000"
  case .media: "#1E1E1E"
  case .memories: "#FFE8F0"
  }
}

// MARK: protocol-getter: cast to the protocol, read the getter

protocol ColoredCell: AnyObject {
  var backgroundHex: String { get }
}
extension InvitationCell: ColoredCell { var backgroundHex: String { "#FFF4E5" } }
extension NewSongCell: ColoredCell { var backgroundHex: String { "#000000" } }
extension NewEventCell: ColoredCell { var backgroundHex: String { "#FFFFFF" } }
extension PlainTextCell: ColoredCell { var backgroundHex: String { "#FF0000" } }
extension MediaCell: ColoredCell { var backgroundHex: String { "#1E1E1E" } }
extension MemoriesCell: ColoredCell { var backgroundHex: String { "#FFE8F0" } }

func getterColor(_ cell: Cell) -> String {
  (cell as! any ColoredCell).backgroundHex
}

// MARK: classic-visitor: accept(visitor:), the result left in the visitor

protocol CellVisitor: AnyObject {
  func visit(_ cell: InvitationCell)
  func visit(_ cell: NewSongCell)
  func visit(_ cell: NewEventCell)
  func visit(_ cell: PlainTextCell)
  func visit(_ cell: MediaCell)
  func visit(_ cell: MemoriesCell)
}

protocol VisitableCell: AnyObject {
  func accept(visitor: CellVisitor)
}
extension InvitationCell: VisitableCell { func accept(visitor: CellVisitor) { visitor.visit(self) } }
extension NewSongCell: VisitableCell { func accept(visitor: CellVisitor) { visitor.visit(self) } }
extension NewEventCell: VisitableCell { func accept(visitor: CellVisitor) { visitor.visit(self) } }
extension PlainTextCell: VisitableCell { func accept(visitor: CellVisitor) { visitor.visit(self) } }
extension MediaCell: VisitableCell { func accept(visitor: CellVisitor) { visitor.visit(self) } }
extension MemoriesCell: VisitableCell { func accept(visitor: CellVisitor) { visitor.visit(self) } }

final class ColorVisitor: CellVisitor {
  var color = ""
  func visit(_ cell: InvitationCell) { color = "#FFF4E5" }
  func visit(_ cell: NewSongCell) { color = "#000000" }
  func visit(_ cell: NewEventCell) { color = "#FFFFFF" }
  func visit(_ cell: PlainTextCell) { color = "#FF0000" }
  func visit(_ cell: MediaCell) { color = "#1E1E1E" }
  func visit(_ cell: MemoriesCell) { color = "#FFE8F0" }
}

func classicVisitorColor(_ cell: Cell, _ visitor: ColorVisitor) -> String {
  (cell as! any VisitableCell).accept(visitor: visitor)
  return visitor.color
}

// MARK: generic-visitor: accept<V>(_:) -> V.Result

protocol ResultVisitor {
  associatedtype Result
  func visit(_ cell: InvitationCell) -> Result
  func visit(_ cell: NewSongCell) -> Result
  func visit(_ cell: NewEventCell) -> Result
  func visit(_ cell: PlainTextCell) -> Result
  func visit(_ cell: MediaCell) -> Result
  func visit(_ cell: MemoriesCell) -> Result
}

protocol GenericVisitableCell: AnyObject {
  func accept<V: ResultVisitor>(_ visitor: V) -> V.Result
}
extension InvitationCell: GenericVisitableCell { func accept<V: ResultVisitor>(_ v: V) -> V.Result { v.visit(self) } }
extension NewSongCell: GenericVisitableCell { func accept<V: ResultVisitor>(_ v: V) -> V.Result { v.visit(self) } }
extension NewEventCell: GenericVisitableCell { func accept<V: ResultVisitor>(_ v: V) -> V.Result { v.visit(self) } }
extension PlainTextCell: GenericVisitableCell { func accept<V: ResultVisitor>(_ v: V) -> V.Result { v.visit(self) } }
extension MediaCell: GenericVisitableCell { func accept<V: ResultVisitor>(_ v: V) -> V.Result { v.visit(self) } }
extension MemoriesCell: GenericVisitableCell { func accept<V: ResultVisitor>(_ v: V) -> V.Result { v.visit(self) } }

struct ColorResultVisitor: ResultVisitor {
  func visit(_ cell: InvitationCell) -> String { "#FFF4E5" }
  func visit(_ cell: NewSongCell) -> String { "#000000" }
  func visit(_ cell: NewEventCell) -> String { "#FFFFFF" }
  func visit(_ cell: PlainTextCell) -> String { "#FF0000" }
  func visit(_ cell: MediaCell) -> String { "#1E1E1E" }
  func visit(_ cell: MemoriesCell) -> String { "#FFE8F0" }
}

func genericVisitorColor(_ cell: Cell) -> String {
  (cell as! any GenericVisitableCell).accept(ColorResultVisitor())
}

// MARK: naive: a test per class, in turn

func naiveColor(_ cell: Cell) -> String {
  if cell is InvitationCell { return "#FFF4E5" }
  if cell is NewSongCell { return "#000000" }
  if cell is NewEventCell { return "#FFFFFF" }
  if cell is PlainTextCell { return "#FF0000" }
  if cell is MediaCell { return "#1E1E1E" }
  if cell is MemoriesCell { return "#FFE8F0" }
  fatalError("no colour for \(type(of: cell))")
}

// MARK: The sink and the clock

/// The sink: it folds the colour's two machine words into a global that
/// the program prints at the end, so every colour must be computed and
/// handed over, for a few instructions the same for every pattern.
///
/// An empty sink does not hold in a single-module program, even generic and
/// `@_optimize(none)`: `swiftc -O` sees its body, drops the unused argument
/// at the call, and with it the colour, so an inlined loop computes nothing
/// but its branch (seen on Swift 6.3.1: `naive` then cost what `enum-switch`
/// did, 2.6 ns an element). The suite's `blackHole` lives in another module,
/// where the caller cannot see that it is empty.
/// Written through a pointer: a global `var` would add a dynamic
/// exclusivity check (two runtime calls) to every element.
let sunk = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

@inline(never)
func sink(_ color: String) {
  let words = unsafeBitCast(color, to: (UInt64, UInt64).self)
  sunk.pointee ^= words.0 &+ words.1
}

@inline(never) @_optimize(none)
func hide<T>(_ value: T) -> T { value }

func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

// MARK: The feed: uniform kinds from a seeded SplitMix64

struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

sunk.initialize(to: 0)
let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1])! : 100_000
let rounds = arguments.count > 2 ? Int(arguments[2])! : 31

// One cell per kind, as a reuse pool keeps them; each row shows in its kind's cell.
let pool: [Cell] = [
  InvitationCell(), NewSongCell(), NewEventCell(), PlainTextCell(), MediaCell(), MemoriesCell(),
]
let kinds: [RowKind] = [.invitation, .newSong, .newEvent, .plainText, .media, .memories]
var generator = SplitMix64(state: 1)
var cells: [Cell] = []
var shown: [Shown] = []
for _ in 0..<count {
  let kind = Int(generator.next() % 6)
  cells.append(pool[kind])
  shown.append(Shown(kind: kinds[kind], cell: pool[kind]))
}

// One loop per pattern, each over the array its app holds, by index, so
// that no element is copied out of its array (a copy would retain a cell).
@inline(never)
func enumLoop(_ rows: [Shown]) {
  for index in rows.indices { sink(enumColor(rows[index])) }
}

@inline(never)
func getterLoop(_ cells: [Cell]) {
  for index in cells.indices { sink(getterColor(cells[index])) }
}

@inline(never)
func classicVisitorLoop(_ cells: [Cell], _ visitor: ColorVisitor) {
  for index in cells.indices { sink(classicVisitorColor(cells[index], visitor)) }
}

@inline(never)
func genericVisitorLoop(_ cells: [Cell]) {
  for index in cells.indices { sink(genericVisitorColor(cells[index])) }
}

@inline(never)
func naiveLoop(_ cells: [Cell]) {
  for index in cells.indices { sink(naiveColor(cells[index])) }
}

let visitor = ColorVisitor()
let patterns: [(String, () -> Void)] = [
  ("enum-switch", { enumLoop(hide(shown)) }),
  ("protocol-getter", { getterLoop(hide(cells)) }),
  ("classic-visitor", { classicVisitorLoop(hide(cells), hide(visitor)) }),
  ("generic-visitor", { genericVisitorLoop(hide(cells)) }),
  ("naive", { naiveLoop(hide(cells)) }),
]

// Rounds interleave the patterns in a rotating order; each pattern's time is
// the median over rounds of its ns per element, and its ratio the ratio of
// medians (with the 10th and 90th percentiles of the per-round ratios, to
// show the spread).
for (_, body) in patterns { body() }  // warm up
var times = [[Double]](repeating: [], count: patterns.count)
for round in 0..<rounds {
  for offset in 0..<patterns.count {
    let index = (round + offset) % patterns.count
    let start = now()
    patterns[index].1()
    times[index].append(Double(now() - start) / Double(count))
  }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(p * Double(sorted.count - 1) + 0.5))]
}

print("pattern,ns_per_element,ratio_to_enum,ratio_p10,ratio_p90")
for (index, pattern) in patterns.enumerated() {
  let ratios = zip(times[index], times[0]).map { $0 / $1 }
  let line = [
    pattern.0, String(percentile(times[index], 0.5)),
    String(percentile(times[index], 0.5) / percentile(times[0], 0.5)),
    String(percentile(ratios, 0.1)), String(percentile(ratios, 0.9)),
  ]
  print(line.joined(separator: ","))
}
print("# sink: \(sunk.pointee)")
