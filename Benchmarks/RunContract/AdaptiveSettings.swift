/// The settings of adaptive launches (the engine's `LaunchDesign.adaptive`),
/// whose defaults what reads a run also names.
package struct AdaptiveSettings: Equatable, Codable {
  /// The launches that time every case, before any is chosen.
  package var initialLaunches = 4
  /// A case is settled when each of its rows' `resolution` (the smallest
  /// change of its tracked ratio a comparison with a run like it would tell
  /// from none at 95%) is at most this. From the A/A pairs of
  /// Guides/Reproducibility.md: two runs whose rows all meet 4% drift by a
  /// 95th percentile well under 5%.
  package var targetResolution = 0.04
  /// Seconds from the run's start after which no launch starts that would
  /// not end, with the code-size count after it, within them.
  package var maxTime = 170.0
  /// The most launches any case is given.
  package var maxLaunches = 100

  package init() {}
}
