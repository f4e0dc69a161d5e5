/// One strategy's feed in app mode: the strategy, the model and the timed
/// loops compiled together as one whole-module-optimised module, as an app
/// compiles its view controller, its dispatch and its models.
///
/// Every app module (`AppNaive`, `AppEnumSwitch`, …) holds its own copy of
/// the model's types, so nothing here names one: operations, domains and
/// distributions cross as their raw values. A conforming type is named
/// `AppLoops` in every app module; the harness reaches it through
/// `AppModeRegistry` (its own module, which `dispatch-bench` hands to the
/// harness).
///
/// Preparing is never timed: `init` builds the strategy's elements, its
/// targets, its controller, its reuse pool and the pooled cell each row shows
/// in, before the first `run`. A workload is used by one thread at a time;
/// its type can be shared (`SendableMetatype`), so a list of them is a
/// constant.
public protocol AppModeWorkload: AnyObject, SendableMetatype {
  /// The strategy's name, as in the boundary mode's registry (`classic-visitor`).
  static var name: String { get }

  /// Builds this strategy's representation of a feed, exactly as the boundary
  /// mode builds it: the same generator, seed and elements.
  ///
  /// - Parameters:
  ///   - domain: `"share"` or `"feed"` (a `Domain` raw value).
  ///   - size: The number of elements.
  ///   - seed: The generator's seed; for a file, it draws each element's
  ///     `share.mixed` platform.
  ///   - distribution: A `KindDistribution` raw value for a generated feed;
  ///     ignored when `feedFile` is given (the harness calls it `"file"`).
  ///   - kinds: The kinds in play, in SPEC order, for a generated feed (1 to 3
  ///     for share, 1 to 6 for feed); ignored for a file.
  ///   - feedFile: A SPEC §4 feed file whose items are tiled to `size`, or
  ///     `nil` for a generated feed.
  /// - Precondition: the arguments name a feed the boundary mode accepts; a
  ///   file is one the harness has already loaded without error.
  init(domain: String, size: Int, seed: UInt64, distribution: String, kinds: Int, feedFile: String?)

  /// The number of elements.
  var count: Int { get }

  /// One sample: an operation over elements `range`, `repetitions` times,
  /// each result into `blackHole` and the inputs through `opaque`.
  ///
  /// - Parameter operation: A `SpecOperation` raw value of this workload's
  ///   domain (`"feed.height"`, `"share.mixed"`).
  /// - Precondition: `range` lies within `0..<count`.
  func run(_ operation: String, range: Range<Int>, repetitions: Int)

  /// The SPEC §3 output of element `index`, computed by the code the loops
  /// time; never timed. The same semantics as the boundary mode's
  /// `PreparedWorkload.output(_:at:)`: `feed.apply-background` gives
  /// `{configured}|{backgroundColor}`, `feed.render` the rendered row, and
  /// `share.mixed` uses the platform drawn for the element.
  func output(_ operation: String, at index: Int) -> String
}
